/**
 * What the access integration tests share (test-only module): a real server over a temporary SQLite
 * file (or a given database), a clock the test moves, the outbox it reads e-mails from (or, with
 * `durableOutbox`, the server's own outbox in the database), accounts and
 * users seeded through the same services the operations use, and a small HTTP helper.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { users, type User } from '#core/access/user.js';
import type { Role } from '#core/access/roles.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryOutbox, type OutboxMessage } from '#core/outbox.js';
import { allCollections } from '#core/catalogue.js';
import { assembleServer, serverMigrations, type BuiltServer } from '../server.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import type { AccessConfig } from './access-config.js';
import { hashPassword } from './passwords.js';

/** A clock the test moves forward. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function testClock(iso = '2026-11-23T12:00:00.000Z'): TestClock {
  let now = Date.parse(iso);
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

export interface TestServer extends BuiltServer {
  clock: TestClock;
  messages: OutboxMessage[];
  /** Sends a request; `token` as Bearer, `key` as auth-bearer, `ip` as X-Forwarded-For. */
  call(
    method: string,
    path: string,
    options?: { token?: string; key?: string; body?: unknown; ip?: string },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * Starts a server on a fresh SQLite file (or on `database`) behind a pretend proxy, so tests choose
 * the client address with `ip`.
 */
export async function startTestServer(
  options: { access?: Partial<AccessConfig>; database?: SqlDatabase; durableOutbox?: boolean } = {},
): Promise<TestServer> {
  const dir = options.database ? undefined : mkdtempSync(join(tmpdir(), 'clinic-access-'));
  const database =
    options.database ??
    (await openSqlDatabase({
      url: join(dir!, 'clinic.db'),
      collections: allCollections,
      migrations: serverMigrations,
    }));
  const clock = testClock();
  const outbox = memoryOutbox();
  const built = await assembleServer(database, { apiKey: undefined, bodyLimit: 64 * 1024 }, pino({ level: 'silent' }), {
    access: { trustProxy: true, signup: false, jwtSecret: undefined, apiKeyRatePerMinute: 1000, ...options.access },
    clock,
    ...(options.durableOutbox ? {} : { outbox }),
  });
  return {
    ...built,
    clock,
    messages: outbox.messages,
    async call(method, path, { token, key, body, ip = '203.0.113.1' } = {}) {
      const headers = new Headers({ 'x-forwarded-for': ip, 'user-agent': 'vitest' });
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (key) headers.set('auth-bearer', key);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const res = await built.app.request(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        headers: res.headers,
      };
    },
    async close() {
      await database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds a person who can log in to account `tenantId` with `role`, as if they had accepted an
 * invitation. @returns their user id.
 */
export async function addMember(
  server: BuiltServer,
  tenantId: string,
  person: { email: string; password: string; role: Role; name?: string },
): Promise<string> {
  const { access } = server;
  const hash = await hashPassword(person.password);
  return access.atomic(async (db) => {
    const login = await access.people.findOrCreate(db, {
      email: person.email,
      name: person.name ?? person.email,
      cpf: null,
      council: null,
      councilNumber: null,
      councilState: null,
    });
    if (login.password_hash === null) await access.people.setPassword(db, login.id, hash);
    const now = isoWithOffset(access.clock.now());
    const user: User = {
      id: uuidV7Ids.next(),
      tenantId,
      createdAt: now,
      updatedAt: now,
      name: person.name ?? person.email,
      email: person.email,
      cpf: null,
      role: person.role,
      council: null,
      councilNumber: null,
      councilState: null,
      specialties: [],
      status: 'active',
      active: true,
      credentialsChangedAt: now,
    };
    await access.database.forTenant(tenantId).collection(users).insert(user);
    await access.people.addMembership(db, tenantId, login.id, user.id);
    await access.people.accept(db, user.id);
    return user.id;
  });
}

/** An account with an admin who can log in; @returns its id and the admin's user id. */
export async function seedAccount(
  server: BuiltServer,
  name: string,
  admin: { email: string; password: string },
): Promise<{ tenantId: string; adminId: string }> {
  const tenantId = await server.keys.createAccount(name);
  const adminId = await addMember(server, tenantId, { ...admin, role: 'admin', name: `Admin ${name}` });
  return { tenantId, adminId };
}

/** Logs in and returns the tokens; throws with the answer when the login fails. */
export async function login(
  server: TestServer,
  email: string,
  password: string,
  ip?: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await server.call('POST', '/session/', { body: { email, password }, ...(ip ? { ip } : {}) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { accessToken: string; refreshToken: string };
}
