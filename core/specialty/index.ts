/** Specialties (with CBO codes) and professional councils: collections and operations. */
import { councilOperations } from './councils.js';
import './push-contracts.js';
import { specialtyOperations } from './specialty-ops.js';
import { specialties } from './specialty-record.js';

export { COUNCILS, councilInput, type Council } from './councils.js';
export { specialties, type Specialty } from './specialty-record.js';

/** This group's collections, for `allCollections`. */
export const specialtyCollections = [specialties];
/** This group's operations, for `allOperations`. */
export const specialtyGroupOperations = [...specialtyOperations, ...councilOperations];
