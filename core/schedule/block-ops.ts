/**
 * Time-slot blocking (spec §4.3 "Block one or more time slots for a professional", "Unlock blocked
 * appointments"): blocks with a reason, once or recurring (daily or on chosen weekdays until a day),
 * and their removal. Blocking over existing appointments is allowed (a sudden absence is a fact); the
 * answer lists them so the reception can reschedule.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { textInput } from '#core/br/schemas.js';
import { DEFAULT_TIME_ZONE } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput, missingReference, newRecordBase } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadClinic, placeTimes, requireProfessional } from './appointment-write.js';
import { blockOutput, MAX_BLOCK_MINUTES, scheduleBlocks, type ScheduleBlock } from './block-record.js';
import { overlappingAppointments } from './occupancy.js';
import { addDays, dayIn, dayInput, dayRange, inZone, instantInput, localTimeIn, weekdayOf } from './time.js';

/** Most occurrences one request creates: a year of daily blocks. */
export const MAX_OCCURRENCES = 366;

const recurrenceInput = z.strictObject({
  frequency: z.enum(['daily', 'weekly']),
  /** Last day (inclusive) in the clinic's zone. */
  until: dayInput,
  /** Weekly only: 0 (domingo) to 6 (sábado); default the first block's weekday. */
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
});

/** The ranges of a block and its recurrence, as local times repeated on each matching day. */
export function occurrences(
  start: string,
  end: string,
  timeZone: string,
  recurrence?: z.output<typeof recurrenceInput>,
): { start: string; end: string }[] {
  if (!recurrence) return [{ start, end }];
  const firstDay = dayIn(start, timeZone);
  if (recurrence.until < firstDay)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'recurrence.until', message: 'antes do primeiro bloqueio' },
    ]);
  const fromTime = inZone(start, timeZone).slice(11, 16);
  const minutes = (Date.parse(end) - Date.parse(start)) / 60_000;
  const weekdays = new Set(recurrence.weekdays ?? [weekdayOf(firstDay)]);
  const out: { start: string; end: string }[] = [];
  for (let day = firstDay; day <= recurrence.until; day = addDays(day, 1)) {
    if (recurrence.frequency === 'weekly' && !weekdays.has(weekdayOf(day))) continue;
    if (out.length === MAX_OCCURRENCES)
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'recurrence.until', message: `no máximo ${MAX_OCCURRENCES} ocorrências` },
      ]);
    const at = localTimeIn(day, fromTime, timeZone);
    out.push({ start: at.toISOString(), end: new Date(at.getTime() + minutes * 60_000).toISOString() });
  }
  return out;
}

async function zoneOf(store: Store, clinic?: string): Promise<string> {
  return clinic ? (await loadClinic(store, clinic)).timeZone : DEFAULT_TIME_ZONE;
}

/** `scheduleBlock.create`: `POST /schedule/block` (201). */
export const createBlock = defineOperation({
  name: 'scheduleBlock.create',
  group: GROUP,
  summary: 'Bloqueia um ou mais horários de um profissional (com motivo e recorrência)',
  description:
    'Sem `clinic`, vale para todas as clínicas. Agendamentos já marcados no período não são desmarcados: vêm em `affectedAppointments`.',
  permission: 'appointment:write',
  input: z.strictObject({
    professional: refInput(() => users),
    clinic: refInput(() => clinics).optional(),
    start: instantInput,
    end: instantInput,
    reason: textInput(300),
    recurrence: recurrenceInput.optional(),
  }),
  output: z.object({ message: z.string(), blocks: z.array(blockOutput), affectedAppointments: z.array(z.string()) }),
  http: { method: 'POST', path: '/schedule/block', status: 201 },
  example: {
    professional: EXAMPLE_ID,
    start: '2026-11-24T12:00:00-03:00',
    end: '2026-11-24T13:00:00-03:00',
    reason: 'Almoço',
    recurrence: { frequency: 'weekly', until: '2026-12-31', weekdays: [1, 2, 3, 4, 5] },
  },
  async run(ctx, input) {
    return ctx.store.transaction(async (tx) => {
      await requireProfessional(tx, input.professional);
      const timeZone = await zoneOf(tx, input.clinic);
      placeTimes(input.start, input.end, timeZone, MAX_BLOCK_MINUTES);
      const base = newRecordBase({ ...ctx, store: tx });
      const records: ScheduleBlock[] = occurrences(input.start, input.end, timeZone, input.recurrence).map(
        (range, n) => ({
          ...base,
          id: n === 0 ? base.id : ctx.ids.next(),
          ...placeTimes(range.start, range.end, timeZone, MAX_BLOCK_MINUTES),
          professional: input.professional,
          ...(input.clinic ? { clinic: input.clinic } : {}),
          reason: input.reason,
          series: base.id,
          createdBy: ctx.actor.id,
        }),
      );
      await tx.collection(scheduleBlocks).insertMany(records);
      const affected = new Set<string>();
      for (const block of records) {
        for (const a of await overlappingAppointments(tx, { ...block }))
          if (!input.clinic || a.clinic === input.clinic) affected.add(a.id);
      }
      const word = records.length === 1 ? 'Horário bloqueado' : `${records.length} horários bloqueados`;
      return { message: word, blocks: records, affectedAppointments: [...affected] };
    });
  },
});

