import type { BrowserWindowConstructorOptions, WebContentsPrintOptions } from 'electron';
import type { PrintResult } from './bridge.js';

/** What the renderer asked to print: its own page, or a standalone HTML document (ticket, receipt). */
export type PrintRequest = { kind: 'page' } | { kind: 'html'; html: string };

/** Upper bound for printed HTML: a receipt is a few kB, and data: URLs get unreliable past ~2 MB. */
export const MAX_PRINT_HTML = 1_000_000;

/** The parts of a WebContents that can print (Electron's WebContents satisfies it). */
export interface PrintableContents {
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
}

/** A hidden window used to print an HTML document. */
export interface PrintWindowLike {
  readonly webContents: PrintableContents;
  loadURL(url: string): Promise<void>;
  destroy(): void;
}

/**
 * Validates the renderer's argument to `print(html?)`; throws a TypeError on anything else, since that is
 * a bug or an attack, not a user error.
 */
export function parsePrintArgument(arg: unknown): PrintRequest {
  if (arg === undefined || arg === null) return { kind: 'page' };
  if (typeof arg !== 'string') throw new TypeError('print(html) expects a string');
  if (arg.length > MAX_PRINT_HTML) throw new TypeError(`print(html) accepts at most ${MAX_PRINT_HTML} characters`);
  return { kind: 'html', html: arg };
}

/**
 * Options for the hidden print window: the document is rendered with JavaScript off and without preload, so
 * printed patient-entered text can never run code.
 */
export function printWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
  };
}

/** Prints a web contents, turning Electron's callback into a promise. */
export function printContents(contents: PrintableContents, options: WebContentsPrintOptions): Promise<PrintResult> {
  return new Promise((resolve) => {
    contents.print(options, (success, failureReason) =>
      resolve(success ? { ok: true } : { ok: false, reason: failureReason || 'failed' }),
    );
  });
}

/**
 * Builds the print function the IPC handler calls.
 * @param deps.openHiddenWindow creates an invisible window for HTML documents.
 * @param deps.silent print straight to the default printer (kiosk totems have nobody to click a dialog).
 * @param deps.printer the configured printer: every ticket and budget goes to it silently, with no dialog.
 *   When it is missing or offline the print fails with Chromium's reason; it never falls back to another
 *   printer, where a patient's budget could end up on the wrong desk.
 */
export function createPrinter(deps: {
  openHiddenWindow: () => PrintWindowLike;
  silent: boolean;
  printer?: string;
}): (request: PrintRequest, sender: PrintableContents) => Promise<PrintResult> {
  const options: WebContentsPrintOptions =
    deps.printer === undefined
      ? { silent: deps.silent, printBackground: true }
      : { silent: true, deviceName: deps.printer, printBackground: true };
  return async (request, sender) => {
    if (request.kind === 'page') return printContents(sender, options);
    const win = deps.openHiddenWindow();
    try {
      await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(request.html)}`);
      return await printContents(win.webContents, options);
    } finally {
      win.destroy();
    }
  };
}
