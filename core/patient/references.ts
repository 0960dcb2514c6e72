/**
 * The collections whose records point at a patient, for unification (spec §4.4 Patient: "unify
 * patients' medical records"): every record listed here that points at a duplicate moves to the
 * patient kept. Each group names its own in its module (core/module.ts), as a collection's
 * `patientFields`: `{ def: budgets, push: budgetPush, patientFields: ['patient'] }`.
 *
 * The field must be a declared string field of the collection (`fields`), so unification finds the
 * records with an indexed query on every adapter.
 */
import { fieldType, type AnyCollectionDef, type CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A top-level field of a collection holding a patient id. */
export interface PatientReference {
  collection: AnyCollectionDef;
  field: string;
}

const registered: PatientReference[] = [];

/**
 * Adds a referencing (collection, field); registering the same pair twice changes nothing. Only
 * core/module-install.ts calls this (and tests).
 *
 * @returns a function that removes the registration (tests).
 * @throws Error when `field` is not a declared string field of the collection: a programming error,
 *   caught by the first test that loads the module.
 */
export function registerPatientReference<T extends RecordBase>(reference: {
  collection: CollectionDef<T>;
  field: keyof T & string;
}): () => void {
  const { collection, field } = reference;
  if (fieldType(collection, field) !== 'string') {
    throw new Error(`${collection.name}.${field}: declare it as a string field to reference patients`);
  }
  const existing = registered.find((r) => r.collection.name === collection.name && r.field === field);
  if (existing) return () => undefined;
  const entry: PatientReference = { collection: collection, field };
  registered.push(entry);
  return () => {
    const at = registered.indexOf(entry);
    if (at >= 0) registered.splice(at, 1);
  };
}

/** Every registered reference, in registration order. */
export function patientReferences(): readonly PatientReference[] {
  return [...registered];
}
