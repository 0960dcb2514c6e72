import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { VERSION_ARG } from './bridge.js';
import type { GuardedContents } from './navigation.js';
import type { Rect, WindowState } from './window-state.js';

/**
 * The session the app page runs in. `persist:` keeps it on disk (userData/Partitions/clinic), so the
 * local RxDB database in IndexedDB and the offline sign-in verifiers in localStorage survive restarts; a
 * name without the prefix would be an in-memory session wiped at every quit.
 */
export const APP_PARTITION = 'persist:clinic';

/** The parts of a BrowserWindow the main window code uses (Electron's BrowserWindow satisfies it). */
export interface MainWindowLike {
  readonly webContents: GuardedContents;
  loadFile(file: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  show(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  maximize(): void;
  isMaximized(): boolean;
  getNormalBounds(): Rect;
}

/** Everything `createMainWindow` needs, injected so tests run without Electron. */
export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => MainWindowLike;
  /** Absolute path of the built renderer (dist/renderer). */
  appRoot: string;
  /** Absolute path of the compiled preload (dist/electron/preload.cjs). */
  preloadPath: string;
  title: string;
  version: string;
  kiosk: boolean;
  /** Restored size and position; ignored in kiosk mode. */
  state: WindowState;
  /** Called on close with the bounds to remember; not called in kiosk mode. */
  saveState?: (state: WindowState) => void;
  /**
   * Kiosk mode only: whether the window may close now (after the admin PIN). Until it says yes, a close
   * (Alt+F4, a stray gesture) is refused and the totem stays up.
   */
  mayClose?: () => boolean;
  /** Where a failed page load is reported. */
  log?: (message: string, error: unknown) => void;
}

/**
 * BrowserWindow options for the main window. The webPreferences are the Electron security baseline:
 * isolated, sandboxed, no Node in the page; the preload is the only way out and it only offers IPC.
 */
export function mainWindowOptions(
  deps: Pick<MainWindowDeps, 'preloadPath' | 'title' | 'version' | 'kiosk' | 'state'>,
): BrowserWindowConstructorOptions {
  const common: BrowserWindowConstructorOptions = {
    title: deps.title,
    // Shown on ready-to-show, so the user never sees a blank white frame.
    show: false,
    backgroundColor: '#f4f6f8',
    webPreferences: {
      preload: deps.preloadPath,
      partition: APP_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // The waiting-room panel runs in this window and must chime and speak each call with nobody to
      // tap it first (a wall TV); Chromium's default waits for a gesture (issue 19).
      autoplayPolicy: 'no-user-gesture-required',
      additionalArguments: [`${VERSION_ARG}${deps.version}`],
    },
  };
  if (deps.kiosk) {
    // A totem: the whole screen, no menu or frame for a patient to poke at.
    return { ...common, kiosk: true, fullscreen: true, frame: false, autoHideMenuBar: true };
  }
  const { width, height, x, y } = deps.state;
  return {
    ...common,
    width,
    height,
    ...(x !== undefined && y !== undefined ? { x, y } : {}),
    minWidth: 1024,
    minHeight: 640,
  };
}

/**
 * Creates the main window, loads the app page and wires state saving.
 * @returns the window; loading continues in the background.
 */
export function createMainWindow(deps: MainWindowDeps): MainWindowLike {
  const win = new deps.BrowserWindow(mainWindowOptions(deps));
  win.once('ready-to-show', () => {
    if (!deps.kiosk && deps.state.maximized) win.maximize();
    win.show();
  });
  const { saveState } = deps;
  if (!deps.kiosk && saveState) {
    // Normal bounds, not current ones: a maximized window should come back maximized over its old size.
    win.on('close', () => saveState({ ...win.getNormalBounds(), maximized: win.isMaximized() }));
  }
  const { mayClose } = deps;
  if (deps.kiosk && mayClose) {
    win.on('close', (event) => {
      if (!mayClose()) event.preventDefault();
    });
  }
  const log = deps.log ?? ((message, error) => console.error(message, error));
  win
    .loadFile(path.join(deps.appRoot, 'index.html'))
    .catch((error: unknown) => log('Clinic: could not load the app page', error));
  return win;
}

/** Brings the existing window forward when a second launch was refused by the single-instance lock. */
export function focusWindow(win: MainWindowLike | undefined): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}
