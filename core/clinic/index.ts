/** The Clinic group: clinics with their places and subspecialties, and events (procedures/services). */
import { clinicOperations } from './clinic-ops.js';
import './push-contracts.js';
import { clinics } from './clinic-record.js';
import { eventOperations } from './event-ops.js';
import { events } from './event-record.js';
import { placeOperations } from './places.js';
import { subspecialtyOperations } from './subspecialties.js';

export { clinics, DEFAULT_TIME_ZONE, type AttendancePlace, type Clinic, type Subspecialty } from './clinic-record.js';
export { EVENT_TYPES, events, type ClinicEvent, type EventType } from './event-record.js';

/** This group's collections, for `allCollections`. */
export const clinicCollections = [clinics, events];
/** This group's operations, for `allOperations`. */
export const clinicGroupOperations = [
  ...clinicOperations,
  ...placeOperations,
  ...subspecialtyOperations,
  ...eventOperations,
];
