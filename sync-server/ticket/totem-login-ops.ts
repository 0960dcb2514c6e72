/**
 * The totem's login (spec §4.4 Clinic: "generate and disable the totem login"): a device credential
 * for one clinic's kiosk, an API key holding exactly the `totem` role's permissions. A kiosk stands in
 * a public hall with nobody signed in, so it gets a key that can issue tickets and check in, never a
 * person's password; generating again replaces the clinic's key, disabling revokes it at once.
 */
import { z } from 'zod';
import { permissionsOf } from '#core/access/roles.js';
import { requireClinic } from '#core/clinic/clinic-ops.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { TOTEM_KEY_PREFIX } from '../auth/api-keys.js';
import { auditBy, type AccessServices } from '../auth/services.js';

/**
 * The name of a clinic's totem key, how the key is found again to replace or disable it, and what
 * binds it to that one clinic (`boundClinic`, sync-server/auth/api-keys.ts).
 */
export function totemKeyName(clinicId: string): string {
  return `${TOTEM_KEY_PREFIX}${clinicId}`;
}

/** `POST /clinic/{id}/totemLogin` and `DELETE /clinic/{id}/totemLogin`: admins only (`access:write`). */
export function totemLoginOperations(services: AccessServices) {
  async function revokeTotemKeys(tenantId: string, clinicId: string): Promise<number> {
    const live = (await services.keys.listKeys(tenantId)).filter(
      (k) => k.name === totemKeyName(clinicId) && k.revokedAt === null,
    );
    for (const key of live) await services.keys.revokeKeyOf(tenantId, key.id);
    return live.length;
  }

  const generate = defineOperation({
    name: 'clinic.totemLogin.generate',
    group: 'Clinic',
    summary: 'Gera o acesso do totem da clínica (substitui o anterior)',
    description:
      'Responde a chave uma única vez: configure-a no totem (cabeçalho auth-bearer). Ela só tem as ' +
      'permissões do perfil totem: emitir senhas e fazer check-in.',
    permission: 'access:write',
    input: z.strictObject({ id: idInput }),
    output: z.object({ message: z.string(), key: z.string(), permissions: z.array(z.string()) }),
    http: { method: 'POST', path: '/clinic/{id}/totemLogin', status: 201 },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const clinic = await requireClinic(ctx, id);
      const replaced = await revokeTotemKeys(ctx.actor.tenantId, clinic.id);
      const permissions = permissionsOf('totem');
      const { key, info } = await services.keys.createKey(ctx.actor.tenantId, {
        name: totemKeyName(clinic.id),
        permissions,
      });
      services.audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'apiKey.create',
          recordId: info.id,
          detail: `totem da clínica ${clinic.id}${replaced ? ', substitui o anterior' : ''}`,
        }),
      );
      return {
        message: 'Acesso do totem gerado; guarde a chave agora, ela não será mostrada de novo',
        key,
        permissions,
      };
    },
  });

  const disable = defineOperation({
    name: 'clinic.totemLogin.disable',
    group: 'Clinic',
    summary: 'Desativa o acesso do totem da clínica na hora',
    permission: 'access:write',
    input: z.strictObject({ id: idInput }),
    output: z.object({}),
    http: { method: 'DELETE', path: '/clinic/{id}/totemLogin', emptyBody: true },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const clinic = await requireClinic(ctx, id);
      if ((await revokeTotemKeys(ctx.actor.tenantId, clinic.id)) > 0) {
        services.audit.record(
          auditBy(ctx.actor, ctx.origin, { action: 'apiKey.revoke', detail: `totem da clínica ${clinic.id}` }),
        );
      }
      return {};
    },
  });

  return [generate, disable];
}
