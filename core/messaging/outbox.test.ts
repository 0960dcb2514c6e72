import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#core/actor.js';
import { fixedClock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import { afterFailure, claim, DEFAULT_RETRY_POLICY, utcIso } from './lifecycle.js';
import { outboxMessages, type QueuedMessage } from './message.js';
import { getMessage, listMessages, retryMessage } from './outbox-ops.js';
import { outboxIn, storeOutbox } from './store-outbox.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

interface Visit extends RecordBase {
  patient: string;
}
const visits = defineCollection<Visit>({ name: 'visits', fields: { patient: 'string' }, indexes: [] });

const NOW = '2026-11-23T12:00:00.000Z';
const clock = fixedClock(NOW);
const email = {
  channel: 'email',
  to: 'maria@exemplo.com.br',
  template: 'mensagem.teste',
  data: { nome: 'Maria' },
} as const;
let database: RxdbDatabase;
let store: Store;

function actor(tenantId: string, permissions = ['messaging:read', 'messaging:write']): Actor {
  return { kind: 'user', id: 'recepcao-1', tenantId, permissions: new Set(permissions) };
}
function context(tenantStore: Store, permissions?: string[]): OperationContext {
  return {
    store: tenantStore,
    actor: actor(tenantStore.tenantId, permissions),
    clock,
    ids: uuidV7Ids,
    outbox: storeOutbox(tenantStore, clock, uuidV7Ids),
    numbers: memoryNumberSource(),
  };
}
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? error.code : String(error);
}
function visit(patient: string): Visit {
  return { id: uuidV7Ids.next(), tenantId: store.tenantId, createdAt: NOW, updatedAt: NOW, patient };
}

beforeAll(async () => {
  database = await openRxdbDatabase({
    name: `messaging-${Math.random().toString(36).slice(2, 8)}`,
    storage: memoryStorage(),
    collections: [outboxMessages, visits],
    multiInstance: false,
  });
  store = database.forTenant('tenant-a');
});
afterAll(async () => {
  await database?.close();
});

describe('store outbox (RxDB memory)', () => {
  it('queues a pending message due now, in UTC, with attachments by reference', async () => {
    const queued = await storeOutbox(store, clock, uuidV7Ids).add({
      ...email,
      attachments: [{ kind: 'budget-pdf', budgetId: 'b-1' }],
    });
    expect(queued).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: '2026-11-23T12:00:00.000+00:00',
      lastError: null,
      sentAt: null,
      attachments: [{ kind: 'budget-pdf', budgetId: 'b-1' }],
    });
    expect(await store.collection(outboxMessages).get(queued.id)).toMatchObject(queued);
  });

  it('enqueues atomically with the operation: both land, or neither when the work throws', async () => {
    const outbox = storeOutbox(store, clock, uuidV7Ids);
    const kept = visit('Maria');
    await store.transaction(async (tx) => {
      await tx.collection(visits).insert(kept);
      await outboxIn(outbox, tx).enqueue({ ...email, data: { visita: kept.id } });
    });
    const dropped = visit('João');
    const failure = store.transaction(async (tx) => {
      await tx.collection(visits).insert(dropped);
      await outboxIn(outbox, tx).enqueue({ ...email, data: { visita: dropped.id } });
      throw new Error('falha depois de enfileirar');
    });
    await expect(failure).rejects.toThrow('falha depois de enfileirar');
    const messages = await store.collection(outboxMessages).find();
    expect(messages.filter((m) => m.data.visita === kept.id)).toHaveLength(1);
    expect(messages.filter((m) => m.data.visita === dropped.id)).toHaveLength(0);
    expect(await store.collection(visits).get(dropped.id)).toBeUndefined();
  });

  it('refuses an address that does not fit the channel, naming the field', async () => {
    const outbox = storeOutbox(store, clock, uuidV7Ids);
    const cases = [
      { ...email, to: 'maria-sem-arroba' },
      { ...email, channel: 'whatsapp', to: '(11) 98765-4321' },
      { ...email, channel: 'webhook', to: 'ftp://exemplo.com' },
    ] as const;
    for (const bad of cases) {
      const error = await outbox.add(bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details.map((d) => d.path)).toEqual(['message.to']);
    }
    const unknownKey = await outbox.add({ ...email, cc: 'x' } as typeof email).catch((e: unknown) => e);
    expect((unknownKey as DomainError).details).toEqual([{ path: 'message.cc', message: 'campo desconhecido' }]);
  });

  it('passes a message through an outbox that keeps no records', async () => {
    const memory = memoryOutbox();
    expect(await outboxIn(memory, store).enqueue(email)).toBeUndefined();
    expect(memory.messages).toEqual([email]);
  });
});

