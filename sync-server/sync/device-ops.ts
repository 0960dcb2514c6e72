/**
 * Installations over REST (the CLI has the same, admin-cli.ts): an account admin creates a one-time
 * enrolment code, the new installation exchanges it for its device token, the admin lists and revokes
 * installations.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { Devices } from './devices.js';
import { DEVICE_KINDS, type DeviceKind } from './sync-tables.js';

const info = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  clinicId: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  userId: z.string().nullable(),
});

const EXAMPLE_CLINIC = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b';

/**
 * A `professional` station is bound to an active professional of the account; other kinds to nobody.
 * @throws DomainError `validation` naming `user` otherwise
 */
async function checkBinding(store: Store, kind: DeviceKind, user: string | undefined): Promise<void> {
  if (kind !== 'professional') {
    if (user !== undefined) {
      throw new DomainError('validation', 'Dados inválidos', [
        { path: 'user', message: 'só uma instalação de profissional é vinculada a um usuário' },
      ]);
    }
    return;
  }
  const found = user === undefined ? undefined : await store.collection(users).get(user);
  if (!found || !found.active || found.role !== 'professional') {
    throw new DomainError('validation', 'Dados inválidos', [
      { path: 'user', message: 'informe um profissional ativo da conta, a quem a estação pertence' },
    ]);
  }
}

/**
 * `POST /installation/enrolmentCode` and `GET /installation/`, `DELETE /installation/{id}` (admins,
 * `access:write`), and the public `POST /installation/enrolment` an installation calls with its code.
 */
export function deviceOperations(devices: Devices) {
  const createCode = defineOperation({
    name: 'installation.createEnrolmentCode',
    group: 'Sync',
    summary: 'Cria um código de uso único para cadastrar uma instalação (recepção, totem, filial)',
    description: 'O código vale 24 horas e uma única vez; a instalação o troca pelo seu token de sincronização.',
    permission: 'access:write',
    input: z.strictObject({
      name: z.string().trim().min(1).max(80),
      kind: z.enum(DEVICE_KINDS).default('desk'),
      clinic: z.string().min(1).max(64).optional(),
      /** Kind `professional` only: the professional the station is bound to (MED-007). */
      user: z.string().min(1).max(64).optional(),
    }),
    output: z.object({ code: z.string(), expiresAt: z.string() }),
    http: { method: 'POST', path: '/installation/enrolmentCode', status: 201 },
    example: { name: 'Recepção 1', kind: 'desk', clinic: EXAMPLE_CLINIC },
    async run(ctx, input) {
      if (input.clinic !== undefined && !(await ctx.store.collection(clinics).get(input.clinic))) {
        throw new DomainError('not_found', 'Clínica não encontrada', [{ path: 'clinic', message: 'não existe' }]);
      }
      await checkBinding(ctx.store, input.kind, input.user);
      return devices.createCode({
        tenantId: ctx.actor.tenantId,
        clinicId: input.clinic ?? null,
        kind: input.kind,
        name: input.name,
        createdBy: ctx.actor.id,
        userId: input.user ?? null,
      });
    },
  });

  const enrol = defineOperation({
    name: 'installation.enrol',
    group: 'Sync',
    summary: 'Troca um código de instalação pelo token de sincronização (uma única vez)',
    permission: '',
    public: true,
    input: z.strictObject({ code: z.string().trim().min(1).max(40) }),
    output: z.object({ token: z.string(), tenantId: z.string(), installation: info }),
    http: { method: 'POST', path: '/installation/enrolment', status: 201 },
    example: { code: 'ABCD-EFGH-JKMN' },
    async run(_ctx, { code }) {
      const { token, tenantId, device } = await devices.enrol(code);
      return { token, tenantId, installation: device };
    },
  });

  const list = defineOperation({
    name: 'installation.list',
    group: 'Sync',
    summary: 'Lista as instalações da conta (revogadas também)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ items: z.array(info) }),
    http: { method: 'GET', path: '/installation/' },
    example: {},
    run: async (ctx) => ({ items: await devices.list(ctx.actor.tenantId) }),
  });

  const revoke = defineOperation({
    name: 'installation.revoke',
    group: 'Sync',
    summary: 'Revoga uma instalação: ela para de sincronizar na hora',
    permission: 'access:write',
    input: z.strictObject({ id: z.string().min(1).max(64) }),
    output: info,
    http: { method: 'DELETE', path: '/installation/{id}' },
    example: { id: EXAMPLE_CLINIC },
    run: (ctx, { id }) => devices.revoke(ctx.actor.tenantId, id),
  });

  return [createCode, enrol, list, revoke];
}
