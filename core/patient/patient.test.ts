import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, formatCpf } from '#core/br/cpf.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { createVaccine, listAllergies, listVaccines, registerAllergy } from './clinical-lists-ops.js';
import { listPatients, patientExistsByCpf } from './patient-list-ops.js';
import {
  activatePatient,
  createPatient,
  getPatient,
  inactivatePatient,
  patchPatient,
  updatePatient,
} from './patient-ops.js';
import {
  completeTemporaryPatient,
  createTemporaryPatient,
  getTemporaryPatient,
  inactivateTemporaryPatient,
} from './temporary-ops.js';

let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData();
});
afterAll(() => h.close());

const create = async (input: Parameters<typeof createPatient.run>[1] | Record<string, unknown>) =>
  (await h.run(createPatient, input as never)).patient;

describe('creating a patient', () => {
  it('needs only a name, as a busy reception has', async () => {
    const { message, patient } = await h.run(createPatient, { name: '  Enzo   Gabriel ' });
    expect(message).toBe('Paciente cadastrado');
    expect(patient).toMatchObject({
      name: 'Enzo Gabriel',
      active: true,
      temporary: false,
      insurances: [],
      allergies: [],
    });
    expect(patient.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(patient).not.toHaveProperty('tenantId');
    expect(patient).not.toHaveProperty('nameKey');
  });

  it('stores the CPF as 11 digits and phones in E.164, e-mail lower case', async () => {
    const patient = await create({
      name: 'Helena Souza',
      cpf: '111.444.777-35',
      cellPhone: '(11) 98765-4321',
      phone: '11 3333-4444',
      email: ' Helena.Souza@Example.COM ',
    });
    expect(patient).toMatchObject({
      cpf: '11144477735',
      cellPhone: '+5511987654321',
      phone: '+551133334444',
      email: 'helena.souza@example.com',
    });
  });

  it.each([
    ['a CPF with wrong check digits', { cpf: '111.444.777-36' }, 'cpf'],
    ['a repeated-digit CPF', { cpf: '111.111.111-11' }, 'cpf'],
    ['a phone without area code', { cellPhone: '98765-4321' }, 'cellPhone'],
    ['a malformed e-mail', { email: 'maria@' }, 'email'],
    ['an impossible date', { birthDate: '1990-02-30' }, 'birthDate'],
    ['a future birth date', { birthDate: '2030-01-01' }, 'birthDate'],
    ['an unknown field', { nickname: 'Mari' }, 'nickname'],
    ['an empty name', { name: '   ' }, 'name'],
  ])('refuses %s, naming the field', async (_label, fields, path) => {
    const error = await h.failure(createPatient, { name: 'Maria', ...fields });
    expect(error.code).toBe('validation');
    expect(error.details.map((d) => d.path)).toContain(path);
  });

  it('keeps a CPF unique among active patients (409 naming cpf), free again after inactivation', async () => {
    const first = await create({ name: 'Carlos Lima', cpf: '529.982.247-25' });
    const error = await h.failure(createPatient, { name: 'Carlos A. Lima', cpf: '52998224725' });
    expect(error.code).toBe('conflict');
    // The reception reads whom the CPF belongs to, by name (issue 19: not an id).
    expect(error.details).toEqual([{ path: 'cpf', message: 'CPF já cadastrado (Carlos Lima)' }]);
    await h.run(inactivatePatient, { id: first.id, reason: 'duplicado' });
    const second = await create({ name: 'Carlos A. Lima', cpf: '52998224725' });
    expect(second.cpf).toBe('52998224725');
    expect((await h.failure(activatePatient, { id: first.id })).code).toBe('conflict');
  });

  it('refuses an insurance card of an insurance the account does not have (400 naming it)', async () => {
    const error = await h.failure(createPatient, { name: 'Rita', insurances: [{ insurance: 'nao-existe' }] });
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Convênio não encontrado');
    expect(error.details[0]?.path).toBe('insurances.0.insurance');
  });

  it('keeps insurance cards with the plan and card number', async () => {
    const { insurance } = await h.run(createInsurance, { name: 'Saúde Teste', plans: [{ name: 'Enfermaria' }] });
    const plan = insurance.plans[0]!.id;
    const patient = await create({
      name: 'Otávio Reis',
      insurances: [{ insurance: insurance.id, insurancePlan: plan, identificationOnInsurance: '0012 3456 7890' }],
    });
    expect(patient.insurances).toEqual([
      { insurance: insurance.id, insurancePlan: plan, identificationOnInsurance: '0012 3456 7890' },
    ]);
    const wrongPlan = await h.failure(createPatient, {
      name: 'X',
      insurances: [{ insurance: insurance.id, insurancePlan: 'outro' }],
    });
    expect(wrongPlan.details[0]?.path).toBe('insurances.0.insurancePlan');
  });
});

describe('editing a patient', () => {
  it('PUT replaces the registration and clears what is left out; allergies stay', async () => {
    const patient = await create({ name: 'Paula Nunes', cellPhone: '11987650000', notes: 'prefere manhã' });
    await h.run(registerAllergy, { id: patient.id, substance: 'Penicilina' });
    const edited = await h.run(updatePatient, { id: patient.id, name: 'Paula Nunes Ribeiro', birthDate: '1988-07-01' });
    expect(edited).toMatchObject({ name: 'Paula Nunes Ribeiro', birthDate: '1988-07-01' });
    expect(edited.cellPhone).toBeUndefined();
    expect(edited.notes).toBeUndefined();
    expect(edited.allergies.map((a) => a.substance)).toEqual(['Penicilina']);
  });

  it('PATCH changes one field, null clears one, an empty patch is refused', async () => {
    const patient = await create({ name: 'Bruno Dias', email: 'bruno@example.com', cellPhone: '11911112222' });
    const patched = await h.run(patchPatient, { id: patient.id, cellPhone: '(11) 93333-4444' });
    expect(patched).toMatchObject({ cellPhone: '+5511933334444', email: 'bruno@example.com', name: 'Bruno Dias' });
    const cleared = await h.run(patchPatient, { id: patient.id, email: null });
    expect(cleared.email).toBeUndefined();
    expect((await h.failure(patchPatient, { id: patient.id })).code).toBe('validation');
    expect((await h.failure(patchPatient, { id: patient.id, name: null })).details[0]?.path).toBe('name');
  });

  it('answers 404 for a missing patient', async () => {
    const error = await h.failure(getPatient, { id: '01938c2e-0000-7000-8000-000000000000' });
    expect(error.code).toBe('not_found');
  });
});

describe('searching patients', () => {
  let names: string[];
  beforeAll(async () => {
    names = ['João Conceição', 'joao batista', 'JOANA Prado', 'Jôse Ramos', 'Maria João', 'Ana Júlia'];
    for (const name of names) await create({ name, birthDate: '2001-09-10' });
    for (let i = 0; i < 5; i++) await create({ name: 'Pedro Alves' });
  });

  it('finds by name prefix ignoring accents and case, in alphabetical order', async () => {
    const { items } = await h.run(listPatients, { q: 'JOAO' });
    expect(items.map((p) => p.name)).toEqual(['joao batista', 'João Conceição']);
    expect((await h.run(listPatients, { q: 'jo' })).items.map((p) => p.name)).toEqual([
      'JOANA Prado',
      'joao batista',
      'João Conceição',
      'Jôse Ramos',
    ]);
    expect((await h.run(listPatients, { name: 'ana ju' })).items.map((p) => p.name)).toEqual(['Ana Júlia']);
  });

  it('pages with a cursor, even through many equal names, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await h.run(listPatients, { q: 'pedro', limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((p) => p.id));
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    const all = await h.run(listPatients, { q: 'pedro' });
    expect(seen).toEqual(all.items.map((p) => p.id));
  });

  it('refuses a cursor it did not make', async () => {
    expect((await h.failure(listPatients, { cursor: 'bad cursor' })).details[0]?.path).toBe('cursor');
  });

  it('finds by CPF, phone or birth date typed in the same box', async () => {
    const patient = await create({ name: 'Zuleica Prata', cpf: '935.411.347-80', cellPhone: '(21) 99876-5432' });
    for (const q of ['935.411.347-80', '93541134780', '(21) 99876-5432', '+55 21 99876-5432']) {
      expect(
        (await h.run(listPatients, { q })).items.map((p) => p.id),
        q,
      ).toEqual([patient.id]);
    }
    expect((await h.run(listPatients, { q: '10/09/2001' })).items).toHaveLength(names.length);
    expect((await h.run(listPatients, { birthDate: '2001-09-10', q: 'ana' })).items.map((p) => p.name)).toEqual([
      'Ana Júlia',
    ]);
  });

  it('finds a partial CPF as typed, with or without its punctuation', async () => {
    const patient = await create({ name: 'Otília Brandão', cpf: '604.581.932-24' });
    for (const q of ['604', '604.581', '60458193', '604.581.932-2', '604.581.932-24']) {
      expect(
        (await h.run(listPatients, { q })).items.map((p) => p.id),
        q,
      ).toEqual([patient.id]);
    }
    expect((await h.run(listPatients, { q: '605.581' })).items).toEqual([]);
  });

  it('finds "Maria Silva" in "Maria Aparecida da Silva": each further word starts a later word of the name', async () => {
    const maria = await create({ name: 'Maria Aparecida da Silva' });
    await create({ name: 'Maria Aparecida Souza' });
    await create({ name: 'Silva Maria Prado' });
    for (const q of ['Maria Silva', 'maria silva', 'MARIA SÍLVA', 'mar sil', 'Maria Ap Silva', 'maria da sil']) {
      expect(
        (await h.run(listPatients, { q })).items.map((p) => p.id),
        q,
      ).toEqual([maria.id]);
    }
    expect((await h.run(listPatients, { q: 'maria aparecida' })).items.map((p) => p.name)).toEqual([
      'Maria Aparecida da Silva',
      'Maria Aparecida Souza',
    ]);
    expect((await h.run(listPatients, { q: 'maria costa' })).items).toEqual([]);
  });

  it('pages a two-word search full, past many names that start alike but lack the second word', async () => {
    for (let i = 0; i < 120; i++) await create({ name: `Rita Alves ${String(i).padStart(3, '0')}` });
    for (let i = 0; i < 3; i++) await create({ name: `Rita Zanetti ${i}` });
    const first = await h.run(listPatients, { q: 'rita zan', limit: 2 });
    expect(first.items.map((p) => p.name)).toEqual(['Rita Zanetti 0', 'Rita Zanetti 1']);
    const second = await h.run(listPatients, { q: 'rita zan', limit: 2, cursor: first.next! });
    expect(second.items.map((p) => p.name)).toEqual(['Rita Zanetti 2']);
    expect(second.next).toBeNull();
  });

  it('lists active patients by default, inactive ones on request', async () => {
    const patient = await create({ name: 'Xisto Inativo' });
    await h.run(inactivatePatient, { id: patient.id });
    expect((await h.run(listPatients, { q: 'xisto' })).items).toHaveLength(0);
    expect((await h.run(listPatients, { q: 'xisto', active: 'false' })).items).toHaveLength(1);
    expect((await h.run(listPatients, { q: 'xisto', active: 'all' })).items).toHaveLength(1);
    expect((await h.run(listPatients, { q: 'xisto ina', active: 'all' })).items).toHaveLength(1);
    expect((await h.run(listPatients, { q: 'xisto ina', active: 'false' })).items).toHaveLength(1);
  });

  it('tells whether a CPF belongs to an active patient', async () => {
    const patient = await create({ name: 'Vera Cruz', cpf: '714.602.380-01' });
    expect(await h.run(patientExistsByCpf, { cpf: '714.602.380-01' })).toEqual({
      cpf: '71460238001',
      exists: true,
      active: true,
      patient: { id: patient.id, name: 'Vera Cruz' },
    });
    await h.run(inactivatePatient, { id: patient.id });
    expect(await h.run(patientExistsByCpf, { cpf: '71460238001' })).toMatchObject({ exists: true, active: false });
    expect(await h.run(patientExistsByCpf, { cpf: '286.255.878-87' })).toMatchObject({ exists: false, patient: null });
  });
});

