/**
 * Installations over REST (the CLI has the same, admin-cli.ts): an account admin creates a one-time
 * enrolment code, the new installation exchanges it for its device token, the admin lists and revokes
 * installations.
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import type { Devices } from './devices.js';
import { DEVICE_KINDS } from './sync-tables.js';

const info = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  clinicId: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});

const EXAMPLE_CLINIC = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b';

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
    }),
    output: z.object({ code: z.string(), expiresAt: z.string() }),
    http: { method: 'POST', path: '/installation/enrolmentCode', status: 201 },
    example: { name: 'Recepção 1', kind: 'desk', clinic: EXAMPLE_CLINIC },
    async run(ctx, input) {
      if (input.clinic !== undefined && !(await ctx.store.collection(clinics).get(input.clinic))) {
        throw new DomainError('not_found', 'Clínica não encontrada', [{ path: 'clinic', message: 'não existe' }]);
      }
      return devices.createCode({
        tenantId: ctx.actor.tenantId,
        clinicId: input.clinic ?? null,
        kind: input.kind,
        name: input.name,
        createdBy: ctx.actor.id,
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
