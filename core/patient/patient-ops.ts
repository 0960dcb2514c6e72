/**
 * Patient operations (spec §4.4 Patient: create, edit, edit a single field, inactivate; get). List and
 * search are in patient-list.ts; temporary patients in temporary.ts.
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import {
  compact,
  EXAMPLE_ID,
  hasSomeField,
  idInput,
  invalidTransition,
  newRecordBase,
  nowIso,
  patchFields,
  patchShape,
  replaceFields,
} from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { patients, type Patient } from './patient-record.js';
import { checkPatientFields, inactivatePatientRecord, requirePatient, assertCpfFree } from './patient-rules.js';
import { patientFieldsInput, patientOutput } from './patient-schemas.js';

const GROUP = 'Patient';
const EDITABLE = Object.keys(patientFieldsInput) as (keyof typeof patientFieldsInput & keyof Patient)[];

const createInput = z.strictObject({ ...patientFieldsInput, insurances: patientFieldsInput.insurances.default([]) });

/** The fields a new patient gets, from a validated create input (also used by demo data). */
export function newPatientFields(values: z.output<typeof createInput>) {
  return {
    ...values,
    nameKey: searchKey(values.name),
    allergies: [],
    vaccines: [],
    merges: [],
    temporary: false,
    active: true,
  };
}

/** `patient.create`: `POST /patient/` (201). */
export const createPatient = defineOperation({
  name: 'patient.create',
  group: GROUP,
  summary: 'Cadastra um paciente (só o nome é obrigatório; CPF, se vier, é validado e único)',
  permission: 'patient:write',
  input: createInput,
  output: z.object({ message: z.string(), patient: patientOutput }),
  http: { method: 'POST', path: '/patient/', status: 201 },
  example: {
    name: 'Maria Aparecida da Silva',
    cpf: '529.982.247-25',
    cellPhone: '(11) 98765-4321',
    birthDate: '1980-05-17',
  },
  async run(ctx, input) {
    const patient = await ctx.store.transaction(async (store) => {
      await checkPatientFields({ ...ctx, store }, input);
      return store.collection(patients).insert(compact({ ...newRecordBase(ctx), ...newPatientFields(input) }));
    });
    return { message: 'Paciente cadastrado', patient };
  },
});

/** `patient.get`: `GET /patient/{id}`. */
export const getPatient = defineOperation({
  name: 'patient.get',
  group: GROUP,
  summary: 'Mostra um paciente',
  permission: 'patient:read',
  input: z.strictObject({ id: idInput }),
  output: patientOutput,
  http: { method: 'GET', path: '/patient/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requirePatient(ctx, id),
});

/** `patient.update`: `PUT /patient/{id}`. */
export const updatePatient = defineOperation({
  name: 'patient.update',
  group: GROUP,
  summary: 'Edita um paciente (substitui os dados cadastrais; alergias e vacinas não mudam)',
  permission: 'patient:write',
  input: z.strictObject({ id: idInput, ...patientFieldsInput, insurances: patientFieldsInput.insurances.default([]) }),
  output: patientOutput,
  http: { method: 'PUT', path: '/patient/{id}' },
  example: { id: EXAMPLE_ID, name: 'Maria Aparecida da Silva Santos', cpf: '52998224725', cellPhone: '11987654321' },
  run: (ctx, { id, ...values }) =>
    ctx.store.transaction(async (store) => {
      const tx = { ...ctx, store };
      const current = await requirePatient(tx, id);
      await checkPatientFields(tx, { ...values, cpf: current.active ? values.cpf : undefined }, id);
      const next = replaceFields<Patient>(
        current,
        { ...values, nameKey: searchKey(values.name) },
        [...EDITABLE, 'nameKey'],
        nowIso(ctx),
      );
      return store.collection(patients).update(id, current._rev, next);
    }),
});

/** `patient.patch`: `PATCH /patient/{id}`. */
export const patchPatient = defineOperation({
  name: 'patient.patch',
  group: GROUP,
  summary: 'Edita um campo avulso do paciente (ou alguns; null apaga um campo opcional)',
  permission: 'patient:write',
  input: z
    .strictObject({ id: idInput, ...patchShape(patientFieldsInput, ['name', 'insurances']) })
    .refine(hasSomeField, { message: 'informe ao menos um campo' }),
  output: patientOutput,
  http: { method: 'PATCH', path: '/patient/{id}' },
  example: { id: EXAMPLE_ID, cellPhone: '(11) 91234-5678' },
  run: (ctx, { id, ...patch }) =>
    ctx.store.transaction(async (store) => {
      const tx = { ...ctx, store };
      const current = await requirePatient(tx, id);
      await checkPatientFields(
        tx,
        {
          cpf: current.active ? (patch.cpf ?? undefined) : undefined,
          birthDate: patch.birthDate ?? undefined,
          insurances: patch.insurances,
        },
        id,
      );
      const next = patchFields<Patient>(current, patch, nowIso(ctx));
      next.nameKey = searchKey(next.name);
      return store.collection(patients).update(id, current._rev, next);
    }),
});

/** `patient.inactivate`: `POST /patient/{id}/inactivation`. */
export const inactivatePatient = defineOperation({
  name: 'patient.inactivate',
  group: GROUP,
  summary: 'Inativa um paciente (o prontuário e o histórico continuam)',
  permission: 'patient:write',
  input: z.strictObject({ id: idInput, reason: textInput(500).optional() }),
  output: patientOutput,
  http: { method: 'POST', path: '/patient/{id}/inactivation' },
  example: { id: EXAMPLE_ID, reason: 'Cadastro em duplicidade' },
  async run(ctx, { id, reason }) {
    return inactivatePatientRecord(ctx, await requirePatient(ctx, id), reason);
  },
});

/** `patient.activate`: `POST /patient/{id}/activation`. */
export const activatePatient = defineOperation({
  name: 'patient.activate',
  group: GROUP,
  summary: 'Reativa um paciente inativado (não vale para quem foi unificado)',
  permission: 'patient:write',
  input: z.strictObject({ id: idInput }),
  output: patientOutput,
  http: { method: 'POST', path: '/patient/{id}/activation' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) =>
    ctx.store.transaction(async (store) => {
      const current = await requirePatient({ store }, id);
      if (current.active) return current;
      if (current.mergedInto)
        throw invalidTransition(`Paciente unificado em ${current.mergedInto}; use aquele cadastro`);
      await assertCpfFree({ store }, current.cpf, id);
      const { inactivatedAt: _at, inactivationReason: _reason, ...rest } = current;
      return store.collection(patients).update(id, current._rev, { ...rest, active: true, updatedAt: nowIso(ctx) });
    }),
});

/** The operations of this file, collected by the group's index. */
export const patientOperations = [
  createPatient,
  getPatient,
  updatePatient,
  patchPatient,
  inactivatePatient,
  activatePatient,
];
