/**
 * Turning this browser into the clinic's totem or waiting-room panel from the first-run assistant:
 * the server makes the clinic's totem key (`POST /clinic/{id}/totemLogin`, sync-server/ticket/
 * totem-login-ops.ts, admins only; a new key replaces the clinic's previous one), and the kiosk
 * settings are stored where the kiosk reads them on start (totem/kiosk-config.ts).
 */
import { z } from 'zod';
import type { Operation } from '#core/operation.js';
import { KIOSK_KEY, type KioskConfig } from '../totem/kiosk-config.js';

const totemLoginInput = z.strictObject({ id: z.string().min(1) });
const totemLoginOutput = z.object({ message: z.string(), key: z.string(), permissions: z.array(z.string()) });

/** `clinic.totemLogin.generate` as the desk sends it to the server (runOnServer only). */
export const generateTotemLogin = {
  name: 'clinic.totemLogin.generate',
  http: { method: 'POST', path: '/clinic/{id}/totemLogin', status: 201 },
  input: totemLoginInput,
  output: totemLoginOutput,
} as unknown as Operation<typeof totemLoginInput, typeof totemLoginOutput>;

const totemLogoutOutput = z.object({});

/** `clinic.totemLogin.disable` as the desk sends it to the server (runOnServer only). */
export const disableTotemLogin = {
  name: 'clinic.totemLogin.disable',
  http: { method: 'DELETE', path: '/clinic/{id}/totemLogin' },
  input: totemLoginInput,
  output: totemLogoutOutput,
} as unknown as Operation<typeof totemLoginInput, typeof totemLogoutOutput>;

/**
 * The address that turns a browser into the clinic's totem or panel (totem/kiosk-config.ts): the
 * desk's own page with `mode`, `clinic` and `server`, and the key in the fragment, which browsers
 * never send to a server.
 */
export function kioskAddress(page: string, config: KioskConfig): string {
  const query = new URLSearchParams({ mode: config.mode, clinic: config.clinic, server: config.server });
  return `${page}?${query.toString()}#key=${encodeURIComponent(config.key)}`;
}

/** Stores `config` as this browser's kiosk settings; the next start opens the totem or the panel. */
export function storeKiosk(storage: Pick<Storage, 'setItem'>, config: KioskConfig): void {
  storage.setItem(KIOSK_KEY, JSON.stringify(config));
}
