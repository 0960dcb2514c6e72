/**
 * Event operations (spec §4.4 Clinic: "create, disable and rename a custom event"), plus get and
 * list, which budgets and the schedule need to pick an event.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { pageBy } from '#core/common/paging.js';
import { activeFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { eventCodeInput, eventFieldsInput, eventOutput, events } from './event-record.js';
import { activationOperations } from '#core/common/activation-ops.js';

const GROUP = 'Clinic';

/** @throws DomainError `conflict` naming `code` when an active event already has it. */
export async function assertEventCodeFree(
  ctx: OperationContext,
  code: string | undefined,
  self?: string,
): Promise<void> {
  if (!code) return;
  const taken = await ctx.store.collection(events).find({ selector: { code, active: true }, limit: 2 });
  const other = taken.find((e) => e.id !== self);
  if (other) throw conflictOn('code', 'Código já usado por outro evento', `${other.name} (${other.id})`);
}

/** `event.create`: `POST /event/` (201). */
export const createEvent = defineOperation({
  name: 'event.create',
  group: GROUP,
  summary: 'Cria um evento próprio (procedimento ou serviço da clínica)',
  permission: 'clinic:write',
  input: z.strictObject(eventFieldsInput),
  output: z.object({ message: z.string(), event: eventOutput }),
  http: { method: 'POST', path: '/event/', status: 201 },
  example: {
    name: 'Consulta em consultório',
    code: '10101012',
    tissTable: '22',
    type: 'consultation',
    durationMinutes: 30,
  },
  async run(ctx, input) {
    await assertEventCodeFree(ctx, input.code);
    if (input.specialty)
      await requireReference(ctx.store.collection(specialties), input.specialty, 'Especialidade', 'specialty');
    const event = await ctx.store
      .collection(events)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), custom: true, active: true }));
    return { message: 'Evento criado', event };
  },
});

/** `event.get`: `GET /event/{id}`. */
export const getEvent = defineOperation({
  name: 'event.get',
  group: GROUP,
  summary: 'Mostra um evento',
  permission: 'clinic:read',
  input: z.strictObject({ id: idInput }),
  output: eventOutput,
  http: { method: 'GET', path: '/event/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(events), id, 'Evento'),
});

/** `event.list`: `GET /event/`. */
export const listEvents = defineOperation({
  name: 'event.list',
  group: GROUP,
  summary: 'Lista eventos por início do nome ou pelo código',
  permission: 'clinic:read',
  input: z.strictObject({
    q: z.string().max(300).optional().describe('início do nome'),
    code: eventCodeInput.optional(),
    active: activeFilterInput,
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(eventOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/event/' },
  example: { q: 'consulta' },
  run: (ctx, { q, code, active, limit, cursor }) =>
    pageBy(ctx.store.collection(events), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ ...(active === undefined ? {} : { active }), ...(code ? { code } : {}) }],
      limit,
      cursor,
    }),
});

/** `event.rename`: `PUT /event/{id}/name`. */
export const renameEvent = defineOperation({
  name: 'event.rename',
  group: GROUP,
  summary: 'Renomeia um evento',
  permission: 'clinic:write',
  input: z.strictObject({ id: idInput, name: nameInput(300) }),
  output: eventOutput,
  http: { method: 'PUT', path: '/event/{id}/name' },
  example: { id: EXAMPLE_ID, name: 'Consulta eletiva em consultório' },
  async run(ctx, { id, name }) {
    const collection = ctx.store.collection(events);
    const current = await requireRecord(collection, id, 'Evento');
    return collection.update(id, current._rev, { ...current, name, nameKey: searchKey(name), updatedAt: nowIso(ctx) });
  },
});

/** `event.inactivate` and `event.activate`: `POST /event/{id}/inactivation|activation`. */
export const [inactivateEvent, activateEvent] = activationOperations({
  name: 'event',
  group: GROUP,
  path: '/event/{id}',
  permission: 'clinic:write',
  collection: events,
  output: eventOutput,
  what: 'Evento',
  summaries: {
    inactivate: 'Desativa um evento (continua no histórico, não é mais oferecido)',
    activate: 'Reativa um evento desativado',
  },
  beforeActivating: (ctx, current) => assertEventCodeFree(ctx, current.code, current.id),
});

/** The operations of this file, collected by the group's index. */
export const eventOperations = [createEvent, getEvent, listEvents, renameEvent, inactivateEvent, activateEvent];