describe('temporary patients', () => {
  it('are created with a name and a phone, found by search, completed keeping their id', async () => {
    const { temporaryPatient } = await h.run(createTemporaryPatient, {
      name: 'Sr. Wagner',
      cellPhone: '11 97777-6666',
    });
    expect(temporaryPatient).toMatchObject({ temporary: true, cellPhone: '+5511977776666' });
    expect((await h.run(listPatients, { q: 'sr wag', temporary: 'true' })).items).toHaveLength(1);
    const { patient } = await h.run(completeTemporaryPatient, {
      id: temporaryPatient.id,
      name: 'Wagner Moura Lopes',
      cpf: formatCpf(cpfWithCheckDigits('398136146')),
    });
    expect(patient).toMatchObject({
      id: temporaryPatient.id,
      temporary: false,
      cpf: cpfWithCheckDigits('398136146'),
      cellPhone: '+5511977776666',
    });
    expect((await h.failure(getTemporaryPatient, { id: patient.id })).code).toBe('not_found');
  });

  it('refuse completion with the CPF of another active patient, naming cpf', async () => {
    const cpf = cpfWithCheckDigits('847310280');
    await create({ name: 'Lúcia Prado', cpf });
    const { temporaryPatient } = await h.run(createTemporaryPatient, { name: 'Lucia' });
    const error = await h.failure(completeTemporaryPatient, { id: temporaryPatient.id, cpf });
    expect([error.code, error.details[0]?.path]).toEqual(['conflict', 'cpf']);
    const inactive = await h.run(inactivateTemporaryPatient, { id: temporaryPatient.id });
    expect(inactive.active).toBe(false);
  });
});

