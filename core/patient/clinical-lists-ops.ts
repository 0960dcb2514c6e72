/**
 * Allergies (spec §4.4 Patient: "register and list allergies") and vaccines (Patients: "create and
 * list vaccines"), kept inside the patient document.
 */
import { z } from 'zod';
import { dateInput, nameInput, textInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import { compact, conflictOn, EXAMPLE_ID, idInput, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { ALLERGY_SEVERITIES, patients, type Allergy, type Vaccine } from './patient-record.js';
import { requirePatient } from './patient-rules.js';
import { allergyOutput, vaccineOutput } from './patient-schemas.js';

/** `patient.allergy.register`: `POST /patient/{id}/allergy/` (201). */
export const registerAllergy = defineOperation({
  name: 'patient.allergy.register',
  group: 'Patient',
  summary: 'Registra uma alergia do paciente',
  permission: 'patient:write',
  input: z.strictObject({
    id: idInput,
    substance: nameInput(200),
    reaction: textInput(500).optional(),
    severity: z.enum(ALLERGY_SEVERITIES).default('unknown'),
    notes: textInput(1000).optional(),
  }),
  output: z.object({ message: z.string(), allergy: allergyOutput }),
  http: { method: 'POST', path: '/patient/{id}/allergy/', status: 201 },
  example: { id: EXAMPLE_ID, substance: 'Dipirona', reaction: 'urticária', severity: 'moderate' },
  async run(ctx, { id, ...values }) {
    const patient = await requirePatient(ctx, id);
    const key = searchKey(values.substance);
    if (patient.allergies.some((a) => searchKey(a.substance) === key)) {
      throw conflictOn('substance', 'Alergia já registrada', `${values.substance} já consta no cadastro`);
    }
    const now = nowIso(ctx);
    const allergy: Allergy = compact({ id: ctx.ids.next(), ...values, recordedAt: now, recordedBy: ctx.actor.id });
    await ctx.store
      .collection(patients)
      .update(id, patient._rev, { ...patient, allergies: [...patient.allergies, allergy], updatedAt: now });
    return { message: 'Alergia registrada', allergy };
  },
});

/** `patient.allergy.list`: `GET /patient/{id}/allergy/`. */
export const listAllergies = defineOperation({
  name: 'patient.allergy.list',
  group: 'Patient',
  summary: 'Lista as alergias do paciente',
  permission: 'patient:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({ items: z.array(allergyOutput) }),
  http: { method: 'GET', path: '/patient/{id}/allergy/' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    return { items: (await requirePatient(ctx, id)).allergies };
  },
});

/** `patient.vaccine.create`: `POST /patient/{id}/vaccine/` (201). */
export const createVaccine = defineOperation({
  name: 'patient.vaccine.create',
  group: 'Patients',
  summary: 'Registra uma vacina aplicada no paciente',
  permission: 'patient:write',
  input: z.strictObject({
    id: idInput,
    name: nameInput(200),
    dose: z.string().trim().min(1).max(40).optional(),
    appliedOn: dateInput,
    lot: z.string().trim().min(1).max(40).optional(),
    manufacturer: nameInput(120).optional(),
    notes: textInput(1000).optional(),
  }),
  output: z.object({ message: z.string(), vaccine: vaccineOutput }),
  http: { method: 'POST', path: '/patient/{id}/vaccine/', status: 201 },
  example: { id: EXAMPLE_ID, name: 'Influenza (gripe)', dose: 'dose anual', appliedOn: '2026-04-15', lot: 'FLU2026A' },
  async run(ctx, { id, ...values }) {
    const patient = await requirePatient(ctx, id);
    const now = nowIso(ctx);
    if (values.appliedOn > now.slice(0, 10)) {
      throw new DomainError('validation', 'Data de aplicação futura', [
        { path: 'appliedOn', message: 'não pode ser futura' },
      ]);
    }
    const vaccine: Vaccine = compact({ id: ctx.ids.next(), ...values, recordedAt: now, recordedBy: ctx.actor.id });
    await ctx.store
      .collection(patients)
      .update(id, patient._rev, { ...patient, vaccines: [...patient.vaccines, vaccine], updatedAt: now });
    return { message: 'Vacina registrada', vaccine };
  },
});

/** `patient.vaccine.list`: `GET /patient/{id}/vaccine/`. */
export const listVaccines = defineOperation({
  name: 'patient.vaccine.list',
  group: 'Patients',
  summary: 'Lista as vacinas do paciente, da mais antiga à mais recente',
  permission: 'patient:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({ items: z.array(vaccineOutput) }),
  http: { method: 'GET', path: '/patient/{id}/vaccine/' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const { vaccines } = await requirePatient(ctx, id);
    return {
      items: [...vaccines].sort((a, b) => (a.appliedOn < b.appliedOn ? -1 : a.appliedOn > b.appliedOn ? 1 : 0)),
    };
  },
});

/** The operations of this file, collected by the group's index. */
export const clinicalListOperations = [registerAllergy, listAllergies, createVaccine, listVaccines];
