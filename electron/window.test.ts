import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { GuardedContents } from './navigation.js';
import {
  createMainWindow,
  focusWindow,
  mainWindowOptions,
  type MainWindowDeps,
  type MainWindowLike,
} from './window.js';
import type { Rect, WindowState } from './window-state.js';

/** A BrowserWindow stand-in recording what the code did to it. */
class FakeWindow implements MainWindowLike {
  static last: FakeWindow | undefined;
  readonly webContents: GuardedContents = { setWindowOpenHandler: vi.fn(), on: vi.fn() };
  readonly handlers = new Map<string, (event?: { preventDefault(): void }) => void>();
  readonly loadFile = vi.fn(async (_file: string) => {});
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly maximize = vi.fn();
  minimized = false;
  maximized = false;
  bounds: Rect = { x: 1, y: 2, width: 1300, height: 820 };
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.last = this;
  }
  once(event: string, listener: () => void): this {
    this.handlers.set(event, listener);
    return this;
  }
  on(event: string, listener: (event: { preventDefault(): void }) => void): this {
    this.handlers.set(event, listener as (event?: { preventDefault(): void }) => void);
    return this;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  getNormalBounds(): Rect {
    return this.bounds;
  }
}

const state: WindowState = { width: 1280, height: 800, x: 30, y: 40, maximized: true };
function deps(overrides: Partial<MainWindowDeps> = {}): MainWindowDeps {
  return {
    BrowserWindow: FakeWindow,
    appRoot: path.resolve('/app/dist/renderer'),
    preloadPath: '/app/dist/electron/preload.cjs',
    title: 'Clinic',
    version: '0.1.0',
    kiosk: false,
    state,
    ...overrides,
  };
}

describe('mainWindowOptions', () => {
  it('uses the secure webPreferences and passes the version to the preload', () => {
    const { webPreferences } = mainWindowOptions(deps());
    expect(webPreferences?.partition).toBe('persist:clinic');
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/app/dist/electron/preload.cjs',
      additionalArguments: ['--clinic-version=0.1.0'],
    });
  });

  it('restores size and position in a normal window', () => {
    expect(mainWindowOptions(deps())).toMatchObject({ width: 1280, height: 800, x: 30, y: 40, show: false });
    expect(mainWindowOptions(deps()).kiosk).toBeUndefined();
  });

  it('leaves the position to the OS when none was saved', () => {
    const options = mainWindowOptions(deps({ state: { width: 1280, height: 800, maximized: false } }));
    expect('x' in options).toBe(false);
  });

  it('goes fullscreen kiosk without frame in kiosk mode, ignoring the saved bounds', () => {
    const options = mainWindowOptions(deps({ kiosk: true }));
    expect(options).toMatchObject({ kiosk: true, fullscreen: true, frame: false });
    expect(options.width).toBeUndefined();
  });
});

describe('createMainWindow', () => {
  it('loads dist/renderer/index.html and shows (maximized) when ready', () => {
    const win = createMainWindow(deps()) as FakeWindow;
    expect(win.loadFile).toHaveBeenCalledWith(path.join(path.resolve('/app/dist/renderer'), 'index.html'));
    expect(win.show).not.toHaveBeenCalled();
    win.handlers.get('ready-to-show')?.();
    expect(win.maximize).toHaveBeenCalled();
    expect(win.show).toHaveBeenCalled();
  });

  it('saves the normal bounds and maximized flag on close', () => {
    const saveState = vi.fn();
    const win = createMainWindow(deps({ saveState })) as FakeWindow;
    win.maximized = true;
    win.handlers.get('close')?.();
    expect(saveState).toHaveBeenCalledWith({ x: 1, y: 2, width: 1300, height: 820, maximized: true });
  });

  it('neither restores maximized nor saves in kiosk mode', () => {
    const saveState = vi.fn();
    const win = createMainWindow(deps({ kiosk: true, saveState })) as FakeWindow;
    win.handlers.get('ready-to-show')?.();
    expect(saveState).not.toHaveBeenCalled();
    expect(win.maximize).not.toHaveBeenCalled();
    win.handlers.get('close')?.({ preventDefault: vi.fn() });
    expect(saveState).not.toHaveBeenCalled();
  });

  it('refuses to close a totem until the PIN allowed it', () => {
    let allowed = false;
    const win = createMainWindow(deps({ kiosk: true, mayClose: () => allowed })) as FakeWindow;
    const close = () => {
      const event = { preventDefault: vi.fn() };
      win.handlers.get('close')?.(event);
      return event.preventDefault.mock.calls.length === 0;
    };
    expect(close()).toBe(false);
    allowed = true;
    expect(close()).toBe(true);
  });

  it('reports a failed page load instead of leaving an unhandled rejection', async () => {
    const log = vi.fn();
    class Failing extends FakeWindow {
      override readonly loadFile = vi.fn(() => Promise.reject(new Error('ERR_FILE_NOT_FOUND')));
    }
    createMainWindow(deps({ BrowserWindow: Failing, log }));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Clinic: could not load the app page', expect.any(Error)));
  });
});

describe('focusWindow', () => {
  it('restores a minimized window and focuses it', () => {
    const win = new FakeWindow({});
    win.minimized = true;
    focusWindow(win);
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });

  it('does nothing before the window exists', () => {
    expect(() => focusWindow(undefined)).not.toThrow();
  });
});
