/** The event Electron passes to navigation listeners; only cancelling is needed. */
export interface CancellableEvent {
  preventDefault(): void;
}

/** The parts of a WebContents the guard touches (Electron's WebContents satisfies it). */
export interface GuardedContents {
  setWindowOpenHandler(handler: () => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: CancellableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: CancellableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: CancellableEvent) => void): unknown;
}

/**
 * Keeps a web contents on the app: no new windows (window.open, target=_blank), no navigation or redirect
 * to any URL `isAllowed` refuses, no <webview>. Applied to every web contents Electron creates, so a link in
 * patient-entered text or an injected script cannot take the app's privileges elsewhere.
 */
export function guardContents(contents: GuardedContents, isAllowed: (url: string) => boolean): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayOnApp = (event: CancellableEvent, url: string): void => {
    if (!isAllowed(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Permissions web content may get: copying text is useful, camera, location, notifications… are not. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Answers Chromium's permission requests and checks; everything not listed is denied. */
export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission);
}
