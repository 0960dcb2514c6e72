/**
 * The seeding page of the desk benches (desk-app.ts), bundled by esbuild and served at the app's own
 * origin, so it writes the IndexedDB database the app opens: the demo clinic as the app seeds it, then
 * patients and appointments through the catalogue's operations, as the desk itself would write them.
 */
import '../../renderer/src/zod-config.js';
import { cpfWithCheckDigits } from '#core/br/cpf.js';
import { DomainError } from '#core/errors.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { confirmAppointment } from '#core/schedule/confirmation-ops.js';
import { listAppointments } from '#core/schedule/schedule-view-ops.js';
import { addDays, dayIn, localTimeIn } from '#core/schedule/time.js';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import { clockTime } from '../../renderer/src/reception/day-grid.js';
import { dexieStorage } from '#core/store/rxdb/index.js';
import { DEMO_TENANT, demoActor, seedDemoClinic } from '../../renderer/src/local/demo-seed.js';
import { databaseNameFor, openLocalCore } from '../../renderer/src/local/local-core.js';
import { DESK_SEED_PLAN, deskPatientName, type DeskSeedResult } from './desk-seed-plan.js';

/** The clinic's slots a seeded professional may hold: 30 minutes from 07:00 to 21:00 (the demo's hours). */
const SLOTS = 28;

function slotTime(slot: number): string {
  const minutes = 7 * 60 + slot * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A day's slot order for one professional: spread over the day first (so free slots stay between
 * appointments, as in a real schedule), then the rest, for when a spread slot was already taken.
 */
function slotOrder(perProfessional: number): number[] {
  const spread = Array.from({ length: perProfessional }, (_, j) => Math.floor((j * SLOTS) / perProfessional));
  const rest = Array.from({ length: SLOTS }, (_, s) => s).filter((s) => !spread.includes(s));
  return [...new Set(spread), ...rest];
}

async function deskSeed(): Promise<DeskSeedResult> {
  const started = performance.now();
  const core = await openLocalCore({
    name: databaseNameFor(DEMO_TENANT),
    tenantId: DEMO_TENANT,
    storage: dexieStorage(),
    multiInstance: false,
  });
  try {
    const actor = demoActor();
    const clinicId = await seedDemoClinic(core);
    const ctx = core.context(actor);
    const professionals = (await ctx.store.collection(users).find({ selector: { role: 'professional' } }))
      .map((u) => u.id)
      .sort();
    const patientIds: string[] = [];
    for (let i = 0; i < DESK_SEED_PLAN.patients; i++) {
      const { patient } = await core.run(
        createPatient,
        {
          name: deskPatientName(i),
          cpf: cpfWithCheckDigits(String(400_000_000 + i * 1_234_567).slice(0, 9)),
          cellPhone: `(11) 9${String(7000_0000 + i * 97_531).slice(0, 8)}`,
          insurances: [],
        },
        actor,
      );
      patientIds.push(patient.id);
    }

    const timeZone = 'America/Sao_Paulo';
    const today = dayIn(new Date(), timeZone);
    const { appointments, days, firstDay } = DESK_SEED_PLAN;
    const perDay = appointments / days;
    const perProfessional = Math.ceil(perDay / professionals.length);
    let created = 0;
    for (let d = 0; d < days; d++) {
      const date = addDays(today, firstDay + d);
      const queues = professionals.map(() => slotOrder(perProfessional));
      for (let k = 0; k < perDay;) {
        const p = k % professionals.length;
        const slot = queues[p]!.shift();
        if (slot === undefined) throw new Error(`no slot left on ${date} for professional ${p}`);
        const start = localTimeIn(date, slotTime(slot), timeZone);
        // Patients past the seeded ones are kept free of appointments for the memory bench's bookings.
        const patient = patientIds[(created * 7) % DESK_SEED_PLAN.seededPatients]!;
        try {
          const { appointment } = await core.run(
            createAppointment,
            {
              clinic: clinicId,
              professional: professionals[p]!,
              patient,
              start: start.toISOString(),
              end: new Date(start.getTime() + 30 * 60_000).toISOString(),
            },
            actor,
          );
          if (created % 3 === 0) await core.run(confirmAppointment, { id: appointment.id, channel: 'whatsapp' }, actor);
        } catch (error) {
          // The demo's own appointments of today hold a few slots: take the next one.
          if (error instanceof DomainError && error.code === 'conflict') continue;
          throw error;
        }
        created++;
        k++;
      }
    }
    const listed = await core.run(listAppointments, { clinic: clinicId, date: today, days: 1, limit: 2000 }, actor);
    const markers: DeskSeedResult['markers'] = [];
    for (let d = 1; d <= DESK_SEED_PLAN.markedDays; d++) {
      const date = addDays(today, d);
      const day = await core.run(listAppointments, { clinic: clinicId, date, days: 1, limit: 2000 }, actor);
      const first = [...day.items].sort((a, b) => a.start.localeCompare(b.start))[0]!;
      const professional = await ctx.store.collection(users).get(first.professional);
      const patient = await ctx.store.collection(patients).get(first.patient);
      markers.push({ date, cell: `${clockTime(first.start, timeZone)}, ${professional!.name}: ${patient!.name}` });
    }
    return {
      appointments: created,
      today,
      todayCount: listed.items.length,
      markers,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await core.close();
  }
}

Object.assign(globalThis, { deskSeed });
