import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindowConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from './bridge.js';

type Listener = (...args: unknown[]) => void;

/** Stand-ins for the Electron objects main.ts wires together; vi.mock below serves them as 'electron'. */
const fake = vi.hoisted(() => {
  const on = (listeners: Map<string, Listener>) => (event: string, listener: Listener) => {
    listeners.set(event, listener);
  };
  class FakeBrowserWindow {
    static instances: FakeBrowserWindow[] = [];
    readonly listeners = new Map<string, Listener>();
    readonly webContents = {};
    readonly loadFile = vi.fn(async (_file: string) => {});
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    readonly maximize = vi.fn();
    readonly once = on(this.listeners);
    readonly on = on(this.listeners);
    isMinimized = (): boolean => true;
    isMaximized = (): boolean => false;
    getNormalBounds = () => ({ x: 10, y: 20, width: 1366, height: 768 });
    constructor(readonly options: BrowserWindowConstructorOptions) {
      FakeBrowserWindow.instances.push(this);
    }
  }
  const state = {
    appListeners: new Map<string, Listener>(),
    paths: new Map<string, string>(),
    hasLock: true,
    permissionRequest: undefined as Listener | undefined,
    partitionPermissionRequest: undefined as Listener | undefined,
    partitions: [] as string[],
  };
  const app = {
    isPackaged: false,
    setName: vi.fn(),
    getPath: (name: string) => state.paths.get(name) ?? `/nowhere/${name}`,
    setPath: (name: string, value: string) => void state.paths.set(name, value),
    requestSingleInstanceLock: () => state.hasLock,
    quit: vi.fn(),
    exit: vi.fn(),
    on: on(state.appListeners),
    whenReady: () => Promise.resolve(),
  };
  return {
    state,
    FakeBrowserWindow,
    electron: {
      app,
      BrowserWindow: FakeBrowserWindow,
      ipcMain: { handle: vi.fn((_channel: string, _listener: unknown) => {}) },
      Menu: { setApplicationMenu: vi.fn() },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: {
        fromPartition: (partition: string) => {
          state.partitions.push(partition);
          return {
            setPermissionRequestHandler: (handler: Listener) => {
              state.partitionPermissionRequest = handler;
            },
            setPermissionCheckHandler: vi.fn(),
          };
        },
        defaultSession: {
          setPermissionRequestHandler: (handler: Listener) => {
            state.permissionRequest = handler;
          },
          setPermissionCheckHandler: vi.fn(),
        },
      },
    },
  };
});

/** electron-updater's autoUpdater; checks would reach the network, so the test never lets one resolve. */
const updater = vi.hoisted(() => ({
  autoUpdater: {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(() => new Promise(() => {})),
    on: vi.fn(),
  },
}));

vi.mock('electron', () => fake.electron);
vi.mock('electron-updater', () => ({ default: updater }));

let appData: string;
const originalArgv = process.argv;

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  fake.FakeBrowserWindow.instances = [];
  fake.state.appListeners.clear();
  fake.state.paths.clear();
  fake.state.hasLock = true;
  fake.state.partitions = [];
  fake.electron.app.isPackaged = false;
  appData = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-main-'));
  fake.state.paths.set('appData', appData);
});

afterEach(() => {
  vi.useRealTimers();
  process.argv = originalArgv;
  vi.unstubAllEnvs();
  fs.rmSync(appData, { recursive: true, force: true });
});

/** Imports main.ts (which starts the app) and waits for the whenReady callback to finish. */
async function start(): Promise<void> {
  await import('./main.js');
  await new Promise((resolve) => setImmediate(resolve));
}

function mainWindow() {
  const [win] = fake.FakeBrowserWindow.instances;
  if (!win) throw new Error('no window was created');
  return win;
}

