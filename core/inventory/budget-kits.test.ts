/**
 * A budget quoting a kit beside its procedure (BUD-040, INV-013): the approved budget becomes a
 * treatment with the kit's step; when an attendance of the procedure ends, the procedure's kit leaves
 * the stock once (INV-008), and the quoted kit line moves nothing of its own. Real RxDB memory store
 * with the schedule's, the budget's and the inventory's collections.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { budgets } from '#core/budget/budget-record.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { createTreatmentFromBudget, treatments } from '#core/budget/treatment-ops.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { finishAttendance } from '#core/schedule/appointment-flow-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { openSchedule, type ScheduleHarness } from '#core/schedule/testing.js';
import { createKit } from './kit-ops.js';
import { createMovement, listMovements } from './movement-ops.js';
import { createProduct } from './product-ops.js';
import { clinicStock } from './stock-ops.js';
import { inventoryCollections } from './testing.js';

let h: ScheduleHarness;
beforeEach(async () => {
  h = await openSchedule(undefined, [...inventoryCollections, budgets, treatments]);
});
afterEach(() => h.close());

it('consumes the procedure’s kit once when the attendance ends, whatever the budget quoted', async () => {
  const gloves = (
    await h.run(createProduct, {
      name: 'Luva de procedimento M',
      kind: 'material',
      purchaseUnit: 'caixa',
      consumptionUnit: 'par',
      unitsPerPurchase: 50,
    })
  ).id;
  const event = (await h.run(createEvent, { name: 'Restauração', type: 'procedure' })).event.id;
  const kit = (await h.run(createKit, { name: 'Kit restauração', event, items: [{ product: gloves, quantity: 2 }] }))
    .id;
  await h.run(createMovement, {
    clinic: h.clinic,
    product: gloves,
    kind: 'entry',
    quantity: 10,
    lot: 'L1',
    expiry: '2027-12-31',
  });

  const { budget } = await h.run(createBudget, {
    patient: h.patient,
    clinic: h.clinic,
    status: 2,
    items: [
      { event, quantity: 1, valueUnity: 200 },
      { typeModel: 'Kit', item: kit, event, quantity: 1, valueUnity: 48.1 },
    ],
  });
  expect(budget.value).toBe(248.1);
  const { treatment } = await h.run(createTreatmentFromBudget, { id: budget.id });
  expect(treatment.steps.map((s) => [s.typeModel, s.item ?? s.event])).toEqual([
    ['Event', event],
    ['Kit', kit],
  ]);

  const { appointment } = await h.run(createAppointment, {
    clinic: h.clinic,
    professional: h.professionals[0],
    patient: h.patient,
    start: '2026-12-01T11:00:00.000Z',
    end: '2026-12-01T11:30:00.000Z',
    events: [event],
  });
  const col = h.ctx.store.collection(appointments);
  const stored = (await col.get(appointment.id))!;
  await col.update(stored.id, stored._rev, { ...stored, status: STATUS.inAttendance });
  await h.run(finishAttendance, { id: appointment.id });

  const moved = (await h.run(listMovements, { clinic: h.clinic, product: gloves })).items.filter(
    (m) => m.attendance === appointment.id,
  );
  expect(moved.map((m) => [m.kind, m.kit, m.quantity])).toEqual([['consumption', kit, -2]]);
  expect((await h.run(clinicStock, { clinicId: h.clinic })).lines.map((l) => [l.lot, l.quantity])).toEqual([['L1', 8]]);
});
