/** Specialties (with CBO codes) and professional councils (spec §4.4 Specialty): the domain module. */
import { z } from 'zod';
import { r } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { storedRecord } from '#core/sync/push-contract.js';
import { councilOperations } from './councils-ops.js';
import { specialtyReview } from './review.js';
import { specialtyOperations } from './specialty-ops.js';
import { specialties, specialtyOutput } from './specialty-record.js';

export const specialtyModule = domainModule({
  name: 'specialty',
  access: { resources: ['specialty'], roles: { staff: r('specialty') } },
  collections: [
    {
      def: specialties,
      storageGroup: 'reference',
      review: specialtyReview.specialties,
      push: {
        record: storedRecord(specialtyOutput, { nameKey: z.string().min(1) }),
        deletes: { refuse: 'uma especialidade não é apagada: desative-a pela operação (o histórico fica)' },
        sample: () => ({ name: 'Cardiologia', nameKey: 'cardiologia', active: true }),
      },
    },
  ],
  operations: [...specialtyOperations, ...councilOperations],
});