describe('main', () => {
  it('opens one secure window on the built renderer and registers the IPC handlers', async () => {
    vi.stubEnv('CLINIC_KIOSK', '');
    await start();
    expect(fake.FakeBrowserWindow.instances).toHaveLength(1);
    const win = mainWindow();
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(win.options.webPreferences?.preload).toMatch(/preload\.cjs$/);
    expect(win.loadFile).toHaveBeenCalledWith(expect.stringMatching(/renderer[\\/]index\.html$/));
    const channels = fake.electron.ipcMain.handle.mock.calls.map(([channel]) => channel);
    expect(channels.sort()).toEqual(Object.values(CHANNELS).sort());
    expect(fake.electron.Menu.setApplicationMenu).not.toHaveBeenCalled();
  });

  it('lets the waiting-room panel chime and speak without a gesture, on a desk and on a kiosk', async () => {
    vi.stubEnv('CLINIC_KIOSK', '');
    await start();
    expect(mainWindow().options.webPreferences?.autoplayPolicy).toBe('no-user-gesture-required');

    vi.resetModules();
    fake.FakeBrowserWindow.instances = [];
    vi.stubEnv('CLINIC_KIOSK', '1');
    await start();
    expect(mainWindow().options).toMatchObject({
      kiosk: true,
      webPreferences: { autoplayPolicy: 'no-user-gesture-required', sandbox: true },
    });
  });

  it('keeps its data in appData/Clinic and remembers the window bounds there', async () => {
    await start();
    const userData = path.join(appData, 'Clinic');
    expect(fake.state.paths.get('userData')).toBe(userData);
    mainWindow().listeners.get('close')?.();
    const saved: unknown = JSON.parse(fs.readFileSync(path.join(userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ x: 10, y: 20, width: 1366, height: 768, maximized: false });

    vi.resetModules();
    fake.FakeBrowserWindow.instances = [];
    await start();
    expect(mainWindow().options).toMatchObject({ x: 10, y: 20, width: 1366, height: 768 });
  });

  it('starts as a kiosk with --kiosk: fullscreen, no menu', async () => {
    process.argv = [...originalArgv, '--kiosk'];
    await start();
    expect(mainWindow().options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(fake.electron.Menu.setApplicationMenu).toHaveBeenCalledWith(null);
  });

  it('starts as a kiosk with CLINIC_KIOSK=1', async () => {
    vi.stubEnv('CLINIC_KIOSK', '1');
    await start();
    expect(mainWindow().options.kiosk).toBe(true);
  });

  it('lets a totem close only after the admin PIN set with --set-kiosk-pin', async () => {
    process.argv = [...originalArgv, '--set-kiosk-pin=2468'];
    await start();
    expect(fake.electron.app.exit).toHaveBeenCalledWith(0);
    expect(fake.FakeBrowserWindow.instances).toHaveLength(0);
    expect(fs.readFileSync(path.join(appData, 'Clinic', 'kiosk.json'), 'utf8')).not.toContain('2468');

    vi.resetModules();
    process.argv = [...originalArgv, '--kiosk'];
    await start();
    const closeIsRefused = (): boolean => {
      const event = { preventDefault: vi.fn() };
      mainWindow().listeners.get('close')?.(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(closeIsRefused()).toBe(true);

    const [, exit] = fake.electron.ipcMain.handle.mock.calls.find(([channel]) => channel === CHANNELS.kioskExit)!;
    const fromApp = { senderFrame: { url: pathToFileURL(path.resolve('renderer', 'index.html')).href }, sender: {} };
    const attempt = exit as (event: unknown, pin: unknown) => unknown;
    expect(attempt(fromApp, '0000')).toEqual({ ok: false, reason: 'wrong' });
    expect(fake.electron.app.quit).not.toHaveBeenCalled();
    expect(closeIsRefused()).toBe(true);
    expect(attempt(fromApp, '2468')).toEqual({ ok: true });
    expect(fake.electron.app.quit).toHaveBeenCalled();
    expect(closeIsRefused()).toBe(false);
  });

  it('quits without a window when another instance holds the lock', async () => {
    fake.state.hasLock = false;
    await start();
    expect(fake.electron.app.quit).toHaveBeenCalled();
    expect(fake.FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('brings the window forward on a second launch', async () => {
    await start();
    fake.state.appListeners.get('second-instance')?.();
    expect(mainWindow().restore).toHaveBeenCalled();
    expect(mainWindow().focus).toHaveBeenCalled();
  });

  it('guards every web contents and denies permissions such as the camera', async () => {
    await start();
    const setWindowOpenHandler = vi.fn();
    fake.state.appListeners.get('web-contents-created')?.({}, { setWindowOpenHandler, on: vi.fn() });
    expect(setWindowOpenHandler).toHaveBeenCalled();

    const grant = vi.fn();
    fake.state.permissionRequest?.({}, 'media', grant);
    expect(grant).toHaveBeenCalledWith(false);
  });

  it('runs the page in the persistent partition and denies permissions there too', async () => {
    await start();
    expect(mainWindow().options.webPreferences?.partition).toBe('persist:clinic');
    expect(fake.state.partitions).toContain('persist:clinic');
    const grant = vi.fn();
    fake.state.partitionPermissionRequest?.({}, 'geolocation', grant);
    expect(grant).toHaveBeenCalledWith(false);
  });

  it('starts as a kiosk and names the printer from config.json in the data folder', async () => {
    vi.stubEnv('CLINIC_KIOSK', '');
    vi.stubEnv('CLINIC_PRINTER', '');
    const userData = path.join(appData, 'Clinic');
    fs.mkdirSync(userData, { recursive: true });
    fs.writeFileSync(path.join(userData, 'config.json'), JSON.stringify({ kiosk: true, printer: 'Totem-80mm' }));
    await start();
    expect(mainWindow().options.kiosk).toBe(true);
    const [, printer] = fake.electron.ipcMain.handle.mock.calls.find(([channel]) => channel === CHANNELS.printer)!;
    const fromApp = { senderFrame: { url: pathToFileURL(path.resolve('renderer', 'index.html')).href }, sender: {} };
    expect((printer as (event: unknown) => unknown)(fromApp)).toBe('Totem-80mm');
  });

  it('checks for updates from CLINIC_UPDATE_URL in an installed build, and not from a checkout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    vi.stubEnv('CLINIC_UPDATE_URL', 'https://updates.clinica.example/clinic/');
    vi.stubEnv('CLINIC_UPDATE_CHANNEL', 'beta');
    await start();
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(updater.autoUpdater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.autoUpdater.checkForUpdates).not.toHaveBeenCalled();

    vi.resetModules();
    fake.electron.app.isPackaged = true;
    await start();
    expect(updater.autoUpdater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.clinica.example/clinic/',
      channel: 'beta',
    });
    expect(updater.autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000);
    expect(updater.autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
  });
});
