/**
 * The schedule view (`GET /appointment/`): a clinic's or a professional's appointments over a range of
 * days in the clinic's zone, in start order. The desk's day and week screens read it; the bench
 * (`test/bench/schedule-views.ts`) times it.
 */
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '#core/common/paging.js';
import { cursorInput } from '#core/common/query-input.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { appointments, appointmentViewItem, type Appointment } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadClinic } from './appointment-write.js';
import { OCCUPYING } from './status.js';
import { dayInput, dayRange } from './time.js';

/** What a view lists. */
export interface ViewRequest {
  clinic: string;
  professional?: string | undefined;
  /** UTC key range `[from, to)` of the start. */
  from: string;
  to: string;
  includeCancelled: boolean;
  limit: number;
  cursor?: string | undefined;
}

/**
 * One page of a view: by professional (index professional+start, then the clinic filtered in memory)
 * or by clinic (index clinic+start).
 */
export async function viewPage(
  store: Store,
  request: ViewRequest,
): Promise<{ items: Stored<Appointment>[]; next: string | null }> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  const by = request.professional ? { professional: request.professional } : { clinic: request.clinic };
  const wanted = request.limit + 1;
  const collection = store.collection(appointments);
  const keep = (a: Appointment) => a.clinic === request.clinic && (request.includeCancelled || OCCUPYING.has(a.status));
  const found: Stored<Appointment>[] = [];
  const sort = [{ startUtc: 'asc' as const }, { id: 'asc' as const }];
  if (after) {
    const same = await collection.find({ selector: { ...by, startUtc: after.key, id: { $gt: after.id } }, sort });
    found.push(...same.filter(keep));
  }
  let from = after ? after.key : request.from;
  let inclusive = !after;
  // Filtered-out records (other clinics, cancelled) may leave a batch short: read on until the page fills.
  for (;;) {
    if (found.length >= wanted) break;
    const startUtc = inclusive ? { $gte: from, $lt: request.to } : { $gt: from, $lt: request.to };
    const batch = await collection.find({ selector: { ...by, startUtc }, sort, limit: wanted * 2 });
    found.push(...batch.filter(keep));
    const last = batch[batch.length - 1];
    if (batch.length < wanted * 2 || !last) break;
    // Records sharing the last start may be cut by the limit: take the rest of that instant.
    const rest = await collection.find({ selector: { ...by, startUtc: last.startUtc, id: { $gt: last.id } }, sort });
    found.push(...rest.filter(keep));
    from = last.startUtc;
    inclusive = false;
  }
  const items = found.slice(0, request.limit);
  const tail = items[items.length - 1];
  return { items, next: found.length > request.limit && tail ? encodeCursor(tail.startUtc, tail.id) : null };
}

/** `appointment.list`: `GET /appointment/?clinic=…&date=…&days=…` (day, week or month view). */
export const listAppointments = defineOperation({
  name: 'appointment.list',
  group: GROUP,
  summary: 'Agenda: agendamentos de uma clínica (ou de um profissional nela) por dia, semana ou mês',
  description:
    'Dias no fuso da clínica, em ordem de início. Desmarcados, remarcados e faltas só com `includeCancelled=true`. Sem o histórico de status (está em `GET /appointment/{id}`).',
  permission: 'appointment:read',
  input: z.strictObject({
    clinic: idInput,
    professional: idInput.optional(),
    date: dayInput,
    days: z.coerce.number().int().min(1).max(31).default(1),
    includeCancelled: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .default(false),
    limit: z.coerce.number().int().min(1).max(2000).default(500),
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(appointmentViewItem), next: z.string().nullable() }),
  http: { method: 'GET', path: '/appointment/' },
  example: { clinic: EXAMPLE_ID, date: '2026-11-24', days: 7 },
  async run(ctx, input) {
    const clinic = await loadClinic(ctx.store, input.clinic);
    const range = dayRange(input.date, input.days, clinic.timeZone);
    return viewPage(ctx.store, { ...input, ...range });
  },
});
