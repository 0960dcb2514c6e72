import { CHANNELS } from './bridge.js';
import type { KioskExitResult, PrintResult } from './bridge.js';
import { parsePrintArgument, type PrintableContents, type PrintRequest } from './print.js';
import { isTrustedSender } from './trust.js';

/** The parts of an invoke event the handlers read (Electron's IpcMainInvokeEvent satisfies it). */
export interface InvokeEvent {
  /** Null when the frame navigated away or was destroyed before the handler ran. */
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: PrintableContents;
}

/** The parts of ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

/** Dependencies of the IPC handlers. */
export interface IpcDeps {
  ipcMain: IpcMainLike;
  /** Absolute path of the built renderer; only its index.html may call. */
  appRoot: string;
  isKiosk: boolean;
  /** The configured printer's name, shown by the renderer next to its print buttons. */
  printer: string | undefined;
  print: (request: PrintRequest, sender: PrintableContents) => Promise<PrintResult>;
  /** Checks the totem's exit PIN and, when right, closes the app. */
  exitKiosk: (pin: unknown) => KioskExitResult;
}

/**
 * Wraps a handler so it answers only the app's own page. Checking the frame, not just the window, matters:
 * a subframe with foreign content shares the window's preload channel.
 */
export function onlyFromApp<R>(
  appRoot: string,
  handler: (event: InvokeEvent, ...args: unknown[]) => R,
): (event: InvokeEvent, ...args: unknown[]) => R {
  return (event, ...args) => {
    const url = event.senderFrame?.url;
    if (!isTrustedSender(url, appRoot)) throw new Error(`Clinic: IPC refused from untrusted frame ${url ?? '(gone)'}`);
    return handler(event, ...args);
  };
}

/** Registers every IPC handler the preload can reach. */
export function registerIpcHandlers(deps: IpcDeps): void {
  const { ipcMain, appRoot } = deps;
  ipcMain.handle(
    CHANNELS.print,
    onlyFromApp(appRoot, (event, html) => deps.print(parsePrintArgument(html), event.sender)),
  );
  ipcMain.handle(
    CHANNELS.printer,
    onlyFromApp(appRoot, () => deps.printer ?? null),
  );
  ipcMain.handle(
    CHANNELS.isKiosk,
    onlyFromApp(appRoot, () => deps.isKiosk),
  );
  ipcMain.handle(
    CHANNELS.kioskExit,
    onlyFromApp(appRoot, (_event, pin) => deps.exitKiosk(pin)),
  );
}
