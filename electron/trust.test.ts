import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './trust.js';

const appRoot = path.resolve('/opt/clinic/dist/renderer');
const indexUrl = pathToFileURL(path.join(appRoot, 'index.html')).href;

describe('isTrustedSender', () => {
  it('accepts the app page, with or without a hash route or query', () => {
    expect(isTrustedSender(indexUrl, appRoot)).toBe(true);
    expect(isTrustedSender(`${indexUrl}#/agenda`, appRoot)).toBe(true);
    expect(isTrustedSender(`${indexUrl}?totem=1`, appRoot)).toBe(true);
  });

  it('accepts an appRoot given with a trailing separator', () => {
    expect(isTrustedSender(indexUrl, `${appRoot}${path.sep}`)).toBe(true);
  });

  it('refuses other files, even inside the app folder or reached through ..', () => {
    expect(isTrustedSender(pathToFileURL(path.join(appRoot, 'assets', 'x.html')).href, appRoot)).toBe(false);
    expect(isTrustedSender(pathToFileURL('/etc/passwd').href, appRoot)).toBe(false);
    expect(isTrustedSender(`${pathToFileURL(appRoot).href}/../renderer-evil/index.html`, appRoot)).toBe(false);
    expect(isTrustedSender(pathToFileURL(`${appRoot}-evil/index.html`).href, appRoot)).toBe(false);
  });

  it('refuses non-file schemes, hosts and garbage', () => {
    expect(isTrustedSender('http://localhost:5173/index.html', appRoot)).toBe(false);
    expect(isTrustedSender('https://evil.example/index.html', appRoot)).toBe(false);
    expect(isTrustedSender('data:text/html,<p>hi</p>', appRoot)).toBe(false);
    expect(isTrustedSender(`file://evil-host${path.join(appRoot, 'index.html')}`, appRoot)).toBe(false);
    expect(isTrustedSender('not a url', appRoot)).toBe(false);
    expect(isTrustedSender('', appRoot)).toBe(false);
    expect(isTrustedSender(undefined, appRoot)).toBe(false);
  });
});
