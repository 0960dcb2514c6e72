/** The parts of electron-updater's AppUpdater used here (its `autoUpdater` satisfies it). */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  checkForUpdates(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
}

/** First check this long after start (ms): the desk is busy opening its database then. */
export const FIRST_CHECK_DELAY_MS = 60_000;
/** Then one check every this many ms (4 h): a release a day is plenty, and the feed is a static file. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** What `startAutoUpdate` needs, injected so tests run without Electron or a network. */
export interface AutoUpdateDeps {
  /** Returns the updater; called only when updates are on (electron-updater's getter starts work). */
  updater: () => AppUpdaterLike;
  /** Generic feed URL from the configuration; undefined turns updates off. */
  feedUrl: string | undefined;
  channel: string;
  /** False when run from a source checkout (`npm start`): there is no installer to replace. */
  isPackaged: boolean;
  log: (message: string, error?: unknown) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  setInterval: (callback: () => void, ms: number) => unknown;
}

/**
 * Starts background updates from a generic feed: checks a minute after start and every four hours,
 * downloads quietly, installs when the app next quits. It never restarts the app by itself, so a desk
 * mid-appointment or a totem in front of a patient is never interrupted. Failures (offline, feed down,
 * bad signature) are logged and the next check tries again; nothing is thrown.
 * @returns whether updates were switched on.
 */
export function startAutoUpdate(deps: AutoUpdateDeps): boolean {
  if (!deps.isPackaged) {
    deps.log('Clinic: updates off (not an installed build)');
    return false;
  }
  if (deps.feedUrl === undefined) {
    deps.log('Clinic: updates off (no update feed configured)');
    return false;
  }
  let updater: AppUpdaterLike;
  try {
    // electron-updater builds its platform updater on first access, and that can throw (an unknown package
    // type); an app that cannot update must still open.
    updater = deps.updater();
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    // A feed moved back to an older release must not roll installations back: their databases may already
    // hold data the older version cannot read.
    updater.allowDowngrade = false;
    updater.setFeedURL({ provider: 'generic', url: deps.feedUrl, channel: deps.channel });
  } catch (error) {
    deps.log('Clinic: updates off (the updater could not start)', error);
    return false;
  }
  updater.on('error', (error) => deps.log('Clinic: update failed', error));
  updater.on('update-downloaded', (info) => deps.log(`Clinic: update ${info.version} will install on quit`));
  const check = (): void => {
    try {
      updater.checkForUpdates().catch((error: unknown) => deps.log('Clinic: update check failed', error));
    } catch (error) {
      deps.log('Clinic: update check failed', error);
    }
  };
  deps.setTimeout(check, FIRST_CHECK_DELAY_MS);
  deps.setInterval(check, CHECK_INTERVAL_MS);
  return true;
}
