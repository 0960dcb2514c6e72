/**
 * What the Electron preload exposes as `window.clinic`. The renderer may not import electron/, so the
 * shape is restated here; electron/bridge.ts holds the other copy and both must change together.
 */
export interface ClinicBridge {
  /** Application version, known synchronously at startup. */
  readonly version: string;
  /** Prints the current page, or the given HTML document (tickets, receipts). */
  print(html?: string): Promise<{ ok: boolean; reason?: string }>;
  /** The configured printer `print` goes to silently, or null when prints use the system's choice. */
  printer(): Promise<string | null>;
  readonly kiosk: {
    /** Whether the desktop app runs as a totem (fullscreen, no menu). */
    isKiosk(): Promise<boolean>;
    /** Leaves the totem when `pin` is the admin PIN; wrong PINs lock it for a while. */
    exit(
      pin: string,
    ): Promise<
      { ok: true } | { ok: false; reason: 'wrong' | 'unset' } | { ok: false; reason: 'locked'; retryInSeconds: number }
    >;
  };
}

declare global {
  interface Window {
    /** Present only inside the desktop app; undefined in a plain browser. */
    readonly clinic?: ClinicBridge;
  }
}

/** The desktop bridge, or undefined when the renderer runs as a plain web page. */
export function desktopBridge(): ClinicBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.clinic;
}