/** `scheduleBlock.list`: `GET /schedule/block?professional=…&date=…&days=…`. */
export const listBlocks = defineOperation({
  name: 'scheduleBlock.list',
  group: GROUP,
  summary: 'Lista os bloqueios de um profissional num período',
  permission: 'appointment:read',
  input: z.strictObject({
    professional: idInput,
    clinic: idInput.optional(),
    date: dayInput,
    days: z.coerce.number().int().min(1).max(62).default(7),
  }),
  output: z.object({ items: z.array(blockOutput), next: z.null() }),
  http: { method: 'GET', path: '/schedule/block' },
  example: { professional: EXAMPLE_ID, date: '2026-11-23' },
  async run(ctx, { professional, clinic, date, days }) {
    const range = dayRange(date, days, await zoneOf(ctx.store, clinic));
    const found = await ctx.store.collection(scheduleBlocks).find({
      selector: { professional, startUtc: { $gte: range.from, $lt: range.to } },
      sort: [{ startUtc: 'asc' }],
    });
    return { items: found.filter((b) => !clinic || !b.clinic || b.clinic === clinic), next: null };
  },
});

/** `scheduleBlock.unlock`: `POST /schedule/block/unlock` — removes blocks by id or a whole series. */
export const unlockBlocks = defineOperation({
  name: 'scheduleBlock.unlock',
  group: GROUP,
  summary: 'Desbloqueia horários: remove bloqueios pelos ids ou uma série recorrente inteira',
  description:
    'Uma série remove só as ocorrências a partir de `from` (padrão: todas). Ids desconhecidos são 404 e nada é removido.',
  permission: 'appointment:write',
  input: z
    .strictObject({
      blocks: z
        .array(refInput(() => scheduleBlocks))
        .min(1)
        .max(MAX_OCCURRENCES)
        .optional(),
      series: scheduleIdInput.optional(),
      from: instantInput.optional(),
    })
    .refine((v) => (v.blocks === undefined) !== (v.series === undefined), {
      message: 'informe `blocks` ou `series`',
      path: ['blocks'],
    }),
  output: z.object({ message: z.string(), removed: z.number() }),
  http: { method: 'POST', path: '/schedule/block/unlock' },
  example: { blocks: [EXAMPLE_ID] },
  async run(ctx, { blocks, series, from }) {
    const removed = await ctx.store.transaction(async (tx) => {
      const collection = tx.collection(scheduleBlocks);
      const targets = [];
      if (series) {
        const all = await collection.find({ selector: { series } });
        if (all.length === 0) throw missingReference('Série de bloqueios', 'series', series);
        targets.push(...all.filter((b) => !from || b.startUtc >= new Date(from).toISOString()));
      }
      for (const [i, id] of (blocks ?? []).entries()) {
        const block = await collection.get(id);
        if (!block) throw missingReference('Bloqueio', `blocks.${i}`, id);
        targets.push(block);
      }
      const unique = new Map(targets.map((b) => [b.id, b]));
      for (const block of unique.values()) await collection.remove(block.id, block._rev);
      return unique.size;
    });
    return { message: removed === 1 ? 'Horário desbloqueado' : `${removed} horários desbloqueados`, removed };
  },
});

/** The operations of this file. */
export const blockOperations = [createBlock, listBlocks, unlockBlocks];