describe('messaging operations', () => {
  let failedId: string;
  const other = () => database.forTenant('tenant-b');

  beforeAll(async () => {
    const outbox = storeOutbox(store, clock, uuidV7Ids);
    for (let n = 0; n < 5; n++) await outbox.add({ ...email, data: { n } });
    const toFail = await outbox.add({ ...email, data: { n: 'falha' } });
    const stored = (await store.collection(outboxMessages).get(toFail.id))!;
    let next: QueuedMessage = { ...toFail, attempts: 7 };
    next = afterFailure(
      claim(next, clock.now(), DEFAULT_RETRY_POLICY),
      clock.now(),
      {
        error: '421 tente mais tarde',
        permanent: false,
      },
      DEFAULT_RETRY_POLICY,
    );
    await store.collection(outboxMessages).update(toFail.id, stored._rev, next);
    failedId = toFail.id;
  });

  it('lists newest first in pages of `limit`, following `next` to the end', async () => {
    const all = await store.collection(outboxMessages).count();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await invoke(listMessages, context(store), { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(all);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('filters by status and shows why a message failed', async () => {
    const { items, next } = await invoke(listMessages, context(store), { status: 'failed' });
    expect(items.map((m) => m.id)).toEqual([failedId]);
    expect(next).toBeNull();
    expect(items[0]).toMatchObject({ status: 'failed', attempts: 8, lastError: '421 tente mais tarde' });
    expect(items[0]).not.toHaveProperty('tenantId');
  });

  it("gets one message, and answers another tenant's as missing", async () => {
    expect(await invoke(getMessage, context(store), { id: failedId })).toMatchObject({ id: failedId });
    expect(await codeOf(invoke(getMessage, context(other()), { id: failedId }))).toBe('not_found');
    expect((await invoke(listMessages, context(other()), {})).items).toEqual([]);
  });

  it('retries a failed message: pending, due now, attempts kept; refuses any other status', async () => {
    const pending = (await invoke(listMessages, context(store), { status: 'pending', limit: 1 })).items[0]!;
    expect(await codeOf(invoke(retryMessage, context(store), { id: pending.id }))).toBe('invalid_transition');
    expect(await codeOf(invoke(retryMessage, context(store, ['messaging:read']), { id: failedId }))).toBe('forbidden');
    const retried = await invoke(retryMessage, context(store), { id: failedId });
    expect(retried).toMatchObject({ status: 'pending', attempts: 8, nextAttemptAt: utcIso(clock.now()) });
    expect(await codeOf(invoke(retryMessage, context(store), { id: failedId }))).toBe('invalid_transition');
    expect(await codeOf(invoke(retryMessage, context(store), { id: 'nao-existe' }))).toBe('not_found');
  });

  it('refuses unknown query fields and out-of-range limits', async () => {
    expect(await codeOf(invoke(listMessages, context(store), { to: 'maria@exemplo.com.br' }))).toBe('validation');
    expect(await codeOf(invoke(listMessages, context(store), { limit: '0' }))).toBe('validation');
    expect(await codeOf(invoke(listMessages, context(store), { limit: '201' }))).toBe('validation');
  });
});
