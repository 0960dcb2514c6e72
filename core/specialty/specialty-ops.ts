/**
 * Specialty operations: create, get, edit, list, inactivate and reactivate. Names are unique among
 * the account's active specialties, ignoring accents and case.
 */
import { z } from 'zod';
import { nameListOperation } from '#core/common/name-list-ops.js';
import { searchKey } from '#core/br/text.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
} from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { specialties, specialtyFieldsInput, specialtyOutput, type Specialty } from './specialty-record.js';
import { activationOperations } from '#core/common/activation-ops.js';

const GROUP = 'Clinic';

async function assertNameFree(ctx: OperationContext, name: string, self?: string): Promise<void> {
  const taken = await ctx.store
    .collection(specialties)
    .find({ selector: { nameKey: searchKey(name), active: true }, limit: 2 });
  const other = taken.find((s) => s.id !== self);
  if (other) throw conflictOn('name', 'Especialidade já cadastrada', `mesmo nome que ${other.id}`);
}

/** `specialty.create`: `POST /specialty/` (201). */
export const createSpecialty = defineOperation({
  name: 'specialty.create',
  group: GROUP,
  summary: 'Cadastra uma especialidade (com código CBO e conselho, se houver)',
  permission: 'specialty:write',
  input: z.strictObject(specialtyFieldsInput),
  output: z.object({ message: z.string(), specialty: specialtyOutput }),
  http: { method: 'POST', path: '/specialty/', status: 201 },
  example: { name: 'Clínica médica', cbo: '225125', council: 'CRM' },
  async run(ctx, input) {
    await assertNameFree(ctx, input.name);
    const specialty = await ctx.store
      .collection(specialties)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
    return { message: 'Especialidade cadastrada', specialty };
  },
});

/** `specialty.get`: `GET /specialty/{id}`. */
export const getSpecialty = defineOperation({
  name: 'specialty.get',
  group: GROUP,
  summary: 'Mostra uma especialidade',
  permission: 'specialty:read',
  input: z.strictObject({ id: idInput }),
  output: specialtyOutput,
  http: { method: 'GET', path: '/specialty/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(specialties), id, 'Especialidade'),
});

/** `specialty.update`: `PUT /specialty/{id}`. */
export const updateSpecialty = defineOperation({
  name: 'specialty.update',
  group: GROUP,
  summary: 'Edita uma especialidade',
  permission: 'specialty:write',
  input: z.strictObject({ id: idInput, ...specialtyFieldsInput }),
  output: specialtyOutput,
  http: { method: 'PUT', path: '/specialty/{id}' },
  example: { id: EXAMPLE_ID, name: 'Pediatria', cbo: '225124', council: 'CRM' },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(specialties);
    const current = await requireRecord(collection, id, 'Especialidade');
    if (current.active) await assertNameFree(ctx, values.name, id);
    const next = replaceFields<Specialty>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      ['name', 'nameKey', 'cbo', 'council'],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `specialty.list`: `GET /specialty/`. */
export const listSpecialties = nameListOperation({
  name: 'specialty.list',
  group: GROUP,
  summary: 'Lista especialidades por nome (ignora acentos e maiúsculas)',
  permission: 'specialty:read',
  path: '/specialty/',
  collection: specialties,
  output: specialtyOutput,
  example: 'pedi',
});

/** `specialty.inactivate` and `specialty.activate`: `POST /specialty/{id}/inactivation|activation`. */
export const [inactivateSpecialty, activateSpecialty] = activationOperations({
  name: 'specialty',
  group: GROUP,
  path: '/specialty/{id}',
  permission: 'specialty:write',
  collection: specialties,
  output: specialtyOutput,
  what: 'Especialidade',
  summaries: {
    inactivate: 'Inativa uma especialidade (registros antigos continuam apontando para ela)',
    activate: 'Reativa uma especialidade',
  },
  beforeActivating: (ctx, current) => assertNameFree(ctx, current.name, current.id),
});

/** The operations of this file, collected by the group's index. */
export const specialtyOperations = [
  createSpecialty,
  getSpecialty,
  updateSpecialty,
  listSpecialties,
  inactivateSpecialty,
  activateSpecialty,
];
