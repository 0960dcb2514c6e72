/**
 * A small operation group used by the HTTP tests: enough to exercise create (201), get, list,
 * an action without response body, and a failing handler, on the real store.
 */
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

export interface Note extends RecordBase {
  title: string;
  priority: number;
  pinned: boolean;
}

export const notes = defineCollection<Note>({
  name: 'notes',
  fields: { title: 'string', priority: 'number', pinned: 'boolean' },
  indexes: [['priority']],
});

const note = z.object({
  id: z.string(),
  title: z.string(),
  priority: z.number(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const createNote = defineOperation({
  name: 'note.create',
  group: 'Notes',
  summary: 'Cria uma nota',
  permission: 'note:write',
  input: z.strictObject({
    title: z.string().min(1),
    priority: z.number().int().min(0).max(5),
    pinned: z.boolean().optional(),
  }),
  output: z.object({ message: z.string(), note }),
  http: { method: 'POST', path: '/note/', status: 201 },
  example: { title: 'Ligar para a paciente Maria', priority: 2 },
  async run(ctx, input) {
    const now = isoWithOffset(ctx.clock.now(), -180);
    const stored = await ctx.store.collection(notes).insert({
      id: ctx.ids.next(),
      tenantId: ctx.store.tenantId,
      createdAt: now,
      updatedAt: now,
      title: input.title,
      priority: input.priority,
      pinned: input.pinned ?? false,
    });
    return { message: 'Nota salva', note: stored };
  },
});

export const getNote = defineOperation({
  name: 'note.get',
  group: 'Notes',
  summary: 'Mostra uma nota',
  permission: 'note:read',
  input: z.strictObject({ id: z.string() }),
  output: note,
  http: { method: 'GET', path: '/note/{id}' },
  async run(ctx, { id }) {
    const found = await ctx.store.collection(notes).get(id);
    if (!found) throw new DomainError('not_found', 'Nota não encontrada', [{ path: 'id', message: id }]);
    return found;
  },
});

export const listNotes = defineOperation({
  name: 'note.list',
  group: 'Notes',
  summary: 'Lista notas',
  permission: 'note:read',
  input: z.strictObject({ minPriority: z.coerce.number().int().optional() }),
  output: z.object({ items: z.array(note) }),
  http: { method: 'GET', path: '/note/' },
  async run(ctx, { minPriority }) {
    const selector = minPriority === undefined ? {} : { priority: { $gte: minPriority } };
    return { items: await ctx.store.collection(notes).find({ selector, sort: [{ priority: 'desc' }] }) };
  },
});

export const unpinNote = defineOperation({
  name: 'note.unpin',
  group: 'Notes',
  summary: 'Desafixa uma nota',
  permission: 'note:write',
  input: z.strictObject({ id: z.string() }),
  output: z.void(),
  http: { method: 'DELETE', path: '/note/{id}/pin', emptyBody: true },
  async run(ctx, { id }) {
    const found = await ctx.store.collection(notes).get(id);
    if (!found) throw new DomainError('not_found', 'Nota não encontrada', [{ path: 'id', message: id }]);
    await ctx.store.collection(notes).update(id, found._rev, { ...found, pinned: false });
  },
});

export const brokenNote = defineOperation({
  name: 'note.broken',
  group: 'Notes',
  summary: 'Sempre falha com um erro inesperado',
  permission: 'note:read',
  input: z.strictObject({}),
  output: z.void(),
  http: { method: 'GET', path: '/note-broken' },
  run() {
    return Promise.reject(new Error('segredo interno: senha=123 at /srv/app.ts:42'));
  },
});

export const noteOperations = [createNote, getNote, listNotes, unpinNote, brokenNote];
