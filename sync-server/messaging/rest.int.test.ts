import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { afterFailure, claim, DEFAULT_RETRY_POLICY } from '#core/messaging/lifecycle.js';
import { outboxMessages } from '#core/messaging/message.js';
import { messagingOperations } from '#core/messaging/outbox-ops.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import { createRegistry } from '#core/registry.js';
import { withoutRevision } from '#core/store/record.js';
import { createApp } from '../app.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { memoryContexts } from '../testing/memory-contexts.js';
import { manualClock } from './test-support.js';

const KEY = 'chave-de-teste-das-mensagens';
const TENANT = 'tenant-rest';
const clock = manualClock('2026-11-23T12:00:00.000Z');
let dir: string;
let database: SqlDatabase;
let app: Hono;
let pendingId: string;
let failedId: string;

const actor: Actor = { kind: 'apiKey', id: 'k1', tenantId: TENANT, permissions: new Set(['messaging:*']) };

function send(path: string, init: RequestInit = {}) {
  return app.request(path, { ...init, headers: { 'auth-bearer': KEY, ...init.headers } });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-message-rest-'));
  database = await openSqlDatabase({ url: join(dir, 'clinic.db'), collections: [outboxMessages] });
  const store = database.forTenant(TENANT);
  const outbox = storeOutbox(store, clock, uuidV7Ids);
  const request = { channel: 'email', to: 'maria@exemplo.com.br', template: 'messaging.test', data: {} } as const;
  pendingId = (await outbox.add(request)).id;
  const failing = await outbox.add(request);
  const stored = (await store.collection(outboxMessages).get(failing.id))!;
  const failed = afterFailure(
    claim(withoutRevision(stored), clock.now(), DEFAULT_RETRY_POLICY),
    clock.now(),
    { error: '550 caixa inexistente', permanent: true },
    DEFAULT_RETRY_POLICY,
  );
  await store.collection(outboxMessages).update(failing.id, stored._rev, failed);
  failedId = failing.id;
  app = createApp({
    registry: createRegistry(messagingOperations),
    database,
    authenticate: (headers) => {
      if (headers.get('auth-bearer') === KEY) return Promise.resolve(actor);
      return Promise.reject(new DomainError('unauthenticated', 'Chave inválida'));
    },
    logger: pino({ level: 'silent' }),
    bodyLimit: 4096,
    ping: () => database.ping(),
    version: '0.0.0-test',
    contexts: memoryContexts(database, clock),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('messages over REST', () => {
  it('lists failed messages with { items, next }', async () => {
    const res = await send('/message/?status=failed&limit=10');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string; lastError: string }[]; next: string | null };
    expect(body.items.map((m) => m.id)).toEqual([failedId]);
    expect(body.items[0]!.lastError).toMatch(/550/);
    expect(body.next).toBeNull();
  });

  it('gets one message, 404 for an unknown id', async () => {
    expect(((await (await send(`/message/${failedId}`)).json()) as { status: string }).status).toBe('failed');
    expect((await send(`/message/${uuidV7Ids.next()}`)).status).toBe(404);
  });

  it('retries a failed message with POST …/retry, 409 invalid_transition for one that is not failed', async () => {
    const refused = await send(`/message/${pendingId}/retry`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_transition');
    const res = await send(`/message/${failedId}/retry`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: failedId, status: 'pending', attempts: 1 });
  });

  it('answers 400 naming the query field for a bad status or limit', async () => {
    for (const [query, path] of [
      ['status=perdida', 'status'],
      ['limit=muitos', 'limit'],
    ]) {
      const res = await send(`/message/?${query}`);
      expect(res.status, query).toBe(400);
      const { error } = (await res.json()) as { error: { details: { path: string }[] } };
      expect(error.details.map((d) => d.path)).toContain(path);
    }
  });

  it('documents the three routes with the status enum in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: { enum?: string[] } }[] }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/message/', '/message/{id}', '/message/{id}/retry']),
    );
    const status = doc.paths['/message/']!.get!.parameters!.find((p) => p.name === 'status');
    expect(status!.schema.enum).toEqual(['pending', 'sending', 'sent', 'failed']);
  });
});
