import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { fixedClock } from '#core/clock.js';
import type { DomainError } from '#core/errors.js';
import { invoke } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { unifyPatients } from '#core/patient/unify-ops.js';
import { openMasterData, testActor, type MasterDataHarness } from '#core/common/testing.js';
import { budgets } from './budget-record.js';
import { listBudgets } from './budget-list-ops.js';
import { createBudget, editBudget, getBudget } from './budget-ops.js';
import { sendBudget } from './budget-send-ops.js';
import { approveBudget, deleteBudget, disapproveBudget } from './budget-status-ops.js';
import { fullBudgetBody, seedBudgetReferences, type BudgetRefs } from './testing.js';
import { createTreatmentFromBudget, getTreatment, treatments } from './treatment-ops.js';

let h: MasterDataHarness;
let refs: BudgetRefs;
beforeAll(async () => {
  h = await openMasterData([users, budgets, treatments]);
  refs = await seedBudgetReferences(
    (op, input) => h.run(op, input),
    async (user) => void (await h.database.forTenant('t1').collection(users).insert(user)),
    't1',
  );
});
afterAll(() => h.close());

const draft = () => ({
  patient: refs.patient,
  clinic: refs.clinic,
  items: [{ event: refs.events[0], quantity: 1, valueUnity: 300, tooth: '11', toothFace: ['V' as const] }],
});

