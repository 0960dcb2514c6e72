/** The patient the sync benches write (plain data, no Node APIs: the browser bench page builds it too). */
import { uuidV7Ids } from '#core/ids.js';
import { patientDoc } from '../sync/patient-doc.js';

/** Patient number `i` of `tenantId`, a fresh id each call, with a cell phone. */
export function benchPatient(tenantId: string, i: number) {
  return {
    ...patientDoc(tenantId, uuidV7Ids.next(), `Paciente ${String(i).padStart(6, '0')}`),
    cellPhone: `+55119${String(10_000_000 + i).slice(-8)}`,
  };
}
