/**
 * The contract between the main process and the preload: IPC channel names and the shape of
 * `window.clinic`. renderer/src/platform/bridge.ts restates the interface (the renderer may not import
 * electron/), so change both together.
 */

/** IPC channels the preload may invoke; nothing else is handled. */
export const CHANNELS = {
  print: 'clinic:print',
  printer: 'clinic:print:printer',
  isKiosk: 'clinic:kiosk:isKiosk',
  kioskExit: 'clinic:kiosk:exit',
} as const;

/**
 * Prefix of the command-line argument carrying the app version into the preload. A sandboxed preload
 * cannot read files, and an IPC round trip would make `version` a promise.
 */
export const VERSION_ARG = '--clinic-version=';

/** Outcome of a print request; `reason` is Chromium's failure text (e.g. "cancelled"). */
export interface PrintResult {
  ok: boolean;
  reason?: string;
}

/** Outcome of a kiosk exit attempt (restated from kiosk-pin.ts: the preload imports types only). */
export type KioskExitResult =
  { ok: true } | { ok: false; reason: 'wrong' | 'unset' } | { ok: false; reason: 'locked'; retryInSeconds: number };

/** What the preload exposes as `window.clinic`. */
export interface ClinicBridge {
  readonly version: string;
  print(html?: string): Promise<PrintResult>;
  /** The configured printer `print` goes to silently, or null when prints use the system's choice. */
  printer(): Promise<string | null>;
  readonly kiosk: {
    isKiosk(): Promise<boolean>;
    /** Leaves the totem when `pin` is the admin PIN; otherwise says why not. */
    exit(pin: string): Promise<KioskExitResult>;
  };
}
