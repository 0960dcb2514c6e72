/** The Clinic group: clinics with their places and subspecialties, and events: the domain module. */
import { r } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { clinicOperations } from './clinic-ops.js';
import { clinics } from './clinic-record.js';
import { eventOperations } from './event-ops.js';
import { events } from './event-record.js';
import { placeOperations } from './places-ops.js';
import { clinicPush, eventPush } from './push-contracts.js';
import { clinicReview } from './review.js';
import { subspecialtyOperations } from './subspecialties-ops.js';

export const clinicModule = domainModule({
  name: 'clinic',
  // The totem shows places by clinic.
  access: { resources: ['clinic'], roles: { staff: r('clinic'), totem: r('clinic') } },
  collections: [
    { def: clinics, storageGroup: 'reference', review: clinicReview.clinics, push: clinicPush },
    { def: events, storageGroup: 'reference', review: clinicReview.events, push: eventPush },
  ],
  operations: [...clinicOperations, ...placeOperations, ...subspecialtyOperations, ...eventOperations],
});