describe('allergies and vaccines', () => {
  it('registers and lists allergies, refusing the same substance twice', async () => {
    const patient = await create({ name: 'Tereza Alergia' });
    const { allergy } = await h.run(registerAllergy, { id: patient.id, substance: 'Dipirona', severity: 'severe' });
    expect(allergy).toMatchObject({ substance: 'Dipirona', severity: 'severe', recordedBy: 'user-recepcao' });
    expect((await h.failure(registerAllergy, { id: patient.id, substance: 'DIPIRONA' })).code).toBe('conflict');
    expect((await h.run(listAllergies, { id: patient.id })).items).toHaveLength(1);
  });

  it('records vaccines and lists them by date, refusing a future date', async () => {
    const patient = await create({ name: 'Ulisses Vacina' });
    await h.run(createVaccine, { id: patient.id, name: 'Influenza', appliedOn: '2026-04-15' });
    await h.run(createVaccine, { id: patient.id, name: 'Hepatite B', dose: '1ª dose', appliedOn: '2025-01-10' });
    expect((await h.run(listVaccines, { id: patient.id })).items.map((v) => v.name)).toEqual([
      'Hepatite B',
      'Influenza',
    ]);
    const error = await h.failure(createVaccine, { id: patient.id, name: 'X', appliedOn: '2027-01-01' });
    expect(error.details[0]?.path).toBe('appliedOn');
  });
});

describe('permissions', () => {
  it('a totem (patient:read only) can search but not create', async () => {
    const totem = { kind: 'device' as const, id: 'totem-1', tenantId: 't1', permissions: new Set(['patient:read']) };
    expect((await h.run(listPatients, { q: 'jo' }, totem)).items.length).toBeGreaterThan(0);
    expect((await h.failure(createPatient, { name: 'X' }, totem)).code).toBe('forbidden');
  });

  it("another account's store never sees these patients", async () => {
    const other = { kind: 'user' as const, id: 'u2', tenantId: 't2', permissions: new Set(['*']) };
    expect((await h.run(listPatients, {}, other)).items).toEqual([]);
  });
});
