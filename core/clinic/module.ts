/** The Clinic group: clinics with their places and subspecialties, and events: the domain module. */
import { domainModule } from '#core/module.js';
import { clinicOperations } from './clinic-ops.js';
import { clinics } from './clinic-record.js';
import { eventOperations } from './event-ops.js';
import { events } from './event-record.js';
import { placeOperations } from './places.js';
import { clinicPush, eventPush } from './push-contracts.js';
import { subspecialtyOperations } from './subspecialties.js';

export const clinicModule = domainModule({
  name: 'clinic',
  collections: [
    { def: clinics, push: clinicPush },
    { def: events, push: eventPush },
  ],
  operations: [...clinicOperations, ...placeOperations, ...subspecialtyOperations, ...eventOperations],
});
