/**
 * What the core access tests share (test-only module): a real RxDB memory database with this
 * group's collections plus a patient-data collection, and operation contexts for any actor.
 */
import type { Actor } from '#core/actor.js';
import { fixedClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import type { OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { Database, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { accessModule } from './module.js';
import { moduleCollections } from '#core/module.js';
import { installModules } from '#core/module-install.js';
import { declareCollectionPolicy, healthData } from './policy.js';
import { permissionsOf, type Role } from './roles.js';
import type { User } from './user.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

/** Stands for the patient group's records: the name `patients` is what makes them sensitive. */
export interface PatientLike extends RecordBase {
  name: string;
  phone: string;
}
export const patientsLike = defineCollection<PatientLike>({
  name: 'patients',
  fields: { name: 'string' },
  indexes: [],
});

// This group's declarations, and the patient group's policy without its grants (the tests grant).
installModules([accessModule]);
declareCollectionPolicy(patientsLike.name, healthData('patient'));

let opened = 0;
const run = Math.random().toString(36).slice(2, 8);

/** A fresh in-memory RxDB database holding the access collections and `patients`. */
export function openTestDatabase(): Promise<Database> {
  return openRxdbDatabase({
    name: `access-${run}-${++opened}`,
    storage: memoryStorage(),
    collections: [...moduleCollections(accessModule), patientsLike],
    multiInstance: false,
  });
}

export const TENANT = 'tenant-a';
export const NOW = '2026-11-23T12:00:00.000Z';

/** A user actor holding `role`'s permissions. */
export function actorWith(role: Role, id = `user-${role}`): Actor {
  return { kind: 'user', id, tenantId: TENANT, permissions: new Set(permissionsOf(role)) };
}

/** An operation context for `actor` over `store`. */
export function contextFor(store: Store, actor: Actor): OperationContext {
  return {
    store,
    actor,
    clock: fixedClock(NOW),
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
}

/** A user record of {@link TENANT}, active unless told otherwise. */
export function userRecord(overrides: Partial<User> = {}): User {
  return {
    id: uuidV7Ids.next(),
    tenantId: TENANT,
    createdAt: NOW,
    updatedAt: NOW,
    name: 'Ana Souza',
    email: 'ana@clinica.com.br',
    cpf: null,
    role: 'professional',
    council: null,
    councilNumber: null,
    councilState: null,
    specialties: [],
    status: 'active',
    active: true,
    credentialsChangedAt: null,
    ...overrides,
  };
}
