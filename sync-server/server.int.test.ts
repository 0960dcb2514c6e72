import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin/commands.js';
import { readConfig } from './config.js';
import { buildServer } from './server.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-server-'));
const silent = pino({ level: 'silent' });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('first start with CLINIC_API_KEY', () => {
  it('creates the default account once and keeps the key working across restarts', async () => {
    const config = readConfig({
      DATABASE_URL: join(dir, 'nested', 'clinic.db'),
      CLINIC_API_KEY: 'chave-do-integrador-0001',
    });
    const first = await buildServer(config, silent);
    const tenant = (await first.keys.actorForKey('chave-do-integrador-0001'))?.tenantId;
    expect(tenant).toBeDefined();
    expect((await first.app.request('/health')).status).toBe(200);
    await first.database.close();

    const second = await buildServer(config, silent);
    expect((await second.keys.actorForKey('chave-do-integrador-0001'))?.tenantId).toBe(tenant);
    expect(await second.keys.listAccounts()).toHaveLength(1);
    await second.database.close();
  });

  it('refuses a CLINIC_API_KEY under 16 characters with the rule in one line and exit code 1', () => {
    expect(() => readConfig({ CLINIC_API_KEY: 'curta-demais' })).toThrow(/ao menos 16 caracteres/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
      env: { ...process.env, CLINIC_API_KEY: 'curta-demais', DATABASE_URL: join(dir, 'never.db'), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'CLINIC_API_KEY precisa de ao menos 16 caracteres (tem 12); gere uma com: openssl rand -base64 32',
    ]);
    expect(run.stderr).not.toContain('curta-demais');
  });

  it('refuses to start with a malformed PORT', () => {
    expect(() => readConfig({ PORT: '30o0' })).toThrow(/PORT/);
  });
});

describe('admin commands', () => {
  it('creates an account and a scoped key, lists it without the secret, and revokes it', async () => {
    const { keys, database } = await buildServer(readConfig({ DATABASE_URL: join(dir, 'admin.db') }), silent);
    const [created] = await runAdminCommand(keys, ['account', 'create'], { name: 'Clínica Sorriso' });
    const account = /conta criada: (\S+)/.exec(created!)![1]!;
    const lines = await runAdminCommand(keys, ['api-key', 'create'], {
      account,
      name: 'erp',
      permissions: 'budget:read, budget:write',
    });
    const key = /auth-bearer: (\S+)/.exec(lines.join('\n'))![1]!;
    expect((await keys.actorForKey(key))?.permissions).toEqual(new Set(['budget:read', 'budget:write']));

    const listed = await runAdminCommand(keys, ['api-key', 'list'], { account });
    expect(listed.join('\n')).not.toContain(key);
    expect(listed.join('\n')).toContain('ativa');

    // Revoked by its label: `clk_` and the public id that starts the key.
    await runAdminCommand(keys, ['api-key', 'revoke', key.split('_').slice(0, 2).join('_')], {});
    expect(await keys.actorForKey(key)).toBeUndefined();
    await expect(runAdminCommand(keys, ['api-key', 'create'], {})).rejects.toMatchObject({ code: 'validation' });
    await expect(keys.createKey(account, { key: 'curta' })).rejects.toMatchObject({ code: 'validation' });
    await database.close();
  });
});
