/**
 * The freed-slot offer through the desk's local core on real RxDB (memory storage), seeded as the
 * demo: after a cancellation, who fits the slot (never the patient who cancelled, most urgent first),
 * booking one of them into exactly that slot, and the core refusing a second booking there.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import { isDomainError } from '#core/errors.js';
import { invoke } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { removeAppointment } from '#core/schedule/appointment-flow-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { addDays, dayIn, localTimeIn } from '#core/schedule/time.js';
import { createWaitListEntry, listWaitList } from '#core/schedule/wait-list-ops.js';
import { demoActor, seedDemoClinic } from '../local/demo-seed.js';
import type { RunOperation } from '../local/hooks.js';
import { bookFromWaitList } from './book-entry.js';
import { loadFreedSlot } from './freed-slot.js';
import { memoryDesks } from '../local/memory-desk.js';

const ZONE = 'America/Sao_Paulo';
const openDesk = memoryDesks('freed-slot');

describe('offering a freed slot to the wait list on the desk', () => {
  it('lists who fits, books one into exactly that slot and takes the entry off the list', async () => {
    const core = await openDesk();
    const actor = demoActor();
    const opened = core;
    const run: RunOperation = (op, input) => opened.run(op, input, actor);
    const clinic = await seedDemoClinic(core);
    const ctx = core.context(actor);
    const people = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
    const helena = people.find((u) => u.name === 'Dra. Helena Martins')!;
    const luana = people.find((u) => u.name === 'Dra. Luana Vasconcelos')!;
    const everyone = await ctx.store.collection(patients).find();
    const patient = (name: string) => everyone.find((p) => p.name === name)!.id;

    // Tomorrow 09:00–09:30 with Dra. Helena, booked for João, who is also on the wait list himself.
    const day = addDays(dayIn(new Date(), ZONE), 1);
    const at = (time: string) => localTimeIn(day, time, ZONE).toISOString();
    const { appointment } = await core.run(
      createAppointment,
      {
        clinic,
        professional: helena.id,
        patient: patient('João Pedro Oliveira'),
        start: at('09:00'),
        end: at('09:30'),
      },
      actor,
    );
    const add = (name: string, wants: Omit<z.input<typeof createWaitListEntry.input>, 'patient'>) =>
      opened.run(createWaitListEntry, { patient: patient(name), ...wants }, actor);
    await add('João Pedro Oliveira', { professional: helena.id });
    const { entry: gabriel } = await add('Gabriel Araújo Teixeira', { professional: helena.id, priority: 'normal' });
    const { entry: juliana } = await add('Juliana Costa Almeida', { professional: helena.id, priority: 'urgent' });
    await add('Paulo Henrique Ribeiro', { professional: luana.id });
    await add('Rafael Martins Barbosa', {
      professional: helena.id,
      periods: [{ weekdays: [], from: '14:00', to: '18:00' }],
    });

    await core.run(removeAppointment, { id: appointment.id, reason: 'Viagem', cancelledBy: 'patient' }, actor);
    const freed = await loadFreedSlot(ctx, appointment.id);
    expect(freed).toMatchObject({
      clinic,
      professional: helena.id,
      start: appointment.start,
      end: appointment.end,
      timeZone: ZONE,
      professionalName: 'Dra. Helena Martins',
    });
    // Not João (his own slot), not Paulo (another professional), not Rafael (afternoons); urgent first.
    expect(freed.entries.map((e) => e.patientName)).toEqual(['Juliana Costa Almeida', 'Gabriel Araújo Teixeira']);
    expect(freed.entries[0]!.patientPhone).toMatch(/^\+55119\d{8}$/);

    expect(await bookFromWaitList(run, freed.entries[0]!, freed)).toEqual({ stillListed: false });
    const helenas = await ctx.store.collection(appointments).find({ selector: { professional: helena.id } });
    const booked = helenas.filter((a) => a.patient === juliana.patient);
    expect(booked.map((a) => [a.clinic, a.start, a.end, a.status])).toEqual([
      [clinic, appointment.start, appointment.end, 1],
    ]);
    const listed = (await invoke(listWaitList, ctx, {})).items.map((e) => e.id);
    expect(listed).not.toContain(juliana.id);
    expect(listed).toContain(gabriel.id);

    // The slot is taken now: booking Gabriel there too is the core's conflict, and he stays listed.
    const second = await bookFromWaitList(run, freed.entries[1]!, freed).catch((error: unknown) => error);
    expect(isDomainError(second) && second.code).toBe('conflict');
    expect((await invoke(listWaitList, ctx, {})).items.map((e) => e.id)).toContain(gabriel.id);
  });
});
