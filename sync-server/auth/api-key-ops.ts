/**
 * API keys for integrators (spec §5 `auth-bearer`), managed by an account admin over REST as well
 * as the CLI, each with its own permission scope.
 */
import { z } from 'zod';
import { isPermission } from '#core/access/roles.js';
import { can } from '#core/actor.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { auditBy, type AccessServices } from './services.js';

const info = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});

/** `POST /apiKey/`, `GET /apiKey/`, `DELETE /apiKey/{id}`: admins only (`access:write`). */
export function apiKeyOperations(services: AccessServices) {
  const createKey = defineOperation({
    name: 'apiKey.create',
    group: 'Authentication',
    summary: 'Cria uma chave de API para um integrador (mostrada uma única vez)',
    description:
      'Dê só as permissões que a integração usa (ex.: budget:write, patient:read); ninguém dá a uma chave ' +
      'uma permissão que não tem.',
    permission: 'access:write',
    input: z.strictObject({
      name: z.string().trim().min(1).max(80),
      permissions: z
        .array(z.string().refine(isPermission, 'permissão inválida (ex.: budget:write, patient:read, *)'))
        .min(1)
        .max(60),
    }),
    output: z.object({ message: z.string(), apiKey: info, key: z.string() }),
    http: { method: 'POST', path: '/apiKey/', status: 201 },
    example: { name: 'ERP financeiro', permissions: ['budget:read', 'budget:write', 'patient:read'] },
    async run(ctx, { name, permissions }) {
      const beyond: ErrorDetail[] = permissions.flatMap((p, i) =>
        can(ctx.actor, p) ? [] : [{ path: `permissions.${i}`, message: `você não tem ${p}` }],
      );
      if (beyond.length) throw new DomainError('forbidden', 'Permissão além da sua', beyond);
      const { key, info: created } = await services.keys.createKey(ctx.actor.tenantId, {
        name,
        permissions: [...new Set(permissions)],
      });
      services.audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'apiKey.create',
          recordId: created.id,
          detail: `permissões: ${created.permissions.join(', ')}`,
        }),
      );
      return { message: 'Chave criada; guarde-a agora, ela não será mostrada de novo', apiKey: created, key };
    },
  });

  const listKeys = defineOperation({
    name: 'apiKey.list',
    group: 'Authentication',
    summary: 'Lista as chaves de API da conta (sem o segredo)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ items: z.array(info) }),
    http: { method: 'GET', path: '/apiKey/' },
    example: {},
    run: async (ctx) => ({ items: await services.keys.listKeys(ctx.actor.tenantId) }),
  });

  const revokeKey = defineOperation({
    name: 'apiKey.revoke',
    group: 'Authentication',
    summary: 'Revoga uma chave de API na hora',
    permission: 'access:write',
    input: z.strictObject({ id: z.string().min(1).max(64) }),
    output: info,
    http: { method: 'DELETE', path: '/apiKey/{id}' },
    example: { id: '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e' },
    async run(ctx, { id }) {
      const revoked = await services.keys.revokeKeyOf(ctx.actor.tenantId, id);
      services.audit.record(auditBy(ctx.actor, ctx.origin, { action: 'apiKey.revoke', recordId: id }));
      return revoked;
    },
  });

  return [createKey, listKeys, revokeKey];
}
