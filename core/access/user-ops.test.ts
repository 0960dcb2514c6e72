import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainError } from '#core/errors.js';
import { invoke } from '#core/operation.js';
import type { Database, Store } from '#core/store/port.js';
import { actorWith, contextFor, openTestDatabase, TENANT, userRecord } from './test-support.js';
import { editUser, getUser, listUsers, removeUser, userPermissions } from './user-ops.js';
import { users, type User } from './user.js';

let database: Database;
let store: Store;
let admin: User;
let doctor: User;
beforeEach(async () => {
  database = await openTestDatabase();
  store = database.forTenant(TENANT);
  admin = userRecord({ id: 'u-admin', role: 'admin', name: 'Chefe' });
  doctor = userRecord({ id: 'u-doctor', role: 'professional', name: 'Dr. Paulo' });
  await store.collection(users).insertMany([admin, doctor]);
});
afterEach(() => database.close());

const as = (role: Parameters<typeof actorWith>[0], id?: string) => contextFor(store, actorWith(role, id));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: DomainError) => e,
  );

describe('user profile operations', () => {
  it('shows a user without store bookkeeping or tenant', async () => {
    const shown = await invoke(getUser, as('reception'), { id: 'u-doctor' });
    expect(shown).toMatchObject({ id: 'u-doctor', name: 'Dr. Paulo', role: 'professional', active: true });
    expect(shown).not.toHaveProperty('_rev');
    expect(shown).not.toHaveProperty('tenantId');
  });

  it('answers 404 for a user of another account, as for a missing one', async () => {
    await database
      .forTenant('tenant-b')
      .collection(users)
      .insert(userRecord({ id: 'u-b', tenantId: 'tenant-b' }));
    expect(await failure(invoke(getUser, as('admin'), { id: 'u-b' }))).toMatchObject({ code: 'not_found' });
  });

  it('lists professionals page by page', async () => {
    await store
      .collection(users)
      .insertMany(
        Array.from({ length: 5 }, (_, n) => userRecord({ id: `u-p${n}`, name: `Prof ${n}`, role: 'professional' })),
      );
    const first = await invoke(listUsers, as('reception'), { role: 'professional', limit: '4' });
    expect(first.items).toHaveLength(4);
    const second = await invoke(listUsers, as('reception'), { role: 'professional', limit: '4', cursor: first.next! });
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((u) => u.id).sort()).toEqual(
      ['u-doctor', 'u-p0', 'u-p1', 'u-p2', 'u-p3', 'u-p4'].sort(),
    );
  });

  it('derives permissions from the role, and none for a removed user', async () => {
    expect((await invoke(userPermissions, as('admin'), { id: 'u-doctor' })).permissions).toContain('patient:write');
    await invoke(removeUser, as('admin'), { id: 'u-doctor' });
    expect((await invoke(userPermissions, as('admin'), { id: 'u-doctor' })).permissions).toEqual([]);
  });
});

describe('editing a user', () => {
  it("lets reception fill a professional's council registration", async () => {
    const edited = await invoke(editUser, as('reception'), {
      id: 'u-doctor',
      council: 'CRM',
      councilNumber: '123456',
      councilState: 'SP',
      specialties: ['s1'],
    });
    expect(edited).toMatchObject({ council: 'CRM', councilNumber: '123456', councilState: 'SP', specialties: ['s1'] });
  });

  it('refuses a role change by reception (mass assignment) and changes nothing', async () => {
    const before = await store.collection(users).get('u-doctor');
    const error = await failure(invoke(editUser, as('reception'), { id: 'u-doctor', role: 'admin', name: 'Outro' }));
    expect(error).toMatchObject({ code: 'forbidden', details: [{ path: 'role' }] });
    expect(await store.collection(users).get('u-doctor')).toEqual(before);
  });

  it('accepts the role field unchanged, as a form sends it back', async () => {
    const edited = await invoke(editUser, as('reception'), {
      id: 'u-doctor',
      role: 'professional',
      name: 'Dr. Paulo R.',
    });
    expect(edited.name).toBe('Dr. Paulo R.');
  });

  it('refuses fields it does not know, naming them', async () => {
    const error = await failure(invoke(editUser, as('admin'), { id: 'u-doctor', permissions: ['*'] }));
    expect(error).toMatchObject({
      code: 'validation',
      details: [{ path: 'permissions', message: 'campo desconhecido' }],
    });
  });

  it('keeps council, number and state together', async () => {
    const error = await failure(invoke(editUser, as('admin'), { id: 'u-doctor', council: 'CRO' }));
    expect(error).toMatchObject({ code: 'validation', details: [{ path: 'council' }] });
  });

  it('never leaves the account without an admin', async () => {
    expect(await failure(invoke(editUser, as('admin', 'u-admin'), { id: 'u-admin', role: 'reception' }))).toMatchObject(
      {
        code: 'conflict',
      },
    );
    expect(await failure(invoke(removeUser, as('admin', 'u-admin'), { id: 'u-admin' }))).toMatchObject({
      code: 'conflict',
    });
    await invoke(editUser, as('admin'), { id: 'u-doctor', role: 'admin' });
    expect((await invoke(removeUser, as('admin', 'u-admin'), { id: 'u-admin' })).active).toBe(false);
  });

  it('lets only admins remove users', async () => {
    expect(await failure(invoke(removeUser, as('reception'), { id: 'u-doctor' }))).toMatchObject({ code: 'forbidden' });
  });
});
