/**
 * Test-only: a real RxDB memory store holding the collections the schedule reads (12 of RxDB's 13),
 * a clinic, two professionals and a patient, and a way to run operations as the renderer does.
 */
import type { z } from 'zod';
import { users, type User } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { testActor, TEST_NOW } from '#core/common/testing.js';
import { fixedClock, type Clock } from '#core/clock.js';
import { isDomainError, type DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { memoryOutbox, type OutboxMessage } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { Database } from '#core/store/port.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { scheduleModule } from './module.js';
import { ticketModule } from '#core/ticket/module.js';
import { moduleCollections } from '#core/module.js';
import { installOpened } from '#core/module-testing.js';

export { TEST_NOW, testActor };

/** An open schedule store with one clinic (São Paulo, Mon–Fri 08:00–18:00), two professionals, one patient. */
export interface ScheduleHarness {
  database: Database;
  ctx: OperationContext;
  messages: OutboxMessage[];
  clinic: string;
  professionals: [string, string];
  patient: string;
  run<I extends z.ZodType, O extends z.ZodType>(
    op: Operation<I, O>,
    input: z.input<I>,
    actor?: Actor,
  ): Promise<z.output<O>>;
  failure(op: Operation, input: unknown, actor?: Actor): Promise<DomainError>;
  /** Creates another patient and answers its id. */
  newPatient(name: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

let opened = 0;
const runId = Math.random().toString(36).slice(2, 8);

/** A professional as the access module stores one (a temporary user: schedulable, no login). */
export function professionalRecord(id: string, tenantId: string, name: string, at = TEST_NOW): User {
  return {
    id,
    tenantId,
    createdAt: at,
    updatedAt: at,
    name,
    email: null,
    cpf: null,
    role: 'professional',
    council: 'CRM',
    councilNumber: '123456',
    councilState: 'SP',
    specialties: [],
    status: 'temporary',
    active: true,
    credentialsChangedAt: null,
  };
}

/**
 * Opens the harness. @param clock what operations see as now; 2026-11-23 09:00 in São Paulo by default.
 * @param extra more collections (the inventory's, for the kits an attendance consumes).
 */
export async function openSchedule(
  clock: Clock = fixedClock(TEST_NOW),
  extra: readonly AnyCollectionDef[] = [],
): Promise<ScheduleHarness> {
  // Tickets too: the check-in issues one (core/ticket/arrival-ticket.ts).
  const collections = [
    clinics,
    events,
    patients,
    specialties,
    insurances,
    users,
    ...moduleCollections(scheduleModule, ticketModule),
    ...extra,
  ];
  // What the modules declare about them (policies, patient references, sync rules), as the catalogue does.
  installOpened(collections);
  const database = await openRxdbDatabase({
    name: `schedule-${runId}-${++opened}`,
    storage: memoryStorage(),
    collections,
    multiInstance: false,
  });
  const outbox = memoryOutbox();
  const contextFor = (actor: Actor): OperationContext => ({
    store: database.forTenant(actor.tenantId),
    actor,
    clock,
    ids: uuidV7Ids,
    outbox,
    numbers: memoryNumberSource(),
  });
  const ctx = contextFor(testActor());
  const run: ScheduleHarness['run'] = (op, input, actor) => invoke(op, actor ? contextFor(actor) : ctx, input);
  const { clinic } = await run(createClinic, {
    name: 'Clínica Central',
    openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
  });
  const professionals: [string, string] = [uuidV7Ids.next(), uuidV7Ids.next()];
  for (const [n, id] of professionals.entries())
    await ctx.store
      .collection(users)
      .insert(professionalRecord(id, 't1', n === 0 ? 'Dra. Ana Lima' : 'Dr. Bruno Reis'));
  const newPatient = async (name: string, extra: Record<string, unknown> = {}) =>
    (await run(createPatient, { name, ...extra })).patient.id;
  const patient = await newPatient('Carla Souza', { email: 'carla@example.com', cellPhone: '(11) 98765-4321' });
  return {
    database,
    ctx,
    messages: outbox.messages,
    clinic: clinic.id,
    professionals,
    patient,
    run,
    async failure(op, input, actor) {
      try {
        await invoke(op, actor ? contextFor(actor) : ctx, input);
      } catch (error) {
        if (isDomainError(error)) return error;
        throw error;
      }
      throw new Error(`${op.name} should have failed`);
    },
    newPatient,
    close: () => database.close(),
  };
}
