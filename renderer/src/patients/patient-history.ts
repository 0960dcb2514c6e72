/**
 * A patient's history as the patient page shows it: appointments (newest first, cancelled and
 * no-shows included, with the professional's and clinic's names) through the patients+start index,
 * and budgets through the core's `budget.list` (so the person's permission applies).
 */
import { users } from '#core/access/user.js';
import { listBudgets } from '#core/budget/budget-list-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { appointments } from '#core/schedule/appointment-record.js';
import type { Status } from '#core/schedule/status.js';

/** One past or future appointment of the patient. */
export interface HistoryAppointment {
  id: string;
  /** ISO-8601 with the clinic's offset. */
  start: string;
  professionalName: string;
  clinicName: string;
  status: Status;
}

/** One budget of the patient. */
export interface HistoryBudget {
  id: string;
  budgetNumber: number;
  createdAt: string;
  professionalName: string;
  value: number;
  status: number;
  active: boolean;
}

/** The patient page's history. */
export interface PatientHistory {
  appointments: HistoryAppointment[];
  budgets: HistoryBudget[];
}

/** How many of each the page lists: a long-time patient's first years are in the reports. */
export const HISTORY_LIMIT = 100;

/** Reads the history of `patient` from the local database. */
export async function loadPatientHistory(ctx: OperationContext, patient: string): Promise<PatientHistory> {
  const [found, budgetPage] = await Promise.all([
    ctx.store
      .collection(appointments)
      .find({ selector: { patient }, sort: [{ startUtc: 'desc' }], limit: HISTORY_LIMIT }),
    invoke(listBudgets, ctx, { patient, active: 'all', limit: HISTORY_LIMIT }),
  ]);
  const userIds = [
    ...new Set([
      ...found.map((a) => a.professional),
      ...budgetPage.items.flatMap((b) => (b.professional ? [b.professional] : [])),
    ]),
  ];
  const clinicIds = [...new Set(found.map((a) => a.clinic))];
  const [people, places] = await Promise.all([
    userIds.length ? ctx.store.collection(users).find({ selector: { id: { $in: userIds } } }) : [],
    clinicIds.length ? ctx.store.collection(clinics).find({ selector: { id: { $in: clinicIds } } }) : [],
  ]);
  const userName = new Map(people.map((u) => [u.id, u.name]));
  const clinicName = new Map(places.map((c) => [c.id, c.name]));
  return {
    appointments: found.map((a) => ({
      id: a.id,
      start: a.start,
      professionalName: userName.get(a.professional) ?? '—',
      clinicName: clinicName.get(a.clinic) ?? '—',
      status: a.status,
    })),
    budgets: budgetPage.items.map((b) => ({
      id: b.id,
      budgetNumber: b.budgetNumber,
      createdAt: b.createdAt,
      professionalName: b.professional ? (userName.get(b.professional) ?? '—') : '—',
      value: b.value,
      status: b.status,
      active: b.active,
    })),
  };
}
