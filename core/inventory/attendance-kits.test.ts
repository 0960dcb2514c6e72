/**
 * The kits an attendance consumes when it ends, and gives back when the end is undone (INV-008), on the
 * real RxDB memory store with the schedule's and the inventory's collections.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvent } from '#core/clinic/event-ops.js';
import { TEST_NOW } from '#core/common/testing.js';
import { finishAttendance, reopenAttendance } from '#core/schedule/appointment-flow-ops.js';
import { createAppointment, getAppointment } from '#core/schedule/appointment-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { openSchedule, type ScheduleHarness } from '#core/schedule/testing.js';
import { createKit } from './kit-ops.js';
import { createMovement, listMovements } from './movement-ops.js';
import { createProduct } from './product-ops.js';
import { clinicStock, listDiscrepancies, recalculateStock } from './stock-ops.js';
import { inventoryCollections } from './testing.js';

let h: ScheduleHarness;
let now: Date;
let gloves: string;
let event: string;
beforeEach(async () => {
  now = new Date(TEST_NOW);
  h = await openSchedule({ now: () => new Date(now) }, inventoryCollections);
  gloves = (
    await h.run(createProduct, {
      name: 'Luva de procedimento M',
      kind: 'material',
      purchaseUnit: 'caixa',
      consumptionUnit: 'par',
      unitsPerPurchase: 50,
      minimumStock: 0,
    })
  ).id;
  event = (await h.run(createEvent, { name: 'Restauração', type: 'procedure' })).event.id;
  await h.run(createKit, { name: 'Kit restauração', event, items: [{ product: gloves, quantity: 2 }] });
});
afterEach(() => h.close());

const enter = (lot: string, expiry: string, quantity: number) =>
  h.run(createMovement, { clinic: h.clinic, product: gloves, kind: 'entry', quantity, lot, expiry });

const stock = async () => (await h.run(clinicStock, { clinicId: h.clinic })).lines.map((l) => [l.lot, l.quantity]);

let hour = 0;
/** An appointment for the procedure, already in attendance. */
async function inAttendance(events = [event]): Promise<string> {
  const at = Date.parse('2026-12-01T11:00:00Z') + hour++ * 3_600_000;
  const { appointment } = await h.run(createAppointment, {
    clinic: h.clinic,
    professional: h.professionals[0],
    patient: h.patient,
    start: new Date(at).toISOString(),
    end: new Date(at + 1_800_000).toISOString(),
    events,
  });
  const col = h.ctx.store.collection(appointments);
  const stored = (await col.get(appointment.id))!;
  await col.update(stored.id, stored._rev, { ...stored, status: STATUS.inAttendance });
  return appointment.id;
}

describe('kit consumption at the end of an attendance', () => {
  it('takes the first-expiring usable lot, never an expired one, and gives it back when the end is undone', async () => {
    await enter('OLD', '2026-11-25', 5);
    await enter('LATE', '2027-06-30', 10);
    await enter('EARLY', '2026-12-31', 1);
    now = new Date('2026-11-27T12:00:00Z'); // OLD expired two days ago
    const id = await inAttendance();

    const ended = await h.run(finishAttendance, { id });
    expect(ended.status).toBe(STATUS.attended);
    expect(await stock()).toEqual([
      ['OLD', 5],
      ['LATE', 9],
    ]);
    const { items } = await h.run(listMovements, { clinic: h.clinic, product: gloves });
    // One instant: the list orders them by id, derived (INV-011), so by lot here.
    const auto = items.filter((m) => m.attendance === id).sort((a, b) => (a.lot < b.lot ? -1 : 1));
    expect(auto.map((m) => [m.kind, m.lot, m.quantity, m.event])).toEqual([
      ['consumption', 'EARLY', -1, event],
      ['consumption', 'LATE', -1, event],
    ]);

    now = new Date('2026-11-27T12:10:00Z');
    const reopened = await h.run(reopenAttendance, { id });
    expect(reopened.status).toBe(STATUS.inAttendance);
    expect(await stock()).toEqual([
      ['OLD', 5],
      ['EARLY', 1],
      ['LATE', 10],
    ]);
    // Reopening twice in a row is refused by the status table; ending again consumes again, once.
    expect((await h.failure(reopenAttendance, { id: await inAttendance() })).code).toBe('invalid_transition');
    // A minute apart: the history's order within one instant goes by id, and these ids are derived (INV-011).
    now = new Date('2026-11-27T12:20:00Z');
    await h.run(finishAttendance, { id });
    now = new Date('2026-11-27T12:21:00Z');
    await h.run(reopenAttendance, { id });
    now = new Date('2026-11-27T12:22:00Z');
    await h.run(finishAttendance, { id });
    expect(await stock()).toEqual([
      ['OLD', 5],
      ['LATE', 9],
    ]);
    const after = await h.run(listMovements, { clinic: h.clinic, product: gloves });
    expect(after.items.filter((m) => m.attendance === id)).toHaveLength(10);
    expect((await h.run(recalculateStock, { clinicId: h.clinic })).differences).toEqual([]);
  });

  it('ends the attendance even when stock is short, and the shortage shows as a discrepancy', async () => {
    await enter('A1', '2027-01-31', 1);
    const id = await inAttendance();
    const ended = await h.run(finishAttendance, { id });
    expect(ended.status).toBe(STATUS.attended);
    expect((await h.run(getAppointment, { id })).status).toBe(STATUS.attended);
    expect(await stock()).toEqual([['', -1]]);
    const { items } = await h.run(listDiscrepancies, { clinicId: h.clinic });
    expect(items.map((i) => [i.product, i.lot, i.quantity])).toEqual([[gloves, '', -1]]);
    expect(items[0]!.movements.at(-1)).toMatchObject({ attendance: id, kind: 'consumption', quantity: -1 });

    await h.run(reopenAttendance, { id });
    expect(await stock()).toEqual([['A1', 1]]);
    expect((await h.run(listDiscrepancies, { clinicId: h.clinic })).items).toEqual([]);
  });

  it('moves no stock for an attendance whose procedures have no kit', async () => {
    await enter('A1', '2027-01-31', 3);
    const other = (await h.run(createEvent, { name: 'Consulta', type: 'consultation' })).event.id;
    await h.run(finishAttendance, { id: await inAttendance([other]) });
    await h.run(finishAttendance, { id: await inAttendance([]) });
    expect(await stock()).toEqual([['A1', 3]]);
  });
});
