/**
 * The block dialog's day list through the desk's local core on real RxDB (memory storage), seeded as
 * the demo: which blocks show as a series, and whether removing a series can be undone exactly.
 */
import { describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { createBlock, listBlocks, unlockBlocks } from '#core/schedule/block-ops.js';
import { addDays, dayIn, weekdayOf } from '#core/schedule/time.js';
import { invoke } from '#core/operation.js';
import { demoActor, seedDemoClinic } from '../local/demo-seed.js';
import { loadDayBlocks } from './day-blocks.js';
import { rangeOn } from './time-range.js';
import { memoryDesks } from '../local/memory-desk.js';

const ZONE = 'America/Sao_Paulo';
const openDesk = memoryDesks('day-blocks');

describe('the day’s blocks in the block dialog', () => {
  it('marks the blocks of a series, and undoes a series removal only while it has no gap', async () => {
    const core = await openDesk();
    const actor = demoActor();
    const clinic = await seedDemoClinic(core);
    const ctx = core.context(actor);
    const people = await ctx.store.collection(users).find({ selector: { role: 'professional' } });
    const luana = people.find((u) => u.name === 'Dra. Luana Vasconcelos')!.id;

    const today = dayIn(new Date(), ZONE);
    const monday = addDays(today, (8 - weekdayOf(today)) % 7 || 7);
    const lastFriday = addDays(monday, 11);
    const recurrence = { frequency: 'weekly' as const, until: lastFriday, weekdays: [1, 2, 3, 4, 5] };
    await core.run(
      createBlock,
      { professional: luana, ...rangeOn(monday, '12:00', '13:00', ZONE), reason: 'Almoço', recurrence },
      actor,
    );
    await core.run(
      createBlock,
      { professional: luana, ...rangeOn(monday, '08:00', '09:00', ZONE), reason: 'Reunião' },
      actor,
    );
    const stored = async () =>
      (await invoke(listBlocks, ctx, { professional: luana, date: monday, days: 14 })).items.map((b) =>
        Date.parse(b.start),
      );
    const before = await stored();
    expect(before).toHaveLength(11);

    const day = await loadDayBlocks(ctx, clinic, [luana], monday);
    expect(day.map((b) => b.reason)).toEqual(['Reunião', 'Almoço']);
    expect(day[0]!.series).toBeUndefined();
    const series = day[1]!.series!;
    expect(series).toMatchObject({ size: 10, first: monday, last: lastFriday });
    expect(series.again?.recurrence).toEqual(recurrence);

    // Removed and re-created from `again`: the same ten lunches, one new series.
    await core.run(unlockBlocks, { series: series.id }, actor);
    expect(await stored()).toHaveLength(1);
    await core.run(createBlock, { professional: luana, reason: 'Almoço', ...series.again! }, actor);
    expect(await stored()).toEqual(before);
    const wednesday = (await loadDayBlocks(ctx, clinic, [luana], addDays(monday, 2)))[0]!;
    expect(wednesday.series?.size).toBe(10);
    expect(wednesday.series?.id).not.toBe(series.id);

    // One lunch unblocked on its own: the series has a gap, and no undo would make it again.
    await core.run(unlockBlocks, { blocks: [wednesday.id] }, actor);
    const thursday = (await loadDayBlocks(ctx, clinic, [luana], addDays(monday, 3)))[0]!;
    expect(thursday.series).toMatchObject({ size: 9, again: null });
  });
});