describe('creating a budget', () => {
  it('is born expired (5) when its validity already passed, and refused approved without the approval rules', async () => {
    const { budget } = await h.run(createBudget, { ...draft(), status: 1, validUntil: '2026-11-22' });
    expect(budget.status).toBe(5);
    expect(budget.expiredAt).toMatch(/^2026-11-23T/);
    const before = (await h.run(listBudgets, { active: 'all', limit: 100 })).items.length;
    const bare = await h.failure(createBudget, { patient: refs.patient, clinic: refs.clinic, status: 2 });
    expect(bare.code).toBe('validation');
    expect(bare.details.map((d) => d.path)).toEqual(['items']);
    const free = await h.failure(createBudget, {
      ...draft(),
      items: [{ event: refs.events[0], quantity: 1, valueUnity: 0 }],
      status: 2,
      validUntil: '2020-01-01',
    });
    expect(free.details).toEqual([
      { path: 'value', message: 'valor total zero' },
      { path: 'validUntil', message: 'vencido em 01/01/2020' },
    ]);
    expect((await h.run(listBudgets, { active: 'all', limit: 100 })).items.length).toBe(before);
    const approved = await h.run(createBudget, { ...draft(), status: 2 });
    expect(approved.budget.status).toBe(2);
    expect(approved.budget.approvedAt).toMatch(/^2026-11-23T/);
  });

  it('keeps every field of the request, numbers it and stamps it', async () => {
    const body = fullBudgetBody(refs);
    const { message, budget } = await h.run(createBudget, body as never);
    expect(message).toMatch(/salvo/);
    expect(budget).toMatchObject(body);
    expect(budget.budgetNumber).toBeGreaterThan(0);
    expect(budget.paymentInformation).toMatchObject({ lastParcelValue: 200 });
    expect(budget.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(budget.createdAt).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('needs only patient and clinic; derives totals, value, plan, type and validity', async () => {
    const { budget } = await h.run(createBudget, {
      patient: refs.patient,
      clinic: refs.clinic,
      items: [
        { event: refs.events[0], quantity: 3, valueUnity: 33.33, tooth: '85' },
        { item: refs.events[1], quantity: 1, totalValue: 0.01 },
      ],
      paymentInformation: { quantity: 3 },
    });
    expect(budget.items.map((l) => l.totalValue)).toEqual([99.99, 0.01]);
    expect(budget.items[0]?.type).toBe('procedure');
    expect(budget.value).toBe(100);
    expect(budget.paymentInformation).toEqual({ entry: 0, quantity: 3, parcelValue: 33.33, lastParcelValue: 33.34 });
    expect(budget).toMatchObject({ type: 'dental', status: 0, active: true, validUntil: '2026-12-23' });
    const empty = await h.run(createBudget, { patient: refs.patient, clinic: refs.clinic });
    expect(empty.budget).toMatchObject({ items: [], value: 0, status: 0, type: 'medical' });
  });

  it('answers 400 naming every bad field, and stores nothing', async () => {
    const before = await h.database.forTenant('t1').collection(budgets).count();
    const error = await h.failure(createBudget, {
      patient: 'nao-existe',
      clinic: refs.clinic,
      professional: 'ninguem',
      insurance: refs.insurance,
      patientData: { insurancePlan: 'plano-x' },
      status: 4,
      items: [
        { event: 'evento-x', quantity: 1, valueUnity: 10, tooth: '19', toothFace: ['X'], toothRegion: 'ZZ' },
        { event: refs.events[0], quantity: 2, valueUnity: 10.005 },
      ],
      paymentInformation: { method: 'cheque' },
    });
    expect(error.code).toBe('validation');
    expect(error.details.map((d) => d.path).sort()).toEqual(
      [
        'items.0.tooth',
        'items.0.toothFace.0',
        'items.0.toothRegion',
        'items.1.valueUnity',
        'paymentInformation.method',
        'status',
      ].sort(),
    );
    const refsError = await h.failure(createBudget, {
      patient: 'nao-existe',
      clinic: refs.clinic,
      professional: 'ninguem',
      insurance: refs.insurance,
      patientData: { insurancePlan: 'plano-x' },
      items: [{ event: 'evento-x', quantity: 1, valueUnity: 10 }],
    });
    expect(refsError.details.map((d) => d.path).sort()).toEqual(
      ['items.0.event', 'patient', 'patientData.insurancePlan', 'professional'].sort(),
    );
    expect(await h.database.forTenant('t1').collection(budgets).count()).toBe(before);
  });

  it('refuses amounts that do not add up, naming them', async () => {
    const error = await h.failure(createBudget, {
      ...draft(),
      value: 299.99,
      paymentInformation: { entry: 0, quantity: 2, parcelValue: 100 },
    });
    expect(error.details.map((d) => d.path)).toEqual(['value']);
    const plan = await h.failure(createBudget, {
      ...draft(),
      paymentInformation: { entry: 0, quantity: 2, parcelValue: 100 },
    });
    expect(plan.details.map((d) => d.path)).toEqual(['paymentInformation.parcelValue']);
  });

  it('keeps a given budget number and refuses one already taken (409)', async () => {
    const { budget } = await h.run(createBudget, { ...draft(), budgetNumber: 9001 });
    expect(budget.budgetNumber).toBe(9001);
    const error = await h.failure(createBudget, { ...draft(), budgetNumber: 9001 });
    expect(error.code).toBe('conflict');
    expect(error.details[0]?.path).toBe('budgetNumber');
  });

  it('treats another tenant like a missing record', async () => {
    const { budget } = await h.run(createBudget, draft());
    const other = testActor(['*'], 't2');
    expect((await h.failure(getBudget, { id: budget.id }, other)).code).toBe('not_found');
    const error = await h.failure(createBudget, draft(), other);
    expect(error.details.map((d) => d.path).sort()).toEqual(['clinic', 'items.0.event', 'patient']);
  });
});

describe('the life of a budget', () => {
  it('is edited while not approved, approved, disapproved to change it, then becomes a treatment once', async () => {
    const { budget } = await h.run(createBudget, { ...draft(), status: 1 });
    const edited = await h.run(editBudget, {
      id: budget.id,
      ...draft(),
      items: [...draft().items, { event: refs.events[1], quantity: 1, valueUnity: 100, toothRegion: 'AS' as const }],
    });
    expect(edited).toMatchObject({ value: 400, status: 1, budgetNumber: budget.budgetNumber });

    const approved = await h.run(approveBudget, { id: budget.id, approvedBy: refs.professional });
    expect(approved).toMatchObject({
      status: 2,
      approvedBy: refs.professional,
      approvedAt: expect.any(String) as string,
    });
    const locked = await h.failure(editBudget, { id: budget.id, ...draft() });
    expect(locked.code).toBe('invalid_transition');

    const disapproved = await h.run(disapproveBudget, { id: budget.id, reason: 'Paciente quer parcelar em 6x' });
    expect(disapproved).toMatchObject({ status: 3, disapprovalReason: 'Paciente quer parcelar em 6x' });
    const redone = await h.run(editBudget, { id: budget.id, ...draft(), paymentInformation: { quantity: 6 } });
    expect(redone).toMatchObject({ status: 0, paymentInformation: { quantity: 6, parcelValue: 50 } });
    await h.run(approveBudget, { id: budget.id });

    const { treatment } = await h.run(createTreatmentFromBudget, { id: budget.id });
    expect(treatment.steps).toEqual([
      {
        order: 1,
        typeModel: 'Event',
        event: refs.events[0],
        quantity: 1,
        tooth: '11',
        toothFace: ['V'],
        status: 'pending',
      },
    ]);
    expect(await h.run(getTreatment, { id: treatment.id })).toMatchObject({ budget: budget.id, patient: refs.patient });
    expect(await h.run(getBudget, { id: budget.id })).toMatchObject({ status: 4, treatment: treatment.id });
    expect((await h.failure(createTreatmentFromBudget, { id: budget.id })).code).toBe('invalid_transition');
    expect((await h.failure(disapproveBudget, { id: budget.id, reason: 'x' })).code).toBe('invalid_transition');
  });

  it('only approved budgets become treatments; empty ones are not approved', async () => {
    const { budget } = await h.run(createBudget, draft());
    expect((await h.failure(createTreatmentFromBudget, { id: budget.id })).code).toBe('invalid_transition');
    const empty = await h.run(createBudget, { patient: refs.patient, clinic: refs.clinic });
    expect((await h.failure(approveBudget, { id: empty.budget.id })).code).toBe('invalid_transition');
  });

  it('disappears from default lists when deleted, and stays readable', async () => {
    const { budget } = await h.run(createBudget, { ...draft(), professional: refs.professional });
    await h.run(deleteBudget, { id: budget.id });
    const listed = await h.run(listBudgets, { professional: refs.professional });
    expect(listed.items.map((b) => b.id)).not.toContain(budget.id);
    const all = await h.run(listBudgets, { professional: refs.professional, active: 'all' });
    expect(all.items.map((b) => b.id)).toContain(budget.id);
    expect(await h.run(getBudget, { id: budget.id })).toMatchObject({ active: false });
  });

  it('lists newest first in pages, filtered by status and date', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await h.run(listBudgets, { patient: refs.patient, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((b) => b.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const listed = await Promise.all(seen.map((id) => h.run(getBudget, { id })));
    const stamps = listed.map((b) => b.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const count = await h.database
      .forTenant('t1')
      .collection(budgets)
      .count({ selector: { active: true } });
    expect(seen).toHaveLength(count);
    const none = await h.run(listBudgets, { from: '2027-01-01' });
    expect(none.items).toEqual([]);
    const approvedOnes = await h.run(listBudgets, { status: 4 });
    expect(approvedOnes.items.every((b) => b.status === 4)).toBe(true);
  });

  it('queues the e-mail with the PDF attached, to the patient by default', async () => {
    const { budget } = await h.run(createBudget, draft());
    const sent = await h.run(sendBudget, { id: budget.id });
    expect(sent).toMatchObject({ channel: 'email', to: 'maria@exemplo.com.br' });
    const whats = await h.run(sendBudget, { id: budget.id, channel: 'whatsapp' });
    expect(whats.to).toBe('+5511987654321');
  });

  it('refuses to approve a quote past its validity, and anyone without budget permission', async () => {
    const { budget } = await h.run(createBudget, { ...draft(), validUntil: '2026-11-23' });
    // The next day in São Paulo: the quote valid until the 23rd has lapsed, though no job marked it yet.
    const tomorrow = { ...h.ctx, clock: fixedClock('2026-11-24T12:00:00.000Z') };
    const lapsed = await invoke(approveBudget, tomorrow, { id: budget.id }).then(
      () => {
        throw new Error('approved a lapsed quote');
      },
      (e: DomainError) => e,
    );
    expect(lapsed.code).toBe('invalid_transition');
    expect(lapsed.message).toBe('Orçamento vencido em 23/11/2026: edite-o com nova validade');
    expect(lapsed.details).toEqual([{ path: 'validUntil', message: 'vencido em 23/11/2026' }]);
    const totem = testActor(['patient:read', 'clinic:read']);
    expect((await h.failure(createBudget, draft(), totem)).code).toBe('forbidden');
    expect((await h.failure(getBudget, { id: budget.id }, totem)).code).toBe('forbidden');
  });

  it('moves with the patient when duplicates are unified', async () => {
    const { patient: duplicate } = await h.run(createPatient, { name: 'Maria A. da Silva' });
    const { budget } = await h.run(createBudget, { ...draft(), patient: duplicate.id });
    await h.run(unifyPatients, { id: refs.patient, duplicate: duplicate.id });
    expect(await h.run(getBudget, { id: budget.id })).toMatchObject({ patient: refs.patient });
  });
});
