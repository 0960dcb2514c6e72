/**
 * Insurance operations: create (with its first plans), get, edit, list, inactivate and reactivate.
 * The ANS registry number is unique among the account's active insurances.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { pageBy } from '#core/common/paging.js';
import { activeFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { priceTables } from '#core/price/price-table-record.js';
import { insuranceFieldsInput, insuranceOutput, insurances, planInput, type Insurance } from './insurance-record.js';
import { activationOperations } from '#core/common/activation-ops.js';

const GROUP = 'Insurance';
const EDITABLE = Object.keys(insuranceFieldsInput) as (keyof typeof insuranceFieldsInput & keyof Insurance)[];

async function assertAnsFree(ctx: OperationContext, ansRegistry: string | undefined, self?: string): Promise<void> {
  if (!ansRegistry) return;
  const taken = await ctx.store.collection(insurances).find({ selector: { ansRegistry, active: true }, limit: 2 });
  const other = taken.find((i) => i.id !== self);
  if (other) throw conflictOn('ansRegistry', 'Registro ANS já cadastrado', `já usado por ${other.name} (${other.id})`);
}

async function checkReferences(ctx: OperationContext, values: { priceTable?: string | undefined }): Promise<void> {
  if (values.priceTable) {
    await requireReference(ctx.store.collection(priceTables), values.priceTable, 'Tabela de preços', 'priceTable');
  }
}

/** `insurance.create`: `POST /insurance/` (201). */
export const createInsurance = defineOperation({
  name: 'insurance.create',
  group: GROUP,
  summary: 'Cadastra um convênio (operadora) com seu registro ANS e planos',
  permission: 'insurance:write',
  input: z.strictObject({ ...insuranceFieldsInput, plans: z.array(planInput).max(200).default([]) }),
  output: z.object({ message: z.string(), insurance: insuranceOutput }),
  http: { method: 'POST', path: '/insurance/', status: 201 },
  example: { name: 'Saúde Exemplo', ansRegistry: '123456', tissVersion: '4.01.00', plans: [{ name: 'Enfermaria' }] },
  async run(ctx, { plans, ...values }) {
    await assertAnsFree(ctx, values.ansRegistry);
    await checkReferences(ctx, values);
    const insurance = await ctx.store.collection(insurances).insert(
      compact({
        ...newRecordBase(ctx),
        ...values,
        nameKey: searchKey(values.name),
        plans: plans.map((plan) => compact({ id: ctx.ids.next(), ...plan, active: true })),
        active: true,
      }),
    );
    return { message: 'Convênio cadastrado', insurance };
  },
});

/** `insurance.get`: `GET /insurance/{id}`. */
export const getInsurance = defineOperation({
  name: 'insurance.get',
  group: GROUP,
  summary: 'Mostra um convênio com seus planos e parâmetros TISS',
  permission: 'insurance:read',
  input: z.strictObject({ id: idInput }),
  output: insuranceOutput,
  http: { method: 'GET', path: '/insurance/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(insurances), id, 'Convênio'),
});

/** `insurance.update`: `PUT /insurance/{id}`. */
export const updateInsurance = defineOperation({
  name: 'insurance.update',
  group: GROUP,
  summary: 'Edita um convênio (substitui os dados cadastrais; os planos não mudam)',
  permission: 'insurance:write',
  input: z.strictObject({ id: idInput, ...insuranceFieldsInput }),
  output: insuranceOutput,
  http: { method: 'PUT', path: '/insurance/{id}' },
  example: { id: EXAMPLE_ID, name: 'Saúde Exemplo', ansRegistry: '123456', providerCode: '000123' },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(insurances);
    const current = await requireRecord(collection, id, 'Convênio');
    if (current.active) await assertAnsFree(ctx, values.ansRegistry, id);
    await checkReferences(ctx, values);
    const next = replaceFields<Insurance>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      [...EDITABLE, 'nameKey'],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `insurance.list`: `GET /insurance/`. */
export const listInsurances = defineOperation({
  name: 'insurance.list',
  group: GROUP,
  summary: 'Lista convênios com planos e parâmetros TISS, por nome ou registro ANS',
  permission: 'insurance:read',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('início do nome'),
    ansRegistry: z.string().max(6).optional(),
    active: activeFilterInput,
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(insuranceOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/insurance/' },
  example: { q: 'saude' },
  run: (ctx, { q, ansRegistry, active, limit, cursor }) =>
    pageBy(ctx.store.collection(insurances), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ ...(active === undefined ? {} : { active }), ...(ansRegistry ? { ansRegistry } : {}) }],
      limit,
      cursor,
    }),
});

/** `insurance.inactivate` and `insurance.activate`: `POST /insurance/{id}/inactivation|activation`. */
export const [inactivateInsurance, activateInsurance] = activationOperations({
  name: 'insurance',
  group: GROUP,
  path: '/insurance/{id}',
  permission: 'insurance:write',
  collection: insurances,
  output: insuranceOutput,
  what: 'Convênio',
  summaries: {
    inactivate: 'Inativa um convênio (o histórico continua apontando para ele)',
    activate: 'Reativa um convênio',
  },
  beforeActivating: (ctx, current) => assertAnsFree(ctx, current.ansRegistry, current.id),
});

/** The operations of this file, collected by the group's index. */
export const insuranceOperations = [
  createInsurance,
  getInsurance,
  updateInsurance,
  listInsurances,
  inactivateInsurance,
  activateInsurance,
];
