// Electron entry point: wires Electron's objects into the small modules next to this file. Logic lives in
// those modules (tested without Electron); this file only decides the order things happen in.
import { app, BrowserWindow, ipcMain, Menu, screen, session } from 'electron';
// electron-updater is CommonJS; its default export is module.exports in Node's ESM loader and in the bundle.
import electronUpdater from 'electron-updater';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAppInfo } from './app-info.js';
import { registerIpcHandlers } from './ipc.js';
import { CONFIG_FILE, parseDesktopConfig } from './config.js';
import { hashPin, kioskExitGate, parseKioskConfig } from './kiosk-pin.js';
import { guardContents, isPermissionAllowed } from './navigation.js';
import { createPrinter, printWindowOptions } from './print.js';
import { isTrustedSender } from './trust.js';
import { startAutoUpdate } from './updater.js';
import { APP_PARTITION, createMainWindow, focusWindow, type MainWindowLike } from './window.js';
import { fitToDisplays, windowStateStore } from './window-state.js';

// Built layout: dist/electron/main.js beside dist/renderer/, package.json two levels up (also inside app.asar).
const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = path.resolve(here, '..', 'renderer');
const preloadPath = path.join(here, 'preload.cjs');
const info = readAppInfo((file) => fs.readFileSync(file, 'utf8'), path.resolve(here, '..', '..', 'package.json'));

// `electron dist/electron/main.js` finds no package.json beside the script and would call the app
// "Electron"; pin the name and data folder so dev and installed runs share settings. Must precede the lock,
// which lives in userData.
app.setName(info.productName);
if (!app.isPackaged) app.setPath('userData', path.join(app.getPath('appData'), info.productName));

const readOptional = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};
const config = parseDesktopConfig(
  readOptional(path.join(app.getPath('userData'), CONFIG_FILE)),
  process.argv,
  process.env,
);
const { kiosk } = config;

const kioskConfigPath = (): string => path.join(app.getPath('userData'), 'kiosk.json');
const setPin = process.argv.find((arg) => arg.startsWith('--set-kiosk-pin='));

if (setPin) {
  // Installation step on a totem: store the exit PIN's hash, say so, and stop (no window).
  try {
    fs.mkdirSync(path.dirname(kioskConfigPath()), { recursive: true });
    fs.writeFileSync(kioskConfigPath(), JSON.stringify({ pinHash: hashPin(setPin.slice('--set-kiosk-pin='.length)) }));
    console.log(`Clinic: kiosk PIN saved in ${kioskConfigPath()}`);
    app.exit(0);
  } catch (error) {
    console.error('Clinic: could not save the kiosk PIN', error);
    app.exit(1);
  }
} else if (!app.requestSingleInstanceLock()) {
  // Another Clinic is running; it gets a 'second-instance' event and comes forward.
  app.quit();
} else {
  let mainWindow: MainWindowLike | undefined;
  let leaving = !kiosk;
  const exitGate = kioskExitGate(kiosk ? parseKioskConfig(readOptional(kioskConfigPath())) : undefined);

  app.on('second-instance', () => focusWindow(mainWindow));
  app.on('window-all-closed', () => app.quit());
  // Every web contents, including ones created later (print windows), gets the same leash.
  app.on('web-contents-created', (_event, contents) => guardContents(contents, (url) => isTrustedSender(url, appRoot)));

  const startup = app.whenReady().then(() => {
    // The app page lives in its own persistent partition; hidden print windows use the default session.
    for (const target of [session.fromPartition(APP_PARTITION), session.defaultSession]) {
      target.setPermissionRequestHandler((_contents, permission, grant) => grant(isPermissionAllowed(permission)));
      target.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
    }
    if (kiosk) Menu.setApplicationMenu(null);

    registerIpcHandlers({
      ipcMain,
      appRoot,
      isKiosk: kiosk,
      printer: config.printer,
      print: createPrinter({
        openHiddenWindow: () => new BrowserWindow(printWindowOptions()),
        silent: kiosk,
        ...(config.printer !== undefined ? { printer: config.printer } : {}),
      }),
      exitKiosk: (pin) => {
        const result = exitGate.attempt(pin);
        if (result.ok) {
          leaving = true;
          app.quit();
        }
        return result;
      },
    });

    const store = windowStateStore(fs, path.join(app.getPath('userData'), 'window-state.json'));
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    mainWindow = createMainWindow({
      BrowserWindow,
      appRoot,
      preloadPath,
      title: info.productName,
      version: info.version,
      kiosk,
      state: fitToDisplays(store.load(), workAreas),
      saveState: store.save,
      mayClose: () => leaving,
    });

    startAutoUpdate({
      updater: () => electronUpdater.autoUpdater,
      feedUrl: config.updateUrl,
      channel: config.updateChannel,
      isPackaged: app.isPackaged,
      log: (message, error) => (error === undefined ? console.log(message) : console.error(message, error)),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      setInterval: (callback, ms) => setInterval(callback, ms),
    });
  });
  // A window that failed to open would leave an invisible process holding the single-instance lock.
  startup.catch((error: unknown) => {
    console.error('Clinic: startup failed', error);
    app.quit();
  });
}
