/**
 * Temporary patients (spec §4.4 Patient: "create, get, update, inactivate and complete a temporary
 * patient"; spec §2.5 "TempPatient"): someone booked by phone with a name and a number. They are
 * patients with `temporary: true`, so completing one keeps its id and everything already booked for
 * it stays put. A temporary patient found to be an existing patient is unified into that one.
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  newRecordBase,
  notFound,
  nowIso,
  replaceFields,
} from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { patients, type Patient } from './patient-record.js';
import { checkPatientFields, inactivatePatientRecord, requirePatient } from './patient-rules.js';
import { patientFieldsInput, patientOutput, temporaryFieldsInput } from './patient-schemas.js';

const GROUP = 'Patient';
const TEMPORARY_FIELDS = Object.keys(temporaryFieldsInput) as (keyof typeof temporaryFieldsInput & keyof Patient)[];

/** A temporary patient, or 404 (a definitive patient is not a temporary one). */
async function requireTemporary(ctx: Pick<OperationContext, 'store'>, id: string): Promise<Stored<Patient>> {
  const patient = await requirePatient(ctx, id);
  if (!patient.temporary) throw notFound('Paciente temporário', 'id', id);
  return patient;
}

/** `temporaryPatient.create`: `POST /temporaryPatient/` (201). */
export const createTemporaryPatient = defineOperation({
  name: 'temporaryPatient.create',
  group: GROUP,
  summary: 'Cria um paciente temporário (nome e contato, para agendar por telefone)',
  permission: 'patient:write',
  input: z.strictObject(temporaryFieldsInput),
  output: z.object({ message: z.string(), temporaryPatient: patientOutput }),
  http: { method: 'POST', path: '/temporaryPatient/', status: 201 },
  example: { name: 'João (ligou às 9h)', cellPhone: '(11) 97777-6666' },
  async run(ctx, input) {
    await checkPatientFields(ctx, input);
    const temporaryPatient = await ctx.store.collection(patients).insert(
      compact({
        ...newRecordBase(ctx),
        ...input,
        nameKey: searchKey(input.name),
        insurances: [],
        allergies: [],
        vaccines: [],
        merges: [],
        temporary: true,
        active: true,
      }),
    );
    return { message: 'Paciente temporário criado', temporaryPatient };
  },
});

/** `temporaryPatient.get`: `GET /temporaryPatient/{id}`. */
export const getTemporaryPatient = defineOperation({
  name: 'temporaryPatient.get',
  group: GROUP,
  summary: 'Mostra um paciente temporário',
  permission: 'patient:read',
  input: z.strictObject({ id: idInput }),
  output: patientOutput,
  http: { method: 'GET', path: '/temporaryPatient/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireTemporary(ctx, id),
});

/** `temporaryPatient.update`: `PUT /temporaryPatient/{id}`. */
export const updateTemporaryPatient = defineOperation({
  name: 'temporaryPatient.update',
  group: GROUP,
  summary: 'Edita um paciente temporário',
  permission: 'patient:write',
  input: z.strictObject({ id: idInput, ...temporaryFieldsInput }),
  output: patientOutput,
  http: { method: 'PUT', path: '/temporaryPatient/{id}' },
  example: { id: EXAMPLE_ID, name: 'João Pereira', cellPhone: '(11) 97777-6666' },
  async run(ctx, { id, ...values }) {
    const current = await requireTemporary(ctx, id);
    await checkPatientFields(ctx, values, id);
    const next = replaceFields<Patient>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      [...TEMPORARY_FIELDS, 'nameKey'],
      nowIso(ctx),
    );
    return ctx.store.collection(patients).update(id, current._rev, next);
  },
});

/** `temporaryPatient.inactivate`: `POST /temporaryPatient/{id}/inactivation`. */
export const inactivateTemporaryPatient = defineOperation({
  name: 'temporaryPatient.inactivate',
  group: GROUP,
  summary: 'Inativa um paciente temporário (por exemplo, não compareceu nem retornou)',
  permission: 'patient:write',
  input: z.strictObject({ id: idInput, reason: textInput(500).optional() }),
  output: patientOutput,
  http: { method: 'POST', path: '/temporaryPatient/{id}/inactivation' },
  example: { id: EXAMPLE_ID, reason: 'Não retornou o contato' },
  async run(ctx, { id, reason }) {
    return inactivatePatientRecord(ctx, await requireTemporary(ctx, id), reason);
  },
});

/** `temporaryPatient.complete`: `POST /temporaryPatient/{id}/completion`. */
export const completeTemporaryPatient = defineOperation({
  name: 'temporaryPatient.complete',
  group: GROUP,
  summary: 'Completa um paciente temporário, que vira paciente definitivo com o mesmo id',
  description:
    'Os campos enviados completam os do temporário (o nome pode ser omitido). Se o CPF já for de outro ' +
    'paciente ativo, responde 409 nomeando `cpf`: unifique o temporário naquele cadastro.',
  permission: 'patient:write',
  input: z.strictObject({
    id: idInput,
    ...patientFieldsInput,
    name: patientFieldsInput.name.optional(),
    insurances: patientFieldsInput.insurances.default([]),
  }),
  output: z.object({ message: z.string(), patient: patientOutput }),
  http: { method: 'POST', path: '/temporaryPatient/{id}/completion' },
  example: { id: EXAMPLE_ID, name: 'João Pereira da Costa', cpf: '529.982.247-25', birthDate: '1975-03-02' },
  run: (ctx, { id, ...values }) =>
    ctx.store.transaction(async (store) => {
      const tx = { ...ctx, store };
      const current = await requireTemporary(tx, id);
      if (!current.active) throw invalidTransition('Paciente temporário inativo: reative ou crie um novo cadastro');
      await checkPatientFields(tx, values, id);
      const given = compact(values);
      const name = given.name ?? current.name;
      const patient = await store.collection(patients).update(id, current._rev, {
        ...current,
        ...given,
        name,
        nameKey: searchKey(name),
        insurances: given.insurances.length > 0 ? given.insurances : current.insurances,
        temporary: false,
        updatedAt: nowIso(ctx),
      });
      return { message: 'Cadastro do paciente completado', patient };
    }),
});

/** The operations of this file, collected by the group's index. */
export const temporaryPatientOperations = [
  createTemporaryPatient,
  getTemporaryPatient,
  updateTemporaryPatient,
  inactivateTemporaryPatient,
  completeTemporaryPatient,
];
