import path from 'node:path';

/** Size, position and maximized flag of the main window, as saved between runs. */
export interface WindowState {
  width: number;
  height: number;
  /** Absent on first run: the OS centres the window. */
  x?: number;
  y?: number;
  maximized: boolean;
}

/** A rectangle in screen coordinates (an Electron display work area). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The subset of node:fs the store uses, so tests can pass an in-memory fake. */
export interface StateFs {
  readFileSync(file: string, encoding: 'utf8'): string;
  writeFileSync(file: string, data: string): void;
  renameSync(from: string, to: string): void;
  mkdirSync(dir: string, options: { recursive: true }): unknown;
}

/** Designed for 1280x800 desks; smaller than this the layout stops being usable. */
export const MIN_SIZE = { width: 1024, height: 640 } as const;
export const DEFAULT_STATE: WindowState = { width: 1280, height: 800, maximized: false };

/**
 * Validates a parsed state file. Anything malformed yields undefined: a corrupt file must never stop the
 * app from opening.
 */
export function parseWindowState(raw: unknown): WindowState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!int(r['width']) || !int(r['height'])) return undefined;
  const state: WindowState = {
    width: Math.max(MIN_SIZE.width, r['width']),
    height: Math.max(MIN_SIZE.height, r['height']),
    maximized: r['maximized'] === true,
  };
  if (int(r['x']) && int(r['y'])) {
    state.x = r['x'];
    state.y = r['y'];
  }
  return state;
}

/** Pixels of title bar that must stay reachable, and how far above a work area a frame may start. */
const GRAB = 100;
const TOLERANCE = 16;

/**
 * Drops a saved position that no longer lands on any display (a monitor was unplugged since), so the window
 * never opens off-screen; the OS then centres it. The title bar must be on a display, with at least
 * `GRAB` pixels of it reachable by the mouse.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  const { x, y } = state;
  if (x === undefined || y === undefined) return state;
  const reachable = workAreas.some((a) => {
    const overlapX = Math.min(x + state.width, a.x + a.width) - Math.max(x, a.x);
    // Windows reports frames a few pixels above the work area; tolerate that much.
    const titleBarOnScreen = y >= a.y - TOLERANCE && y <= a.y + a.height - GRAB;
    return overlapX >= GRAB && titleBarOnScreen;
  });
  if (reachable) return state;
  return { width: state.width, height: state.height, maximized: state.maximized };
}

/** Reads and writes the saved window state; plain functions, safe to pass around unbound. */
export interface WindowStateStore {
  load: () => WindowState;
  save: (state: WindowState) => void;
}

/**
 * Loads and saves the window state as JSON at `file` (under app.getPath('userData')).
 * @param fs node:fs or a fake with the same calls.
 * @param file absolute path of the JSON file.
 */
export function windowStateStore(fs: StateFs, file: string): WindowStateStore {
  return {
    load: () => {
      try {
        return parseWindowState(JSON.parse(fs.readFileSync(file, 'utf8'))) ?? { ...DEFAULT_STATE };
      } catch {
        return { ...DEFAULT_STATE };
      }
    },
    save: (state) => {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        // Write then rename: a crash or power cut mid-write leaves the old file, not half a JSON.
        const temp = `${file}.tmp`;
        fs.writeFileSync(temp, JSON.stringify(state));
        fs.renameSync(temp, file);
      } catch {
        // Losing the window size is not worth an error dialog on quit.
      }
    },
  };
}
