/**
 * Plans of an insurance, inside the insurance document (spec §2.2 `patientData.insurancePlan`).
 * Names are unique among the insurance's active plans, ignoring accents and case.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { activeFilterInput } from '#core/common/query-input.js';
import { compact, conflictOn, EXAMPLE_ID, idInput, notFound, nowIso, requireRecord } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { insurances, planInput, planOutput, type InsurancePlan } from './insurance-record.js';

function assertNameFree(plans: readonly InsurancePlan[], name: string, self?: string): void {
  const key = searchKey(name);
  const other = plans.find((p) => p.active && p.id !== self && searchKey(p.name) === key);
  if (other) throw conflictOn('name', 'Já existe um plano com este nome', `plano ${other.id}`);
}

/** `insurance.plan.create`: `POST /insurance/{id}/plan/` (201). */
export const createPlan = defineOperation({
  name: 'insurance.plan.create',
  group: 'Insurance',
  summary: 'Cadastra um plano do convênio',
  permission: 'insurance:write',
  input: planInput.extend({ id: idInput }),
  output: z.object({ message: z.string(), plan: planOutput }),
  http: { method: 'POST', path: '/insurance/{id}/plan/', status: 201 },
  example: { id: EXAMPLE_ID, name: 'Apartamento', code: 'APT' },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(insurances);
    const insurance = await requireRecord(collection, id, 'Convênio');
    assertNameFree(insurance.plans, values.name);
    const plan: InsurancePlan = compact({ id: ctx.ids.next(), ...values, active: true });
    await collection.update(id, insurance._rev, {
      ...insurance,
      plans: [...insurance.plans, plan],
      updatedAt: nowIso(ctx),
    });
    return { message: 'Plano cadastrado', plan };
  },
});

/** `insurance.plan.update`: `PUT /insurance/{id}/plan/{planId}`. */
export const updatePlan = defineOperation({
  name: 'insurance.plan.update',
  group: 'Insurance',
  summary: 'Edita um plano do convênio (nome, código, ativo)',
  permission: 'insurance:write',
  input: planInput.extend({ id: idInput, planId: idInput, active: z.boolean().default(true) }),
  output: planOutput,
  http: { method: 'PUT', path: '/insurance/{id}/plan/{planId}' },
  example: { id: EXAMPLE_ID, planId: EXAMPLE_ID, name: 'Apartamento', active: false },
  async run(ctx, { id, planId, ...values }) {
    const collection = ctx.store.collection(insurances);
    const insurance = await requireRecord(collection, id, 'Convênio');
    if (!insurance.plans.some((p) => p.id === planId)) throw notFound('Plano', 'planId', planId);
    if (values.active) assertNameFree(insurance.plans, values.name, planId);
    const plan: InsurancePlan = compact({ id: planId, ...values });
    await collection.update(id, insurance._rev, {
      ...insurance,
      plans: insurance.plans.map((p) => (p.id === planId ? plan : p)),
      updatedAt: nowIso(ctx),
    });
    return plan;
  },
});

/** `insurance.plan.list`: `GET /insurance/{id}/plan/`. */
export const listPlans = defineOperation({
  name: 'insurance.plan.list',
  group: 'Insurance',
  summary: 'Lista os planos de um convênio',
  permission: 'insurance:read',
  input: z.strictObject({ id: idInput, active: activeFilterInput }),
  output: z.object({ items: z.array(planOutput) }),
  http: { method: 'GET', path: '/insurance/{id}/plan/' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id, active }) {
    const insurance = await requireRecord(ctx.store.collection(insurances), id, 'Convênio');
    return { items: insurance.plans.filter((p) => active === undefined || p.active === active) };
  },
});

/** The operations of this file, collected by the group's index. */
export const planOperations = [createPlan, updatePlan, listPlans];
