/**
 * How a browser becomes a totem or a waiting-room panel: configured once from its address, then kept
 * in localStorage so the kiosk reopens as itself after a power cut. `?mode=totem&clinic=<id>
 * &server=<url>#key=<totem key>`; the key travels in the fragment (never sent to a server, never in
 * its logs) and is wiped from the address bar once stored. `?mode=desk` turns the browser back
 * into a reception desk.
 */

/** What this browser runs as. */
export type KioskMode = 'desk' | 'totem' | 'panel';

/** A totem's or panel's settings: the clinic's sync server on the LAN, the clinic, the totem key. */
export interface KioskConfig {
  mode: Exclude<KioskMode, 'desk'>;
  clinic: string;
  /** Base URL of the clinic's sync server, without a trailing slash. */
  server: string;
  /** The clinic's totem key (sent as `auth-bearer`). */
  key: string;
}

/** Where the settings live. */
export const KIOSK_KEY = 'clinic.kiosk';

const DEFAULT_SERVER = 'http://localhost:3000';

function read(storage: Pick<Storage, 'getItem'>): Partial<KioskConfig> {
  try {
    const raw = storage.getItem(KIOSK_KEY);
    return raw ? (JSON.parse(raw) as Partial<KioskConfig>) : {};
  } catch {
    return {};
  }
}

/**
 * This browser's mode and settings, from its address first and what it stored before second; stores
 * what the address set.
 * @returns `{ mode: 'desk' }` unless a totem or panel is configured; `missing` lists what a kiosk still lacks.
 */
export function resolveKiosk(
  href: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): { mode: 'desk' } | (KioskConfig & { missing: string[] }) {
  const url = new URL(href);
  const params = url.searchParams;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const mode = params.get('mode');
  if (mode === 'desk') {
    storage.removeItem(KIOSK_KEY);
    return { mode: 'desk' };
  }
  const stored = read(storage);
  const chosen = mode === 'totem' || mode === 'panel' ? mode : stored.mode;
  if (chosen !== 'totem' && chosen !== 'panel') return { mode: 'desk' };
  const config: KioskConfig = {
    mode: chosen,
    clinic: params.get('clinic') ?? stored.clinic ?? '',
    server: (params.get('server') ?? stored.server ?? DEFAULT_SERVER).replace(/\/+$/, ''),
    key: fragment.get('key') ?? stored.key ?? '',
  };
  try {
    storage.setItem(KIOSK_KEY, JSON.stringify(config));
  } catch {
    // Private windows may refuse storage: the kiosk still runs from its address.
  }
  const missing = (['clinic', 'key'] as const).filter((field) => !config[field]);
  return { ...config, missing };
}
