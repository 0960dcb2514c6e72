import type { WebContentsPrintOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  createPrinter,
  MAX_PRINT_HTML,
  parsePrintArgument,
  printWindowOptions,
  type PrintableContents,
} from './print.js';

function printable(success = true, reason = ''): PrintableContents & { options: WebContentsPrintOptions[] } {
  const options: WebContentsPrintOptions[] = [];
  return {
    options,
    print(opts, callback) {
      options.push(opts);
      callback(success, reason);
    },
  };
}

describe('parsePrintArgument', () => {
  it('prints the page when no HTML is given', () => {
    expect(parsePrintArgument(undefined)).toEqual({ kind: 'page' });
    expect(parsePrintArgument(null)).toEqual({ kind: 'page' });
  });

  it('accepts an HTML string', () => {
    expect(parsePrintArgument('<p>Senha 12</p>')).toEqual({ kind: 'html', html: '<p>Senha 12</p>' });
  });

  it('refuses other types and oversized documents', () => {
    expect(() => parsePrintArgument({ html: 'x' })).toThrow(TypeError);
    expect(() => parsePrintArgument('x'.repeat(MAX_PRINT_HTML + 1))).toThrow(TypeError);
  });
});

describe('printWindowOptions', () => {
  it('renders printed HTML hidden, sandboxed and without JavaScript', () => {
    expect(printWindowOptions()).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
  });
});

describe('createPrinter', () => {
  it('prints the sender page with a dialog at the desk', async () => {
    const sender = printable();
    const print = createPrinter({ openHiddenWindow: vi.fn(), silent: false });
    await expect(print({ kind: 'page' }, sender)).resolves.toEqual({ ok: true });
    expect(sender.options).toEqual([{ silent: false, printBackground: true }]);
  });

  it('prints HTML in a hidden window, silently in kiosk mode, and destroys the window', async () => {
    const contents = printable();
    const win = { webContents: contents, loadURL: vi.fn(async (_url: string) => {}), destroy: vi.fn() };
    const print = createPrinter({ openHiddenWindow: () => win, silent: true });
    await expect(print({ kind: 'html', html: '<h1>Senha #7</h1>' }, printable())).resolves.toEqual({ ok: true });
    expect(win.loadURL).toHaveBeenCalledWith('data:text/html;charset=utf-8,%3Ch1%3ESenha%20%237%3C%2Fh1%3E');
    expect(contents.options).toEqual([{ silent: true, printBackground: true }]);
    expect(win.destroy).toHaveBeenCalled();
  });

  it('sends tickets and budgets silently to the configured printer, at the desk as on the totem', async () => {
    const sender = printable();
    const contents = printable();
    const win = { webContents: contents, loadURL: vi.fn(async (_url: string) => {}), destroy: vi.fn() };
    const print = createPrinter({ openHiddenWindow: () => win, silent: false, printer: 'Recepcao-Termica' });
    await expect(print({ kind: 'html', html: '<h1>Senha N007</h1>' }, sender)).resolves.toEqual({ ok: true });
    await expect(print({ kind: 'page' }, sender)).resolves.toEqual({ ok: true });
    const expected = { silent: true, deviceName: 'Recepcao-Termica', printBackground: true };
    expect(contents.options).toEqual([expected]);
    expect(sender.options).toEqual([expected]);
  });

  it('reports a missing configured printer instead of printing elsewhere', async () => {
    const sender = printable(false, 'Invalid deviceName provided');
    const print = createPrinter({ openHiddenWindow: vi.fn(), silent: true, printer: 'Desligada' });
    await expect(print({ kind: 'page' }, sender)).resolves.toEqual({
      ok: false,
      reason: 'Invalid deviceName provided',
    });
    expect(sender.options).toEqual([{ silent: true, deviceName: 'Desligada', printBackground: true }]);
  });

  it('reports Chromium failures and still destroys the window when loading fails', async () => {
    const print = createPrinter({ openHiddenWindow: vi.fn(), silent: false });
    await expect(print({ kind: 'page' }, printable(false, 'cancelled'))).resolves.toEqual({
      ok: false,
      reason: 'cancelled',
    });

    const win = { webContents: printable(), loadURL: vi.fn(() => Promise.reject(new Error('boom'))), destroy: vi.fn() };
    const failing = createPrinter({ openHiddenWindow: () => win, silent: false });
    await expect(failing({ kind: 'html', html: 'x' }, printable())).rejects.toThrow('boom');
    expect(win.destroy).toHaveBeenCalled();
  });
});
