import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNCILS as USER_COUNCILS } from '#core/access/user.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createPriceTable } from '#core/price/price-table-ops.js';
import { COUNCILS, getCouncil, listCouncils } from '#core/specialty/councils-ops.js';
import {
  createSpecialty,
  inactivateSpecialty,
  listSpecialties,
  updateSpecialty,
} from '#core/specialty/specialty-ops.js';
import {
  activateInsurance,
  createInsurance,
  inactivateInsurance,
  listInsurances,
  updateInsurance,
} from './insurance-ops.js';
import { createPlan, listPlans, updatePlan } from './plans-ops.js';

let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData();
});
afterAll(() => h.close());

describe('insurances', () => {
  it('carry their ANS registry, unique among active insurances, and TISS parameters', async () => {
    const { priceTable } = await h.run(createPriceTable, { name: 'Tabela Operadora' });
    const { insurance } = await h.run(createInsurance, {
      name: 'Bem Saúde',
      ansRegistry: '41.234-5',
      tissVersion: '4.01.00',
      providerCode: '000777',
      priceTable: priceTable.id,
      plans: [{ name: 'Básico', code: 'B1' }],
    });
    expect(insurance).toMatchObject({ ansRegistry: '412345', plans: [{ name: 'Básico', code: 'B1', active: true }] });
    const twice = await h.failure(createInsurance, { name: 'Outra', ansRegistry: '412345' });
    expect([twice.code, twice.details[0]?.path]).toEqual(['conflict', 'ansRegistry']);
    expect((await h.failure(createInsurance, { name: 'X', ansRegistry: '12345' })).details[0]?.path).toBe(
      'ansRegistry',
    );
    expect((await h.failure(createInsurance, { name: 'X', priceTable: 'nenhuma' })).details[0]?.path).toBe(
      'priceTable',
    );
    await h.run(inactivateInsurance, { id: insurance.id });
    await h.run(createInsurance, { name: 'Sucessora', ansRegistry: '412345' });
    expect((await h.failure(activateInsurance, { id: insurance.id })).code).toBe('conflict');
    const edited = await h.run(updateInsurance, { id: insurance.id, name: 'Bem Saúde (antiga)' });
    expect(edited.plans).toHaveLength(1);
    expect((await h.run(listInsurances, { q: 'bem saude', active: 'all' })).items.map((i) => i.name)).toEqual([
      'Bem Saúde (antiga)',
    ]);
  });

  it('have plans, unique by name among active ones', async () => {
    const { insurance } = await h.run(createInsurance, { name: 'Plano Forte' });
    const { plan } = await h.run(createPlan, { id: insurance.id, name: 'Apartamento' });
    expect((await h.failure(createPlan, { id: insurance.id, name: 'APARTAMENTO' })).code).toBe('conflict');
    await h.run(updatePlan, { id: insurance.id, planId: plan.id, name: 'Apartamento', active: false });
    expect((await h.run(listPlans, { id: insurance.id })).items).toEqual([]);
    expect((await h.run(listPlans, { id: insurance.id, active: 'false' })).items.map((p) => p.id)).toEqual([plan.id]);
  });
});

describe('specialties and councils', () => {
  it('keep CBO codes and council ids, names unique among active ones', async () => {
    const { specialty } = await h.run(createSpecialty, { name: 'Pediatria', cbo: '225-124', council: 'crm' });
    expect(specialty).toMatchObject({ cbo: '225124', council: 'CRM' });
    expect((await h.failure(createSpecialty, { name: 'pediatria' })).code).toBe('conflict');
    expect((await h.failure(createSpecialty, { name: 'X', cbo: '22512' })).details[0]?.path).toBe('cbo');
    expect((await h.failure(createSpecialty, { name: 'X', council: 'CRX' })).details[0]?.path).toBe('council');
    await h.run(updateSpecialty, { id: specialty.id, name: 'Pediatria geral', cbo: '225124', council: 'CRM' });
    await h.run(inactivateSpecialty, { id: specialty.id });
    expect((await h.run(listSpecialties, { q: 'pedi', active: 'all' })).items.map((s) => s.name)).toEqual([
      'Pediatria geral',
    ]);
  });

  it('list the councils with their TISS codes, the same ids the user record takes', async () => {
    const { items } = await h.run(listCouncils, {});
    expect(items.find((c) => c.id === 'CRM')?.tissCode).toBe('06');
    expect(await h.run(getCouncil, { id: 'crfa' })).toMatchObject({ id: 'CRFa', tissCode: '04' });
    expect(COUNCILS.map((c) => c.id).sort()).toEqual([...USER_COUNCILS].sort());
  });
});
