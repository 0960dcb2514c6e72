import { describe, expect, it, vi } from 'vitest';
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, startAutoUpdate, type AppUpdaterLike } from './updater.js';

type Listener = (arg: never) => void;

/** An updater that never touches the network: checks resolve or reject as the test says. */
function fakeUpdater(check: () => Promise<unknown> = () => Promise.resolve(null)) {
  const listeners = new Map<string, Listener>();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(check),
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
  };
  return { updater, listeners };
}

function setup(overrides: { feedUrl?: string; isPackaged?: boolean; check?: () => Promise<unknown> } = {}) {
  const { updater, listeners } = fakeUpdater(overrides.check);
  const timers: { kind: 'timeout' | 'interval'; ms: number; run: () => void }[] = [];
  const log = vi.fn();
  const getUpdater = vi.fn((): AppUpdaterLike => updater);
  const started = startAutoUpdate({
    updater: getUpdater,
    feedUrl: 'feedUrl' in overrides ? overrides.feedUrl : 'https://updates.clinica.example/clinic/',
    channel: 'beta',
    isPackaged: overrides.isPackaged ?? true,
    log,
    setTimeout: (run, ms) => timers.push({ kind: 'timeout', ms, run }),
    setInterval: (run, ms) => timers.push({ kind: 'interval', ms, run }),
  });
  return { started, updater, listeners, timers, log, getUpdater };
}

describe('startAutoUpdate', () => {
  it('points the updater at the configured generic feed and channel, downloading quietly to install on quit', () => {
    const { started, updater } = setup();
    expect(started).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.clinica.example/clinic/',
      channel: 'beta',
    });
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, allowDowngrade: false });
  });

  it('checks a minute after start and then every four hours', () => {
    const { timers, updater } = setup();
    expect(timers.map(({ kind, ms }) => ({ kind, ms }))).toEqual([
      { kind: 'timeout', ms: FIRST_CHECK_DELAY_MS },
      { kind: 'interval', ms: CHECK_INTERVAL_MS },
    ]);
    expect(CHECK_INTERVAL_MS).toBe(4 * 60 * 60 * 1000);
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    for (const timer of timers) timer.run();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
  });

  it('logs failed checks and updater errors instead of throwing', async () => {
    let calls = 0;
    const { timers, log, listeners } = setup({
      check: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('net::ERR_INTERNET_DISCONNECTED'));
        throw new Error('feed unreadable');
      },
    });
    expect(() => timers.forEach((timer) => timer.run())).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    const error = new Error('sha512 checksum mismatch');
    (listeners.get('error') as (error: Error) => void)(error);
    expect(log).toHaveBeenCalledWith(
      'Clinic: update check failed',
      expect.objectContaining({ message: 'net::ERR_INTERNET_DISCONNECTED' }),
    );
    expect(log).toHaveBeenCalledWith(
      'Clinic: update check failed',
      expect.objectContaining({ message: 'feed unreadable' }),
    );
    expect(log).toHaveBeenCalledWith('Clinic: update failed', error);
  });

  it('says when a downloaded update will install', () => {
    const { listeners, log } = setup();
    (listeners.get('update-downloaded') as (info: { version: string }) => void)({ version: '0.2.0' });
    expect(log).toHaveBeenCalledWith('Clinic: update 0.2.0 will install on quit');
  });

  it('stays off without a feed or outside an installed build, never creating the updater', () => {
    for (const overrides of [{ feedUrl: undefined }, { isPackaged: false }]) {
      const { started, timers, getUpdater, log } = setup(overrides);
      expect(started).toBe(false);
      expect(timers).toEqual([]);
      expect(getUpdater).not.toHaveBeenCalled();
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/updates off/));
    }
  });

  it('keeps the app running when the updater itself cannot start', () => {
    const log = vi.fn();
    const error = new Error('Unable to detect package type');
    const timers: number[] = [];
    const started = startAutoUpdate({
      updater: () => {
        throw error;
      },
      feedUrl: 'https://updates.clinica.example/clinic/',
      channel: 'latest',
      isPackaged: true,
      log,
      setTimeout: (_run, ms) => timers.push(ms),
      setInterval: (_run, ms) => timers.push(ms),
    });
    expect(started).toBe(false);
    expect(timers).toEqual([]);
    expect(log).toHaveBeenCalledWith('Clinic: updates off (the updater could not start)', error);
  });
});
