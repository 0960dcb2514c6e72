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

/** Stores `config` as this browser's kiosk settings; the next start opens the totem or the panel. */
export function storeKiosk(storage: Pick<Storage, 'setItem'>, config: KioskConfig): void {
  storage.setItem(KIOSK_KEY, JSON.stringify(config));
}
