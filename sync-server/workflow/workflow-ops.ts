/**
 * Third-party workflow integration credentials (spec §4.4 "Third-party workflow integration: delete,
 * get and register credentials"; tag `Third-party workflow integration`, MSG-038): the credential a
 * workflow tool (n8n, Make, Zapier) uses, registered once per account, sealed at rest (secret-box.ts),
 * answered only masked, never replicated to a station, never logged. The spec gives no paths or
 * payloads: these are ours.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { WorkflowTables } from './workflow-tables.js';

const SECRET = 'workflow-credential';
const GROUP = 'Third-party workflow integration';

const info = z
  .object({
    provider: z.enum(['n8n', 'make', 'zapier', 'other']),
    label: z.string(),
    baseUrl: z.string().nullable(),
    secretHint: z.string().describe('a credencial mascarada: só os 4 últimos caracteres'),
    createdAt: z.string(),
  })
  .meta({ id: 'WorkflowCredentials' });

/** The three operations over the server table. */
export function workflowOperations(database: SqlDatabase, box: SecretBox, audit: AuditLog): Operation[] {
  const db: Kysely<WorkflowTables> = database.kysely.withTables<WorkflowTables>();
  const read = async (tenantId: string) => {
    const row = await db
      .selectFrom('workflow_credentials')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Credenciais de automação não registradas');
    return {
      provider: row.provider as z.infer<typeof info>['provider'],
      label: row.label,
      baseUrl: row.base_url,
      secretHint: `…${box.open(row.secret_sealed, SECRET).slice(-4)}`,
      createdAt: row.created_at,
    };
  };

  const register = defineOperation({
    name: 'workflowIntegration.registerCredentials',
    group: GROUP,
    summary: 'Registra as credenciais da integração com ferramenta de automação (n8n, Make, Zapier)',
    description:
      'A credencial fica cifrada no servidor; as respostas só a mostram mascarada. Registrar de novo substitui a anterior.',
    permission: 'access:write',
    input: z.strictObject({
      provider: z.enum(['n8n', 'make', 'zapier', 'other']),
      label: z.string().trim().min(1).max(120),
      baseUrl: z
        .url({ protocol: /^https?$/ })
        .max(500)
        .optional(),
      secret: z.string().trim().min(8).max(2000),
    }),
    output: info,
    http: { method: 'POST', path: '/workflowIntegration/credentials', status: 201 },
    example: {
      provider: 'n8n',
      label: 'Automação da recepção',
      baseUrl: 'https://n8n.clinica.com.br',
      secret: 'n8n_api_0123456789',
    },
    async run(ctx, input) {
      const row = {
        tenant_id: ctx.actor.tenantId,
        provider: input.provider,
        label: input.label,
        base_url: input.baseUrl ?? null,
        secret_sealed: box.seal(input.secret, SECRET),
        created_by: ctx.actor.id,
        created_at: isoWithOffset(ctx.clock.now()),
      };
      const { tenant_id: _t, ...changes } = row;
      await db
        .insertInto('workflow_credentials')
        .values(row)
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
        .execute();
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'update',
          collection: 'workflow_credentials',
          detail: input.provider,
        }),
      );
      return read(ctx.actor.tenantId);
    },
  });

  const get = defineOperation({
    name: 'workflowIntegration.getCredentials',
    group: GROUP,
    summary: 'Obtém as credenciais da integração de automação, sem o segredo',
    permission: 'access:write',
    input: z.strictObject({}),
    output: info,
    http: { method: 'GET', path: '/workflowIntegration/credentials' },
    example: {},
    run: (ctx) => read(ctx.actor.tenantId),
  });

  const remove = defineOperation({
    name: 'workflowIntegration.deleteCredentials',
    group: GROUP,
    summary: 'Apaga as credenciais da integração de automação',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ message: z.string() }),
    http: { method: 'DELETE', path: '/workflowIntegration/credentials' },
    example: {},
    async run(ctx) {
      const result = await db
        .deleteFrom('workflow_credentials')
        .where('tenant_id', '=', ctx.actor.tenantId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw new DomainError('not_found', 'Credenciais de automação não registradas');
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'workflow_credentials' }));
      return { message: 'Credenciais de automação apagadas' };
    },
  });

  return [register, get, remove] as Operation[];
}
