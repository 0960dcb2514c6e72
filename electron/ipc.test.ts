import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from './bridge.js';
import { registerIpcHandlers, type InvokeEvent, type IpcMainLike } from './ipc.js';
import type { PrintableContents } from './print.js';

type Handler = (event: InvokeEvent, ...args: unknown[]) => unknown;

const appRoot = path.resolve('/app/dist/renderer');
const appUrl = pathToFileURL(path.join(appRoot, 'index.html')).href;
const sender: PrintableContents = { print: vi.fn() };

function setup(isKiosk = false, printer?: string) {
  const handlers = new Map<string, Handler>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
  const print = vi.fn(() => Promise.resolve({ ok: true }));
  const exitKiosk = vi.fn((pin: unknown) =>
    pin === '2468' ? { ok: true as const } : { ok: false as const, reason: 'wrong' as const },
  );
  registerIpcHandlers({ ipcMain, appRoot, isKiosk, printer, print, exitKiosk });
  const call = (channel: string, url: string | null, ...args: unknown[]): unknown => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: url === null ? null : { url }, sender }, ...args);
  };
  return { handlers, print, exitKiosk, call };
}

describe('registerIpcHandlers', () => {
  it('registers exactly the bridge channels', () => {
    expect([...setup().handlers.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
  });

  it('answers isKiosk to the app page', () => {
    expect(setup(true).call(CHANNELS.isKiosk, appUrl)).toBe(true);
    expect(setup(false).call(CHANNELS.isKiosk, `${appUrl}#/totem`)).toBe(false);
  });

  it('passes the typed PIN to the kiosk exit gate, only from the app page', () => {
    const { call, exitKiosk } = setup(true);
    expect(call(CHANNELS.kioskExit, appUrl, '0000')).toEqual({ ok: false, reason: 'wrong' });
    expect(call(CHANNELS.kioskExit, appUrl, '2468')).toEqual({ ok: true });
    expect(() => call(CHANNELS.kioskExit, 'https://evil.example/', '2468')).toThrow(/untrusted/);
    expect(exitKiosk).toHaveBeenCalledTimes(2);
  });

  it('forwards a validated print request with the sender contents', async () => {
    const { call, print } = setup();
    await expect(call(CHANNELS.print, appUrl, '<p>Recibo</p>')).resolves.toEqual({ ok: true });
    expect(print).toHaveBeenCalledWith({ kind: 'html', html: '<p>Recibo</p>' }, sender);
    await call(CHANNELS.print, appUrl);
    expect(print).toHaveBeenLastCalledWith({ kind: 'page' }, sender);
  });

  it('tells the app page which printer is configured, null when none is', () => {
    expect(setup(false, 'Recepcao-Termica').call(CHANNELS.printer, appUrl)).toBe('Recepcao-Termica');
    expect(setup(false).call(CHANNELS.printer, appUrl)).toBeNull();
    expect(() => setup(false, 'Recepcao-Termica').call(CHANNELS.printer, 'https://evil.example/')).toThrow(/untrusted/);
  });

  it('refuses bad print arguments', () => {
    const { call, print } = setup();
    expect(() => call(CHANNELS.print, appUrl, 42)).toThrow(TypeError);
    expect(print).not.toHaveBeenCalled();
  });

  it('refuses every call from a foreign or vanished frame', () => {
    const { call, print } = setup(true);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'data:text/html,x', null]) {
      expect(() => call(CHANNELS.isKiosk, url)).toThrow(/untrusted frame/);
      expect(() => call(CHANNELS.print, url, '<p>x</p>')).toThrow(/untrusted frame/);
    }
    expect(print).not.toHaveBeenCalled();
  });
});
