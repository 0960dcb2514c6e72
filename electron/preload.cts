// Preload for the sandboxed main window. A sandboxed preload runs as CommonJS and may require only
// 'electron' (and a few Node built-ins): no relative imports, so everything it needs is in this file and
// only types come from bridge.ts. The `typeof CHANNELS` annotation makes tsc check the copied names.
// `import = require` is how TypeScript writes a CommonJS import under verbatimModuleSyntax.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- sandboxed preloads must be CommonJS
import electron = require('electron');
import type { CHANNELS, ClinicBridge, KioskExitResult, PrintResult } from './bridge.js';

const channels: typeof CHANNELS = {
  print: 'clinic:print',
  printer: 'clinic:print:printer',
  isKiosk: 'clinic:kiosk:isKiosk',
  kioskExit: 'clinic:kiosk:exit',
};
const versionArg = '--clinic-version=';

/** The app version, passed by the main process through webPreferences.additionalArguments. */
function versionFromArgv(argv: readonly string[]): string {
  const arg = argv.find((a) => a.startsWith(versionArg));
  return arg ? arg.slice(versionArg.length) : '';
}

// Only functions that call fixed channels cross the bridge, never ipcRenderer itself: the page must not be
// able to send on arbitrary channels.
const bridge: ClinicBridge = {
  version: versionFromArgv(process.argv),
  print: (html?: string) => electron.ipcRenderer.invoke(channels.print, html) as Promise<PrintResult>,
  printer: () => electron.ipcRenderer.invoke(channels.printer) as Promise<string | null>,
  kiosk: {
    isKiosk: () => electron.ipcRenderer.invoke(channels.isKiosk) as Promise<boolean>,
    exit: (pin: string) => electron.ipcRenderer.invoke(channels.kioskExit, pin) as Promise<KioskExitResult>,
  },
};

electron.contextBridge.exposeInMainWorld('clinic', bridge);
