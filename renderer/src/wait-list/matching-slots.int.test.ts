/**
 * "Encaixar" through the desk's local core on real RxDB (memory storage), seeded as the demo: the
 * free slots offered to an entry by specialty follow the professionals who attend it, the entry's
 * period, blocks and bookings.
 */
import { describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { createBlock } from '#core/schedule/block-ops.js';
import { addDays, dayIn, localTimeIn, weekdayOf } from '#core/schedule/time.js';
import { createWaitListEntry } from '#core/schedule/wait-list-ops.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import { demoActor, seedDemoClinic } from '../local/demo-seed.js';
import { loadWaitList } from './load-wait-list.js';
import { loadFittingSlots } from './matching-slots.js';
import { memoryDesks } from '../local/memory-desk.js';

const ZONE = 'America/Sao_Paulo';
const openDesk = memoryDesks('wait-list-fit');

describe('free slots for a wait-list entry on the desk', () => {
  it('offers the slots of whoever attends the specialty, in the period, minus blocks and bookings', async () => {
    const core = await openDesk();
    const actor = demoActor();
    const clinic = await seedDemoClinic(core);
    const ctx = core.context(actor);
    const { specialty } = await core.run(createSpecialty, { name: 'Odontopediatria' }, actor);
    const people = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
    const luana = people.find((u) => u.name === 'Dra. Luana Vasconcelos')!;
    await ctx.store.collection(users).update(luana.id, luana._rev, { ...luana, specialties: [specialty.id] });

    // Tomorrow, so every slot is still ahead whatever the hour the test runs.
    const day = addDays(dayIn(new Date(), ZONE), 1);
    const everyone = await ctx.store.collection(patients).find();
    const gabriel = everyone.find((p) => p.name === 'Gabriel Araújo Teixeira');
    const paulo = everyone.find((p) => p.name === 'Paulo Henrique Ribeiro');
    const { entry } = await core.run(
      createWaitListEntry,
      {
        patient: gabriel!.id,
        specialty: specialty.id,
        periods: [{ weekdays: [weekdayOf(day)], from: '08:00', to: '10:00' }],
      },
      actor,
    );
    const listed = await loadWaitList(ctx);
    expect(listed.entries.map((e) => [e.patientName, e.specialtyName])).toEqual([
      ['Gabriel Araújo Teixeira', 'Odontopediatria'],
    ]);
    const times = async () =>
      (await loadFittingSlots(ctx, entry, day, 1, 50)).map((s) => [s.professional, s.start.slice(11, 16)]);
    expect(await times()).toEqual([
      [luana.id, '08:00'],
      [luana.id, '08:30'],
      [luana.id, '09:00'],
      [luana.id, '09:30'],
    ]);

    const at = (time: string) => localTimeIn(day, time, ZONE).toISOString();
    await core.run(
      createBlock,
      { professional: luana.id, start: at('08:00'), end: at('09:00'), reason: 'Curso' },
      actor,
    );
    await core.run(
      createAppointment,
      { clinic, professional: luana.id, patient: paulo!.id, start: at('09:00'), end: at('09:30') },
      actor,
    );
    expect(await times()).toEqual([[luana.id, '09:30']]);
  });
});
