/** The patient the sync benches write (plain data, no Node APIs: the browser bench page builds it too). */
import { uuidV7Ids } from '../../core/ids.js';

/** Patient number `i` of `tenantId`, a fresh id each call. */
export function benchPatient(tenantId: string, i: number) {
  const name = `Paciente ${String(i).padStart(6, '0')}`;
  return {
    id: uuidV7Ids.next(),
    tenantId,
    createdAt: '2026-11-23T09:00:00-03:00',
    updatedAt: '2026-11-23T09:00:00-03:00',
    name,
    nameKey: name.toLowerCase(),
    cellPhone: `+55119${String(10_000_000 + i).slice(-8)}`,
    insurances: [],
    allergies: [],
    vaccines: [],
    merges: [],
    temporary: false,
    active: true,
  };
}
