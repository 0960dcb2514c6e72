/**
 * The collections this installation opens in its local RxDB database. RxDB opens at most 13
 * collections per JavaScript realm (error COL23) until the store adapter shares storage collections;
 * then this list becomes `allCollections` (core/catalogue.ts) in one line.
 */
import { users } from '../../../core/access/user.js';
import { budgets } from '../../../core/budget/budget-record.js';
import { clinics } from '../../../core/clinic/clinic-record.js';
import { events } from '../../../core/clinic/event-record.js';
import { insurances } from '../../../core/insurance/insurance-record.js';
import { patients } from '../../../core/patient/patient-record.js';
import { appointments, scheduleBlocks, scheduleSettings } from '../../../core/schedule/index.js';
import { specialties } from '../../../core/specialty/specialty-record.js';
import type { AnyCollectionDef } from '../../../core/store/collection-def.js';
import { syncPermissions } from '../../../core/sync/record-rules.js';

/** What the reception screens read and write: the schedule, patients, budgets and the references they name. */
export const localCollections: readonly AnyCollectionDef[] = [
  clinics,
  events,
  patients,
  specialties,
  insurances,
  users,
  appointments,
  scheduleBlocks,
  scheduleSettings,
  budgets,
];

/**
 * The local collections an installation may replicate: a collection no group gave sync permissions
 * needs `*`, which no device holds, so pulling it would only fail forever.
 */
export function replicatedCollections(all: readonly AnyCollectionDef[] = localCollections): AnyCollectionDef[] {
  return all.filter((def) => syncPermissions(def.name).read !== '*');
}
