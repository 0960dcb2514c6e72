/**
 * Server-only account operations the administration calls by their REST route: installations and
 * their enrolment codes (sync-server/sync/device-ops.ts) and API keys (sync-server/auth/api-key-ops.ts).
 * They live in sync-server (the device and key stores are there), so the desk knows only each route
 * and its input schema, copied exactly as the server declares them (so the desk refuses with the
 * server's own messages) (spec §5; admins, `access:write`).
 */
import { z } from 'zod';
import { isPermission } from '#core/access/roles.js';
import type { Operation } from '#core/operation.js';

/** The kinds of installation (sync-server/sync/sync-tables.ts `DEVICE_KINDS`). */
export const INSTALLATION_KINDS = ['desk', 'totem', 'professional'] as const;

/** An installation as `installation.list` answers it. */
export const installationInfo = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(INSTALLATION_KINDS),
  clinicId: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** The professional a `professional` station is bound to (MED-007). */
  userId: z.string().nullable().optional(),
});
/** An installation as listed. */
export type InstallationInfo = z.output<typeof installationInfo>;

/** An API key as `apiKey.list` answers it (never its secret). */
export const apiKeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
/** An API key as listed. */
export type ApiKeyInfo = z.output<typeof apiKeyInfo>;

function serverOnly<I extends z.ZodType, O extends z.ZodType>(
  name: string,
  http: { method: string; path: string; status?: number },
  input: I,
  output: O,
): Operation<I, O> {
  return { name, http, input, output } as unknown as Operation<I, O>;
}

/** `installation.createEnrolmentCode`: `POST /installation/enrolmentCode` → a one-time code valid 24 h. */
export const createEnrolmentCode = serverOnly(
  'installation.createEnrolmentCode',
  { method: 'POST', path: '/installation/enrolmentCode', status: 201 },
  z.strictObject({
    name: z.string().trim().min(1).max(80),
    kind: z.enum(INSTALLATION_KINDS).default('desk'),
    clinic: z.string().min(1).max(64).optional(),
    user: z.string().min(1).max(64).optional(),
  }),
  z.object({ code: z.string(), expiresAt: z.string() }),
);

/** `installation.list`: `GET /installation/` (revoked ones too). */
export const listInstallations = serverOnly(
  'installation.list',
  { method: 'GET', path: '/installation/' },
  z.strictObject({}),
  z.object({ items: z.array(installationInfo) }),
);

/** `installation.revoke`: `DELETE /installation/{id}`; it stops syncing at once. */
export const revokeInstallation = serverOnly(
  'installation.revoke',
  { method: 'DELETE', path: '/installation/{id}' },
  z.strictObject({ id: z.string().min(1).max(64) }),
  installationInfo,
);

/** `apiKey.create`: `POST /apiKey/` → the key's secret, shown once. */
export const createApiKey = serverOnly(
  'apiKey.create',
  { method: 'POST', path: '/apiKey/', status: 201 },
  z.strictObject({
    name: z.string().trim().min(1).max(80),
    permissions: z
      .array(z.string().refine(isPermission, 'permissão inválida (ex.: budget:write, patient:read, *)'))
      .min(1)
      .max(60),
  }),
  z.object({ message: z.string(), apiKey: apiKeyInfo, key: z.string() }),
);

/** `apiKey.list`: `GET /apiKey/`. */
export const listApiKeys = serverOnly(
  'apiKey.list',
  { method: 'GET', path: '/apiKey/' },
  z.strictObject({}),
  z.object({ items: z.array(apiKeyInfo) }),
);

/** `apiKey.revoke`: `DELETE /apiKey/{id}`. */
export const revokeApiKey = serverOnly(
  'apiKey.revoke',
  { method: 'DELETE', path: '/apiKey/{id}' },
  z.strictObject({ id: z.string().min(1).max(64) }),
  apiKeyInfo,
);
