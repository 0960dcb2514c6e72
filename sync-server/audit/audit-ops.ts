import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '#core/access/audit.js';
import { dateTimeInput } from '#core/br/schemas.js';
import { defineOperation } from '#core/operation.js';
import type { AuditTables } from './audit-table.js';
import type { AuditLog } from './writer.js';

const entry = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  collection: z.string().nullable(),
  recordId: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const instant = dateTimeInput;

/**
 * `GET /audit/`: the account's audit log, newest first, for admins (`audit:read`). There is no route
 * to edit or delete an entry, and the table refuses both (audit-table.ts).
 */
export function auditListOperation(db: Kysely<AuditTables>, log: AuditLog) {
  return defineOperation({
    name: 'audit.list',
    group: 'Audit',
    summary: 'Consulta o registro de auditoria da conta',
    description:
      'Quem leu ou alterou dados de pacientes, logins e falhas de login, uso de chaves e mudanças de permissão; ' +
      'do mais recente ao mais antigo. Passe `next` como `cursor` para a página seguinte.',
    permission: 'audit:read',
    input: z.strictObject({
      actor: z.string().max(64).optional(),
      action: z.enum(AUDIT_ACTIONS).optional(),
      collection: z.string().max(64).optional(),
      record: z.string().max(64).optional(),
      from: instant.optional(),
      to: instant.optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(64).optional(),
    }),
    output: z.object({ items: z.array(entry), next: z.string().nullable() }),
    http: { method: 'GET', path: '/audit/' },
    example: { collection: 'patients', action: 'read', limit: 50 },
    async run(ctx, filter) {
      // What this very request and others queued must be visible to the admin asking.
      await log.flush();
      let query = db.selectFrom('audit_log').selectAll().where('tenant_id', '=', ctx.actor.tenantId);
      if (filter.actor) query = query.where('actor_id', '=', filter.actor);
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.collection) query = query.where('collection', '=', filter.collection);
      if (filter.record) query = query.where('record_id', '=', filter.record);
      if (filter.from) query = query.where('at_ms', '>=', Date.parse(filter.from));
      if (filter.to) query = query.where('at_ms', '<', Date.parse(filter.to));
      if (filter.cursor) query = query.where('id', '<', filter.cursor);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      const page = rows.slice(0, filter.limit);
      return {
        items: page.map((r) => ({
          id: r.id,
          at: r.at,
          actorKind: r.actor_kind,
          actorId: r.actor_id,
          action: r.action as (typeof AUDIT_ACTIONS)[number],
          collection: r.collection,
          recordId: r.record_id,
          detail: r.detail,
          ip: r.ip,
          userAgent: r.user_agent,
        })),
        next: rows.length > filter.limit ? page[page.length - 1]!.id : null,
      };
    },
  });
}
