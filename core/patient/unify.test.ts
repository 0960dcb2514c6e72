import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { registerAllergy } from './clinical-lists-ops.js';
import { createPatient, getPatient } from './patient-ops.js';
import { createTemporaryPatient } from './temporary-ops.js';
import { registerPatientReference } from './references.js';
import { onPatientsUnified, unifyPatients } from './unify-ops.js';

/** Stand-ins for the appointments and budgets later issues register the same way. */
interface Visit extends RecordBase {
  patient: string;
  note: string;
}
const visits = defineCollection<Visit>({ name: 'test_visits', fields: { patient: 'string' }, indexes: [['patient']] });
const budgets = defineCollection<Visit>({
  name: 'test_budgets',
  fields: { patient: 'string' },
  indexes: [['patient']],
});

let h: MasterDataHarness;
const unregister: (() => void)[] = [];
beforeAll(async () => {
  h = await openMasterData([visits, budgets]);
  unregister.push(registerPatientReference({ collection: visits, field: 'patient' }));
  unregister.push(registerPatientReference({ collection: budgets, field: 'patient' }));
});
afterAll(async () => {
  for (const off of unregister) off();
  await h.close();
});

async function visit(collection: typeof visits, patient: string, note: string): Promise<void> {
  const now = '2026-11-23T09:00:00.000-03:00';
  await h.ctx.store
    .collection(collection)
    .insert({ id: h.ctx.ids.next(), tenantId: 't1', createdAt: now, updatedAt: now, patient, note });
}

async function notesOf(collection: typeof visits, patient: string): Promise<string[]> {
  return (await h.ctx.store.collection(collection).find({ selector: { patient } })).map((v) => v.note).sort();
}

describe('unifying two patients', () => {
  it('moves every record that points at the duplicate, merges the data and inactivates the duplicate', async () => {
    const kept = (await h.run(createPatient, { name: 'Márcia Gomes', cellPhone: '11988887777' })).patient;
    const duplicate = (
      await h.run(createPatient, { name: 'Marcia Gomes', cpf: '529.982.247-25', email: 'marcia@example.com' })
    ).patient;
    await h.run(registerAllergy, { id: duplicate.id, substance: 'Látex' });
    for (let i = 0; i < 250; i++) await visit(visits, duplicate.id, `dup ${String(i).padStart(3, '0')}`);
    await visit(visits, kept.id, 'kept');
    await visit(budgets, duplicate.id, 'orçamento');

    const { patient, report } = await h.run(unifyPatients, { id: kept.id, duplicate: duplicate.id });

    expect(report).toMatchObject({
      kept: kept.id,
      duplicate: duplicate.id,
      duplicateName: 'Marcia Gomes',
      by: { kind: 'user', id: 'user-recepcao' },
      moved: [
        { collection: 'test_visits', field: 'patient', count: 250 },
        { collection: 'test_budgets', field: 'patient', count: 1 },
      ],
    });
    expect(await notesOf(visits, duplicate.id)).toEqual([]);
    expect(await notesOf(visits, kept.id)).toHaveLength(251);
    expect(await notesOf(budgets, kept.id)).toEqual(['orçamento']);
    expect(patient).toMatchObject({
      cpf: '52998224725',
      email: 'marcia@example.com',
      cellPhone: '+5511988887777',
      active: true,
    });
    expect(patient.allergies.map((a) => a.substance)).toEqual(['Látex']);
    expect(patient.merges).toEqual([report].map(({ kept: _kept, ...merge }) => merge));
    const gone = await h.run(getPatient, { id: duplicate.id });
    expect(gone).toMatchObject({ active: false, mergedInto: kept.id });
  });

  it('undoes everything when anything inside the transaction fails', async () => {
    const kept = (await h.run(createPatient, { name: 'Kléber Souza' })).patient;
    const duplicate = (await h.run(createTemporaryPatient, { name: 'Kleber (telefone)' })).temporaryPatient;
    await visit(visits, duplicate.id, 'marcado por telefone');
    const off = onPatientsUnified(() => Promise.reject(new Error('audit log unavailable')));
    try {
      await expect(h.run(unifyPatients, { id: kept.id, duplicate: duplicate.id })).rejects.toThrow(
        'audit log unavailable',
      );
    } finally {
      off();
    }
    expect(await notesOf(visits, duplicate.id)).toEqual(['marcado por telefone']);
    expect(await h.run(getPatient, { id: duplicate.id })).toMatchObject({ active: true, temporary: true });
    expect((await h.run(getPatient, { id: kept.id })).merges).toEqual([]);

    const seen: string[] = [];
    const offAgain = onPatientsUnified((_ctx, merge) => {
      seen.push(`${merge.duplicate}→${merge.kept}`);
      return Promise.resolve();
    });
    await h.run(unifyPatients, { id: kept.id, duplicate: duplicate.id });
    offAgain();
    expect(seen).toEqual([`${duplicate.id}→${kept.id}`]);
    expect(await notesOf(visits, kept.id)).toEqual(['marcado por telefone']);
  });

  it('refuses a patient with itself, an already unified duplicate and missing ids', async () => {
    const a = (await h.run(createPatient, { name: 'Ana A' })).patient;
    const b = (await h.run(createPatient, { name: 'Ana B' })).patient;
    const c = (await h.run(createPatient, { name: 'Ana C' })).patient;
    expect((await h.failure(unifyPatients, { id: a.id, duplicate: a.id })).details[0]?.path).toBe('duplicate');
    await h.run(unifyPatients, { id: a.id, duplicate: b.id });
    expect((await h.failure(unifyPatients, { id: c.id, duplicate: b.id })).code).toBe('invalid_transition');
    expect((await h.failure(unifyPatients, { id: b.id, duplicate: c.id })).code).toBe('invalid_transition');
    const missing = await h.failure(unifyPatients, { id: a.id, duplicate: 'nao-existe' });
    expect([missing.code, missing.details[0]?.path]).toEqual(['validation', 'duplicate']);
  });

  it('accepts only declared string fields as references', () => {
    const loose = defineCollection<Visit>({ name: 'test_loose', fields: {}, indexes: [] });
    expect(() => registerPatientReference({ collection: loose, field: 'patient' })).toThrow(/declare it/);
  });
});
