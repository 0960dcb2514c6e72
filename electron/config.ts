/**
 * Desktop settings of one installation: where updates come from, which printer gets tickets and budgets,
 * whether the machine is a totem. Kept in `config.json` in the app's data folder (written by whoever
 * installs the machine); environment variables override the file, so a shortcut or a systemd unit can
 * change one setting without editing it.
 */
export interface DesktopConfig {
  /** Totem mode: `"kiosk": true` in the file, `--kiosk` or `CLINIC_KIOSK=1`. */
  kiosk: boolean;
  /** Name of the printer tickets and budgets go to, silently; undefined means the system's choice. */
  printer?: string;
  /** Generic electron-updater feed (an http(s) folder holding latest.yml); undefined turns updates off. */
  updateUrl?: string;
  /** Update channel: `latest` (stable), `beta`, `alpha`. */
  updateChannel: string;
}

/** The file's name inside the app's data folder. */
export const CONFIG_FILE = 'config.json';

const CHANNEL = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_PRINTER_NAME = 256;

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  return text === '1' || text === 'true';
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function httpUrl(value: string | undefined, warn: (message: string) => void): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // Reported below like any other unusable value.
  }
  warn(`Clinic: update feed ignored, not an http(s) URL: ${value}`);
  return undefined;
}

/**
 * Reads the desktop settings. A missing or unreadable file, or a bad value, never stops the app: the value
 * falls back to its default and `warn` says which one was ignored.
 * @param fileText contents of config.json, or undefined when there is none.
 * @param argv the process arguments (`--kiosk`).
 * @param env the environment: CLINIC_KIOSK, CLINIC_PRINTER, CLINIC_UPDATE_URL, CLINIC_UPDATE_CHANNEL.
 */
export function parseDesktopConfig(
  fileText: string | undefined,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void = (message) => console.warn(message),
): DesktopConfig {
  let file: Record<string, unknown> = {};
  if (fileText !== undefined) {
    try {
      const parsed: unknown = JSON.parse(fileText);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        file = parsed as Record<string, unknown>;
      } else {
        warn(`Clinic: ${CONFIG_FILE} ignored, it is not a JSON object`);
      }
    } catch {
      warn(`Clinic: ${CONFIG_FILE} ignored, it is not valid JSON`);
    }
  }

  // CLINIC_KIOSK=0 switches a totem's file setting off for a maintenance start.
  const envKiosk = text(env['CLINIC_KIOSK']);
  const kiosk = argv.includes('--kiosk') || (envKiosk !== undefined ? flag(envKiosk) : flag(file['kiosk']));

  let printer = text(env['CLINIC_PRINTER']) ?? text(file['printer']);
  if (printer !== undefined && printer.length > MAX_PRINTER_NAME) {
    warn('Clinic: printer name ignored, longer than any real printer name');
    printer = undefined;
  }

  const updateUrl = httpUrl(text(env['CLINIC_UPDATE_URL']) ?? text(file['updateUrl']), warn);

  let updateChannel = text(env['CLINIC_UPDATE_CHANNEL']) ?? text(file['updateChannel']) ?? 'latest';
  if (!CHANNEL.test(updateChannel)) {
    warn(`Clinic: update channel ignored, expected a name like latest or beta: ${updateChannel}`);
    updateChannel = 'latest';
  }

  return {
    kiosk,
    ...(printer !== undefined ? { printer } : {}),
    ...(updateUrl !== undefined ? { updateUrl } : {}),
    updateChannel,
  };
}
