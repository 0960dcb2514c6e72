import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_STATE, fitToDisplays, parseWindowState, windowStateStore } from './window-state.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-state-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'window-state.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('windowStateStore', () => {
  it('returns the 1280x800 default on first run', () => {
    expect(windowStateStore(fs, tempFile()).load()).toEqual(DEFAULT_STATE);
  });

  it('round-trips a saved state, creating the folder and leaving no temp file', () => {
    const file = tempFile();
    const store = windowStateStore(fs, file);
    store.save({ width: 1400, height: 900, x: 10, y: 20, maximized: true });
    expect(windowStateStore(fs, file).load()).toEqual({ width: 1400, height: 900, x: 10, y: 20, maximized: true });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['window-state.json']);
  });

  it('falls back to the default on a corrupt file', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"width": 12');
    expect(windowStateStore(fs, file).load()).toEqual(DEFAULT_STATE);
  });

  it('swallows write errors (a read-only profile must not break quitting)', () => {
    const failing = {
      ...fs,
      writeFileSync: (): void => {
        throw new Error('EROFS');
      },
    };
    expect(() => windowStateStore(failing, tempFile()).save(DEFAULT_STATE)).not.toThrow();
  });
});

describe('parseWindowState', () => {
  it('rejects non-objects and missing sizes', () => {
    expect(parseWindowState(null)).toBeUndefined();
    expect(parseWindowState([1, 2])).toBeUndefined();
    expect(parseWindowState({ width: '1280', height: 800 })).toBeUndefined();
    expect(parseWindowState({ width: 1280.5, height: 800 })).toBeUndefined();
  });

  it('clamps tiny sizes and drops half a position', () => {
    expect(parseWindowState({ width: 200, height: 100, x: 5 })).toEqual({ width: 1024, height: 640, maximized: false });
  });
});

describe('fitToDisplays', () => {
  const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
  const state = { width: 1280, height: 800, x: 100, y: 50, maximized: false };

  it('keeps a position that is on a display', () => {
    expect(fitToDisplays(state, [laptop])).toEqual(state);
  });

  it('drops a position left on an unplugged second monitor', () => {
    expect(fitToDisplays({ ...state, x: 2500 }, [laptop])).toEqual({ width: 1280, height: 800, maximized: false });
  });

  it('drops a position whose title bar is above or below the screen', () => {
    expect(fitToDisplays({ ...state, y: -300 }, [laptop]).x).toBeUndefined();
    expect(fitToDisplays({ ...state, y: 1000 }, [laptop]).x).toBeUndefined();
  });

  it('keeps a position on a monitor placed left of the primary one', () => {
    const left = { x: -1920, y: 0, width: 1920, height: 1080 };
    expect(fitToDisplays({ ...state, x: -1500 }, [laptop, left]).x).toBe(-1500);
  });
});
