/** Specialties (with CBO codes) and professional councils. */
export { COUNCILS, councilInput, type Council } from './councils-ops.js';
export { specialties, type Specialty } from './specialty-record.js';
export { specialtyModule } from './module.js';
