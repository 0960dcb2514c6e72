/**
 * The self-hosted WhatsApp instance's operations as the desk sends them to the server (runOnServer
 * only; sync-server/whatsapp-instance/instance-ops.ts, admins): the connection state read from the
 * provider, and the QR code that pairs the clinic's phone (rendered by the server with `qrcode`).
 */
import { z } from 'zod';
import type { Operation } from '#core/operation.js';

const none = z.strictObject({});
const instanceInfo = z.object({ instanceName: z.string(), state: z.string(), apiKeyHint: z.string() });
const qrAnswer = z.object({ qrCode: z.string().nullable(), pairingCode: z.string().nullable(), state: z.string() });

/** `communicationCenter.getInstance`: `GET /communicationCenter/instance`. */
export const getInstance = {
  name: 'communicationCenter.getInstance',
  http: { method: 'GET', path: '/communicationCenter/instance' },
  input: none,
  output: instanceInfo,
} as unknown as Operation<typeof none, typeof instanceInfo>;

/** `communicationCenter.qrCode`: `GET /communicationCenter/instance/qrcode`. */
export const instanceQrCode = {
  name: 'communicationCenter.qrCode',
  http: { method: 'GET', path: '/communicationCenter/instance/qrcode' },
  input: none,
  output: qrAnswer,
} as unknown as Operation<typeof none, typeof qrAnswer>;

/** The instance's answer as the section shows it. */
export type InstanceState = z.infer<typeof instanceInfo>;
/** A QR code answer. */
export type InstanceQr = z.infer<typeof qrAnswer>;
