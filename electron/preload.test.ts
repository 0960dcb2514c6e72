import fs from 'node:fs';
import vm from 'node:vm';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, type ClinicBridge } from './bridge.js';

/**
 * Runs preload.cts the way a sandboxed Electron preload runs: compiled to CommonJS, in its own context, with
 * a `require` that knows only 'electron'. A relative import would fail here just as it fails in Electron.
 */
function runPreload(argv: string[]) {
  const source = fs.readFileSync(new URL('./preload.cts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exposed = new Map<string, unknown>();
  const invoke = vi.fn((channel: string, ..._args: unknown[]) => Promise.resolve(`answer from ${channel}`));
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
    ipcRenderer: { invoke },
  };
  const required: string[] = [];
  const sandboxRequire = (id: string): unknown => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id}`);
  };
  const module = { exports: {} };
  vm.runInNewContext(outputText, { require: sandboxRequire, module, exports: module.exports, process: { argv } });
  return { bridge: exposed.get('clinic') as ClinicBridge, exposed, invoke, required };
}

describe('preload', () => {
  it('exposes only window.clinic and requires only electron', () => {
    const { exposed, required } = runPreload([]);
    expect([...exposed.keys()]).toEqual(['clinic']);
    expect(required).toEqual(['electron']);
  });

  it('reads the version from the additional argument', () => {
    expect(runPreload(['/electron', '--clinic-version=1.4.2']).bridge.version).toBe('1.4.2');
    expect(runPreload(['/electron']).bridge.version).toBe('');
  });

  it('calls the main process only on the bridge channels', async () => {
    const { bridge, invoke } = runPreload([]);
    await bridge.print('<p>Senha 3</p>');
    await bridge.print();
    await bridge.printer();
    await bridge.kiosk.isKiosk();
    await bridge.kiosk.exit('2468');
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.print, '<p>Senha 3</p>'],
      [CHANNELS.print, undefined],
      [CHANNELS.printer],
      [CHANNELS.isKiosk],
      [CHANNELS.kioskExit, '2468'],
    ]);
  });

  it('does not hand the page ipcRenderer or any other object with channel access', () => {
    const { bridge } = runPreload([]);
    expect(Object.keys(bridge).sort()).toEqual(['kiosk', 'print', 'printer', 'version']);
    expect(Object.keys(bridge.kiosk).sort()).toEqual(['exit', 'isKiosk']);
  });
});
