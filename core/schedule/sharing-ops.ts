/**
 * Schedule sharing (spec §4.3 Share, Accept invite, Remove share, "Return all shared routes"): a
 * professional (or an admin for them) shares their schedule with another user of the account, with
 * read or write permission; the other user accepts the invite. Only the people involved (and admins)
 * see a share; to anyone else it does not exist (404).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { users } from '#core/access/user.js';
import { can } from '#core/actor.js';
import { EXAMPLE_ID, idInput, newRecordBase, nowIso, recordOutputFields } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { requireProfessional } from './appointment-write.js';

/** One share of a professional's schedule. */
export interface ScheduleShare extends RecordBase {
  /** Whose schedule (`users` id). */
  professional: string;
  /** Who receives it (`users` id). */
  sharedWith: string;
  permission: 'read' | 'write';
  status: 'pending' | 'accepted';
  invitedBy: string;
  acceptedAt?: string;
}

/** The `schedule_shares` collection. */
export const scheduleShares = defineCollection<ScheduleShare>({
  name: 'schedule_shares',
  fields: { professional: 'string', sharedWith: 'string' },
  indexes: [['professional'], ['sharedWith']],
});

/** A share as answered. */
export const shareOutput = z
  .object({
    ...recordOutputFields,
    professional: z.string(),
    sharedWith: z.string(),
    permission: z.enum(['read', 'write']),
    status: z.enum(['pending', 'accepted']),
    invitedBy: z.string(),
    acceptedAt: z.string().optional(),
  })
  .meta({ id: 'Share' });

const isAdmin = (ctx: OperationContext) => can(ctx.actor, 'access:write');
const involved = (ctx: OperationContext, share: ScheduleShare) =>
  isAdmin(ctx) || share.professional === ctx.actor.id || share.sharedWith === ctx.actor.id;

async function loadShare(ctx: OperationContext, id: string): Promise<Stored<ScheduleShare>> {
  const share = await ctx.store.collection(scheduleShares).get(id);
  if (!share || !involved(ctx, share))
    throw new DomainError('not_found', 'Compartilhamento não encontrado', [
      { path: 'id', message: `não existe: ${id}` },
    ]);
  return share;
}

/** `scheduleShare.create`: `POST /schedule/share` (201) — an invite the other user accepts. */
export const shareSchedule = defineOperation({
  name: 'scheduleShare.create',
  group: GROUP,
  summary: 'Compartilha a agenda de um profissional com outro usuário da conta (leitura ou escrita)',
  description:
    'Quem compartilha é o próprio profissional ou um administrador. Compartilhar de novo com a mesma pessoa troca a permissão.',
  permission: 'appointment:read',
  input: z.strictObject({
    professional: refInput(() => users),
    sharedWith: refInput(() => users),
    permission: z.enum(['read', 'write']).default('read'),
  }),
  output: z.object({ message: z.string(), share: shareOutput }),
  http: { method: 'POST', path: '/schedule/share', status: 201 },
  example: { professional: EXAMPLE_ID, sharedWith: EXAMPLE_ID, permission: 'write' },
  async run(ctx, { professional, sharedWith, permission }) {
    if (ctx.actor.id !== professional && !isAdmin(ctx))
      throw new DomainError('forbidden', 'Só o profissional ou um administrador compartilha esta agenda', [
        { path: 'professional', message: 'não é você' },
      ]);
    if (professional === sharedWith)
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'sharedWith', message: 'é o próprio profissional' },
      ]);
    await requireProfessional(ctx.store, professional);
    await requireProfessional(ctx.store, sharedWith, 'sharedWith');
    const collection = ctx.store.collection(scheduleShares);
    const [existing] = (await collection.find({ selector: { professional } })).filter(
      (s) => s.sharedWith === sharedWith,
    );
    const share = existing
      ? await collection.update(existing.id, existing._rev, { ...existing, permission, updatedAt: nowIso(ctx) })
      : await collection.insert({
          ...newRecordBase(ctx),
          professional,
          sharedWith,
          permission,
          status: 'pending',
          invitedBy: ctx.actor.id,
        });
    return { message: 'Convite de compartilhamento criado', share };
  },
});

/** `scheduleShare.accept`: `POST /schedule/share/{id}/acceptance` — only the invited user. */
export const acceptShare = defineOperation({
  name: 'scheduleShare.accept',
  group: GROUP,
  summary: 'Aceita um convite de compartilhamento de agenda',
  permission: 'appointment:read',
  input: z.strictObject({ id: scheduleIdInput }),
  output: shareOutput,
  http: { method: 'POST', path: '/schedule/share/{id}/acceptance' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const share = await loadShare(ctx, id);
    if (share.sharedWith !== ctx.actor.id)
      throw new DomainError('forbidden', 'Só quem foi convidado aceita o convite', [
        { path: 'id', message: 'convite de outra pessoa' },
      ]);
    if (share.status === 'accepted') return share;
    const at = nowIso(ctx);
    return ctx.store
      .collection(scheduleShares)
      .update(id, share._rev, { ...share, status: 'accepted', acceptedAt: at, updatedAt: at });
  },
});

/** `scheduleShare.remove`: `DELETE /schedule/share/{id}` (200, no body). */
export const removeShare = defineOperation({
  name: 'scheduleShare.remove',
  group: GROUP,
  summary: 'Remove um compartilhamento de agenda (o profissional, o convidado ou um administrador)',
  permission: 'appointment:read',
  input: z.strictObject({ id: scheduleIdInput }),
  output: z.void(),
  http: { method: 'DELETE', path: '/schedule/share/{id}', emptyBody: true },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const share = await loadShare(ctx, id);
    await ctx.store.collection(scheduleShares).remove(id, share._rev);
  },
});

/** `scheduleShare.list`: `GET /schedule/share/` — the shares the caller gave or received (admins: all of a professional). */
export const listShares = defineOperation({
  name: 'scheduleShare.list',
  group: GROUP,
  summary: 'Lista os compartilhamentos de agenda de quem chama (dados e recebidos)',
  permission: 'appointment:read',
  input: z.strictObject({ professional: idInput.optional() }),
  output: z.object({ items: z.array(shareOutput), next: z.null() }),
  http: { method: 'GET', path: '/schedule/share/' },
  example: {},
  async run(ctx, { professional }) {
    const collection = ctx.store.collection(scheduleShares);
    const found = professional
      ? await collection.find({ selector: { professional } })
      : [
          ...(await collection.find({ selector: { professional: ctx.actor.id } })),
          ...(await collection.find({ selector: { sharedWith: ctx.actor.id } })),
        ];
    return { items: found.filter((s) => involved(ctx, s)), next: null };
  },
});

/** The operations of this file. */
export const shareOperations = [shareSchedule, acceptShare, removeShare, listShares];
