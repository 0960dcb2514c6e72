import { chromium, type Browser } from 'playwright-core';

/** Where Debian puts its Chromium; override with CHROMIUM_PATH on other systems. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Flags for a headless test Chromium: no sandbox (containers run as root), no GPU, and none of the
 * background traffic (updates, sync, QUIC probing) that would slow start-up or reach the network.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches the system Chromium through playwright-core (which ships no browser of its own).
 * Callers close it in afterAll.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}
