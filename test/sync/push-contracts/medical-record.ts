/**
 * Push contracts of the medical record (records, protocols, dental chart, forms, configuration,
 * gestations): the registry-wide checks of suite.ts for this module's collections; run by
 * push-contracts.int.test.ts. A new collection of the module needs no case here: add the operation write
 * that stores its first record to `writeThroughOperations` below (the first case fails until one does).
 */
import type { GroupSuite } from './suite.js';

export const medicalRecord: GroupSuite = {
  group: 'medical-record',
  async writeThroughOperations({ write, refs }) {
    await write('POST', '/medicalRecord/instantAttendance', { patient: refs.patient, cid10: ['J45.0'] });
    await write('POST', '/medicalProtocol/', {
      name: 'Lombalgia aguda',
      cid10: ['M54.5'],
      text: 'Repouso relativo.',
    });
    await write('POST', `/patient/${refs.patient}/dentalTreatment`, { tooth: '36', state: 'cariado', faces: ['O'] });
    await write('POST', `/patient/${refs.patient}/gestation`, { lastMenstrualPeriod: '2026-10-01' });
    await write('PUT', '/medicalRecord/config', { sections: ['anamnese', 'conduta'], forms: [] });
    await write('POST', '/medicalRecord/customForm/', {
      owner: 'clinic',
      questionnaire: {
        resourceType: 'Questionnaire',
        title: 'Dor',
        status: 'active',
        item: [{ linkId: 'dor', type: 'boolean' }],
      },
    });
  },
};
