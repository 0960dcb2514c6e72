/** The Clinic group: clinics with their places and subspecialties, and events (procedures/services). */
export { clinicModule } from './module.js';
export { clinics, DEFAULT_TIME_ZONE, type AttendancePlace, type Clinic, type Subspecialty } from './clinic-record.js';
export { EVENT_TYPES, events, type ClinicEvent, type EventType } from './event-record.js';
