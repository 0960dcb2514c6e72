/**
 * Availability (issue 6): the free slots of a professional over a range of days, from the working
 * hours and slot length in force (settings-ops.ts), minus blocks and occupying appointments, minus
 * what already started. "Create self appointment" (spec §4.3) books only such a slot.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { textInput } from '#core/br/schemas.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { appointmentOutput, appointments, type Appointment } from './appointment-record.js';
import { GROUP, newAppointmentState } from './appointment-ops.js';
import { checkRefs, loadClinic, placeTimes, requireProfessional } from './appointment-write.js';
import { MAX_BLOCK_MINUTES, scheduleBlocks } from './block-record.js';
import { assertSlotFree, MAX_APPOINTMENT_MINUTES, recheckAfterWrite } from './occupancy.js';
import { effectiveSettings } from './settings-ops.js';
import { OCCUPYING } from './status.js';
import { addDays, dayInput, dayRange, inZone, instantInput, localTimeIn, utcKey, weekdayOf } from './time.js';

/** One free slot, with the clinic's offset. */
export interface Slot {
  start: string;
  end: string;
}

const before = (key: string, minutes: number) => utcKey(new Date(Date.parse(key) - minutes * 60_000));

/**
 * Free slots of `professional` at `clinic` for `days` days from `date`, starting after `now`.
 * @throws DomainError `not_found` naming `clinic` or `professional`.
 */
export async function freeSlots(
  store: Store,
  request: { clinic: string; professional: string; date: string; days: number; now: Date },
): Promise<{ slotMinutes: number; slots: Slot[] }> {
  await requireProfessional(store, request.professional);
  const settings = await effectiveSettings(store, request.clinic, request.professional);
  const zone = (await loadClinic(store, request.clinic)).timeZone;
  const range = dayRange(request.date, request.days, zone);
  const busy: { startUtc: string; endUtc: string }[] = [];
  const booked = await store.collection(appointments).find({
    selector: {
      professional: request.professional,
      startUtc: { $gte: before(range.from, MAX_APPOINTMENT_MINUTES), $lt: range.to },
    },
  });
  busy.push(...booked.filter((a) => OCCUPYING.has(a.status) && !a.overbooking));
  const blocks = await store.collection(scheduleBlocks).find({
    selector: {
      professional: request.professional,
      startUtc: { $gte: before(range.from, MAX_BLOCK_MINUTES), $lt: range.to },
    },
  });
  busy.push(...blocks.filter((b) => !b.clinic || b.clinic === request.clinic));
  const now = utcKey(request.now);
  const slots: Slot[] = [];
  for (let n = 0; n < request.days; n++) {
    const day = addDays(request.date, n);
    for (const period of settings.workingHours.filter((p) => p.weekday === weekdayOf(day))) {
      const closes = localTimeIn(day, period.end, zone).getTime();
      for (
        let at = localTimeIn(day, period.start, zone).getTime();
        at + settings.slotMinutes * 60_000 <= closes;
        at += settings.slotMinutes * 60_000
      ) {
        const startUtc = utcKey(new Date(at));
        const endUtc = utcKey(new Date(at + settings.slotMinutes * 60_000));
        if (startUtc < now) continue;
        if (busy.some((b) => b.startUtc < endUtc && b.endUtc > startUtc)) continue;
        slots.push({ start: inZone(startUtc, zone), end: inZone(endUtc, zone) });
      }
    }
  }
  return { slotMinutes: settings.slotMinutes, slots };
}

const slotOutput = z.object({ start: z.string(), end: z.string() });

/** `schedule.availability`: `GET /schedule/availability?clinic=…&professional=…&date=…&days=…`. */
export const getAvailability = defineOperation({
  name: 'schedule.availability',
  group: GROUP,
  summary: 'Horários livres de um profissional num período (horário de trabalho, bloqueios e agendamentos)',
  permission: 'appointment:read',
  input: z.strictObject({
    clinic: idInput,
    professional: idInput,
    date: dayInput,
    days: z.coerce.number().int().min(1).max(31).default(7),
  }),
  output: z.object({ slotMinutes: z.number(), slots: z.array(slotOutput) }),
  http: { method: 'GET', path: '/schedule/availability' },
  example: { clinic: EXAMPLE_ID, professional: EXAMPLE_ID, date: '2026-11-24', days: 7 },
  run: (ctx, input) => freeSlots(ctx.store, { ...input, now: ctx.clock.now() }),
});

async function requireFreeSlot(
  ctx: OperationContext,
  store: Store,
  input: { clinic: string; professional: string; start: string },
  zone: string,
) {
  const day = inZone(input.start, zone).slice(0, 10);
  const { slotMinutes, slots } = await freeSlots(store, { ...input, date: day, days: 1, now: ctx.clock.now() });
  const wanted = utcKey(input.start);
  const slot = slots.find((s) => utcKey(s.start) === wanted);
  if (!slot)
    throw new DomainError('conflict', 'Horário indisponível: escolha um dos horários livres', [
      { path: 'start', message: `livres no dia: ${slots.map((s) => s.start.slice(11, 16)).join(', ') || 'nenhum'}` },
    ]);
  return { slot, slotMinutes };
}

/** `appointment.createSelf`: `POST /appointment/self` (201) — the patient books a free slot. */
export const createSelfAppointment = defineOperation({
  name: 'appointment.createSelf',
  group: GROUP,
  summary: 'Autoagendamento do paciente: só em horário livre, com a duração do horário da agenda',
  permission: 'appointment:write',
  input: z.strictObject({
    clinic: refInput(() => clinics),
    professional: refInput(() => users),
    patient: refInput(() => patients),
    start: instantInput.describe('início de um horário livre (ver /schedule/availability)'),
    specialty: refInput(() => specialties).optional(),
    insurance: refInput(() => insurances).optional(),
    insurancePlan: idInput.optional(),
    notes: textInput(1000).optional(),
  }),
  output: z.object({ message: z.string(), appointment: appointmentOutput }),
  http: { method: 'POST', path: '/appointment/self', status: 201 },
  example: { clinic: EXAMPLE_ID, professional: EXAMPLE_ID, patient: EXAMPLE_ID, start: '2026-11-24T09:00:00-03:00' },
  async run(ctx, input) {
    const appointment = await ctx.store.transaction(async (tx) => {
      const clinic = await checkRefs(tx, input);
      const { slot } = await requireFreeSlot(ctx, tx, input, clinic.timeZone);
      const times = placeTimes(slot.start, slot.end, clinic.timeZone);
      // The caller is the patient: a refusal never names whose appointment took the slot.
      const quiet = { namePatients: false };
      await assertSlotFree(tx, { ...times, professional: input.professional, clinic: clinic.id }, undefined, quiet);
      const base = newRecordBase({ ...ctx, store: tx });
      const record: Appointment = compact({
        ...base,
        ...input,
        ...times,
        events: [],
        selfBooked: true,
        overbooking: false,
        ...newAppointmentState(ctx.actor.id, base.createdAt, false),
      });
      const saved = await tx.collection(appointments).insert(record);
      await recheckAfterWrite(tx, { ...times, professional: input.professional, clinic: clinic.id }, saved.id, quiet);
      return saved;
    });
    return { message: 'Agendamento criado', appointment };
  },
});
