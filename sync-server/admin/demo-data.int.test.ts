import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { isValidCpf } from '#core/br/cpf.js';
import { allCollections } from '#core/catalogue.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { patients } from '#core/patient/index.js';
import { AccountsAndKeys } from '../auth/api-keys.js';
import { authMigrations, type AuthTables } from '../auth/auth-tables.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { runAdminCommand } from './commands.js';
import { seedDemoData } from './demo-data.js';

let dir: string;
let database: SqlDatabase;
let keys: AccountsAndKeys;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-demo-'));
  database = await openSqlDatabase({
    url: join(dir, 'clinic.db'),
    collections: allCollections,
    migrations: authMigrations,
  });
  keys = new AccountsAndKeys(database.kysely.withTables<AuthTables>(), systemClock, uuidV7Ids);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('seeds a clinic, professionals, insurances, prices and patients with valid CPFs', async () => {
    const tenant = await keys.createAccount('Demo teste');
    const summary = await seedDemoData(database, tenant, { patients: 60 });
    expect(summary).toMatchObject({ specialties: 9, professionals: 8, insurances: 3, events: 16, patients: 60 });
    expect(summary.prices).toBe(16 + 3 * 16 * 2);
    const store = database.forTenant(tenant);
    const all = await store.collection(patients).find();
    expect(all).toHaveLength(60 + summary.temporaryPatients);
    const cpfs = all.flatMap((p) => (p.cpf ? [p.cpf] : []));
    expect(cpfs.length).toBeGreaterThan(40);
    expect(cpfs.every(isValidCpf)).toBe(true);
    expect(new Set(cpfs).size).toBe(cpfs.length);
    expect(all.every((p) => !p.cellPhone || /^\+551190000\d{4}$/.test(p.cellPhone))).toBe(true);
    expect(all.every((p) => !p.email || p.email.endsWith('@example.com'))).toBe(true);
    expect(await store.collection(users).count({ selector: { role: 'professional' } })).toBe(8);
    await expect(seedDemoData(database, tenant, { patients: 1 })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('gives the same people for the same seed', async () => {
    const a = await keys.createAccount('Demo A');
    const b = await keys.createAccount('Demo B');
    await seedDemoData(database, a, { patients: 10, seed: 7 });
    await seedDemoData(database, b, { patients: 10, seed: 7 });
    const names = async (tenant: string) =>
      (
        await database
          .forTenant(tenant)
          .collection(patients)
          .find({ sort: [{ nameKey: 'asc' }] })
      ).map((p) => p.name);
    expect(await names(a)).toEqual(await names(b));
  });

  it('runs as `npm run admin -- demo-data` and prints the account and its API key', async () => {
    process.env.DATABASE_URL = join(dir, 'clinic.db');
    const lines = await runAdminCommand(keys, ['demo-data'], { name: 'Clínica Demo CLI' });
    expect(lines[0]).toMatch(/^conta de demonstração: /);
    expect(lines.some((l) => /^auth-bearer: \S{20,}$/.test(l))).toBe(true);
    expect(lines.join('\n')).toMatch(/300 pacientes fictícios/);
  });
});
