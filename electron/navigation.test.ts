import { describe, expect, it, vi } from 'vitest';
import { guardContents, isPermissionAllowed, type CancellableEvent, type GuardedContents } from './navigation.js';

type Listener = (event: CancellableEvent, url: string) => void;

function fakeContents(): GuardedContents & {
  listeners: Map<string, Listener>;
  openHandler?: () => { action: 'deny' };
} {
  const fake = {
    listeners: new Map<string, Listener>(),
    openHandler: undefined as (() => { action: 'deny' }) | undefined,
    setWindowOpenHandler(handler: () => { action: 'deny' }) {
      fake.openHandler = handler;
    },
    on(event: string, listener: Listener) {
      fake.listeners.set(event, listener);
      return fake;
    },
  };
  return fake;
}

function fire(contents: ReturnType<typeof fakeContents>, event: string, url: string): boolean {
  const preventDefault = vi.fn();
  contents.listeners.get(event)?.({ preventDefault }, url);
  return preventDefault.mock.calls.length > 0;
}

describe('guardContents', () => {
  const allowed = 'file:///app/index.html';
  const contents = fakeContents();
  guardContents(contents, (url) => url.startsWith(allowed));

  it('denies every new window', () => {
    expect(contents.openHandler?.()).toEqual({ action: 'deny' });
  });

  it('blocks navigation and redirects away from the app, allows the app page', () => {
    expect(fire(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire(contents, 'will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire(contents, 'will-navigate', `${allowed}#/agenda`)).toBe(false);
  });

  it('blocks <webview>', () => {
    expect(fire(contents, 'will-attach-webview', '')).toBe(true);
  });
});

describe('isPermissionAllowed', () => {
  it('allows only clipboard writes', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      expect(isPermissionAllowed(p)).toBe(false);
    }
  });
});
