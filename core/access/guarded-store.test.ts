import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '#core/actor.js';
import type { DomainError } from '#core/errors.js';
import type { Database, Store } from '#core/store/port.js';
import { memoryAuditSink, type AuditEvent } from './audit.js';
import { changedFields, guardStore } from './guarded-store.js';
import { collectionPolicy, declareCollectionPolicy, grantCollectionAccess, healthData } from './policy.js';
import { personalTemplates } from './personal-template-ops.js';
import {
  actorWith,
  NOW,
  openTestDatabase,
  patientsLike,
  TENANT,
  userRecord,
  type PatientLike,
} from './test-support.js';
import { users } from './user.js';

let database: Database;
let plain: Store;
beforeEach(async () => {
  database = await openTestDatabase();
  plain = database.forTenant(TENANT);
});
afterEach(() => database.close());

const patient = (id: string): PatientLike => ({
  id,
  tenantId: TENANT,
  createdAt: NOW,
  updatedAt: NOW,
  name: 'Maria',
  phone: '+5511987654321',
});
const origin = { ip: '10.0.0.7', userAgent: 'desk/1.0' };

function guarded(actor: Actor) {
  const audit = memoryAuditSink();
  return { store: guardStore(plain, { actor, audit, origin }), events: audit.events };
}

const summary = (events: AuditEvent[]) => events.map((e) => `${e.action} ${e.collection}/${e.recordId ?? '*'}`);

describe('the guarded store over patient data', () => {
  it('logs who read which patient, from where', async () => {
    await plain.collection(patientsLike).insert(patient('p1'));
    const { store, events } = guarded(actorWith('reception', 'u-recepcao'));
    expect((await store.collection(patientsLike).get('p1'))?.name).toBe('Maria');
    await store.collection(patientsLike).find();
    expect(summary(events)).toEqual(['read patients/p1', 'read patients/p1']);
    expect(events[0]).toMatchObject({
      tenantId: TENANT,
      actorKind: 'user',
      actorId: 'u-recepcao',
      ip: '10.0.0.7',
      userAgent: 'desk/1.0',
    });
  });

  it('refuses an actor without patient:write, logs the refusal and changes nothing', async () => {
    await plain.collection(patientsLike).insert(patient('p1'));
    const { store, events } = guarded(actorWith('totem'));
    const error = await store
      .collection(patientsLike)
      .insert(patient('p2'))
      .catch((e: DomainError) => e);
    expect(error).toMatchObject({ code: 'forbidden', details: [{ path: '', message: 'patient:write' }] });
    expect(await plain.collection(patientsLike).count()).toBe(1);
    expect(summary(events)).toEqual(['denied patients/p2']);
    // The totem reads no patient either, unless an operation's permission is granted the collection.
    await expect(store.collection(patientsLike).get('p1')).rejects.toMatchObject({ code: 'forbidden' });
    grantCollectionAccess(patientsLike.name, 'attendance:write', 'read');
    const granted = guarded(actorWith('totem')).store.collection(patientsLike);
    expect(await granted.get('p1')).toBeDefined();
    await expect(granted.insert(patient('p3'))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('refuses to read patients without patient:read (counts included)', async () => {
    const finance: Actor = { kind: 'apiKey', id: 'k1', tenantId: TENANT, permissions: new Set(['budget:read']) };
    const { store, events } = guarded(finance);
    await expect(store.collection(patientsLike).count()).rejects.toMatchObject({ code: 'forbidden' });
    await expect(store.collection(patientsLike).get('p1')).rejects.toMatchObject({ code: 'forbidden' });
    expect(events.map((e) => e.action)).toEqual(['denied', 'denied']);
  });

  it('names the fields an update changed, never their values', async () => {
    await plain.collection(patientsLike).insert(patient('p1'));
    const { store, events } = guarded(actorWith('reception'));
    const current = (await store.collection(patientsLike).get('p1'))!;
    const { _rev, ...record } = current;
    await store.collection(patientsLike).update('p1', _rev, { ...record, phone: '+5511900000000', updatedAt: 'x' });
    const update = events.find((e) => e.action === 'update')!;
    expect(update.detail).toBe('campos: phone');
    expect(JSON.stringify(events)).not.toContain('+5511900000000');
  });

  it('logs writes of a transaction that commits, not of one that rolls back', async () => {
    const { store, events } = guarded(actorWith('reception'));
    await store.transaction(async (tx) => {
      await tx.collection(patientsLike).insert(patient('p1'));
    });
    await store
      .transaction(async (tx) => {
        await tx.collection(patientsLike).insert(patient('p2'));
        throw new Error('desistiu');
      })
      .catch(() => undefined);
    expect(summary(events)).toEqual(['create patients/p1']);
  });

  it("records a role change as a permission change, but not users' reads", async () => {
    await plain.collection(users).insert(userRecord({ id: 'u1' }));
    const { store, events } = guarded(actorWith('admin'));
    const current = (await store.collection(users).get('u1'))!;
    const { _rev, ...record } = current;
    await store.collection(users).update('u1', _rev, { ...record, role: 'admin' });
    expect(events).toEqual([expect.objectContaining({ action: 'permission.change', detail: 'campos: role' })]);
  });

  it('passes other collections through untouched', () => {
    const { store } = guarded(actorWith('totem'));
    expect(store.collection(personalTemplates)).toBe(plain.collection(personalTemplates));
  });

  it('keeps the store confined to its tenant', async () => {
    await database
      .forTenant('tenant-b')
      .collection(patientsLike)
      .insert({ ...patient('p9'), tenantId: 'tenant-b' });
    const { store, events } = guarded(actorWith('admin'));
    expect(await store.collection(patientsLike).get('p9')).toBeUndefined();
    expect(events).toEqual([]);
  });
});

describe('collection policies', () => {
  it('lets a group declare its own collection as patient data', () => {
    expect(collectionPolicy('exams_test')).toBeUndefined();
    declareCollectionPolicy('exams_test', healthData('medicalRecord'));
    expect(collectionPolicy('exams_test')).toEqual({ resource: 'medicalRecord', check: true, audit: 'all' });
  });

  it('compares fields by JSON value, ignoring bookkeeping', () => {
    expect(
      changedFields({ a: [1], b: 2, updatedAt: 'x', _rev: '1' }, { a: [1], b: 3, c: null, updatedAt: 'y' }),
    ).toEqual(['b', 'c']);
  });
});
