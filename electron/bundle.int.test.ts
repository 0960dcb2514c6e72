import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An installed app has no node_modules besides what Electron provides: this lays out dist/electron/main.js
 * alone with a stand-in `electron` module and runs it in plain Node, so a dependency the bundle left out
 * (electron-updater, or a require esbuild could not follow) fails here instead of on a clinic's desk.
 */
const ELECTRON_STUB = `
const noop = () => {};
const session = { setPermissionRequestHandler: noop, setPermissionCheckHandler: noop };
class BrowserWindow {
  constructor() { this.webContents = {}; }
  loadFile() { return Promise.resolve(); }
  once() {}
  on() {}
}
exports.app = {
  isPackaged: true, name: 'Clinic', getVersion: () => '0.1.0', getAppPath: () => __dirname,
  getPath: () => process.env.CLINIC_TEST_DATA, setPath: noop, setName: noop,
  requestSingleInstanceLock: () => true, on: noop, once: noop, quit: noop, exit: noop,
  whenReady: () => Promise.resolve(),
};
exports.BrowserWindow = BrowserWindow;
exports.ipcMain = { handle: (channel) => console.log('handles ' + channel) };
exports.Menu = { setApplicationMenu: noop };
exports.screen = { getAllDisplays: () => [] };
exports.session = { defaultSession: session, fromPartition: () => session };
`;

// Runs the first update check at once instead of after a minute, then stops the process.
const PROBE = `
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = (callback, ms) => realSetTimeout(callback, ms === 60000 ? 0 : ms);
globalThis.setInterval = () => 0;
await import('./dist/electron/main.js');
realSetTimeout(() => process.exit(0), 1000);
`;

let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bundle-'));
  // The build script is plain .mjs without declarations; its one export is typed here.
  const script = (await import(new URL('../scripts/bundle-electron.mjs', import.meta.url).href)) as {
    bundleMain: (outfile: string) => Promise<void>;
  };
  await script.bundleMain(path.join(dir, 'dist', 'electron', 'main.js'));
  fs.mkdirSync(path.join(dir, 'node_modules', 'electron'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules', 'electron', 'index.js'), ELECTRON_STUB);
  fs.writeFileSync(path.join(dir, 'node_modules', 'electron', 'package.json'), '{"name":"electron","main":"index.js"}');
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    '{"name":"clinic","productName":"Clinic","version":"0.1.0","type":"module"}',
  );
  fs.writeFileSync(path.join(dir, 'probe.mjs'), PROBE);
  fs.mkdirSync(path.join(dir, 'data'));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('bundled main process', () => {
  it('starts with no node_modules but electron, and runs electron-updater against the configured feed', () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      CLINIC_TEST_DATA: path.join(dir, 'data'),
      CLINIC_UPDATE_URL: 'http://127.0.0.1:9/feed/',
    };
    delete env.APPIMAGE;
    const run = spawnSync(process.execPath, ['probe.mjs'], { cwd: dir, env, encoding: 'utf8', timeout: 30_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain('handles clinic:print');
    expect(output).not.toMatch(/Cannot find module|Dynamic require|startup failed/);
    // electron-updater's own Linux updater ran the check and stood down: this is no AppImage install.
    expect(output).toContain('APPIMAGE env is not defined');
  });
});
