/**
 * `npm run admin -- <command>`: manages accounts and API keys on the server's database
 * (DATABASE_URL, default ./data/clinic.db). Output is plain text for a person, one fact per line.
 *
 *   account create --name "Clínica Sorriso"
 *   account list
 *   api-key create --account <id> [--name erp] [--permissions budget:write,budget:read]
 *   api-key list --account <id>
 *   api-key revoke <id or prefix>
 *   user invite --account <id> --email <e-mail> --name "<name>" [--role admin]
 */
import { parseArgs } from 'node:util';
import { allCollections } from '#core/catalogue.js';
import { systemClock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { AccountsAndKeys } from '../auth/api-keys.js';
import { readAccessConfig } from '../auth/access-config.js';
import type { AuthTables } from '../auth/auth-tables.js';
import { serverMigrations } from '../server.js';
import { Devices } from '../sync/index.js';
import { createAccessServices } from '../auth/services.js';
import { readConfig } from '../config.js';
import { openSqlDatabase } from '../store/index.js';
import { runAdminCommand } from './commands.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    account: { type: 'string' },
    permissions: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    kind: { type: 'string' },
    clinic: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const config = readConfig(process.env);
const database = await openSqlDatabase({
  url: config.databaseUrl,
  collections: allCollections,
  migrations: serverMigrations,
});
const keys = new AccountsAndKeys(database.kysely.withTables<AuthTables>(), systemClock, uuidV7Ids);
try {
  const access = await createAccessServices(database, readAccessConfig(process.env), systemClock, uuidV7Ids);
  const devices = new Devices(database, systemClock, uuidV7Ids);
  const lines = await runAdminCommand(keys, positionals, values, access, devices);
  process.stdout.write(`${lines.join('\n')}\n`);
} catch (err) {
  if (isDomainError(err)) {
    process.stderr.write(`erro: ${err.message}${err.details.map((d) => `\n  ${d.path}: ${d.message}`).join('')}\n`);
  } else {
    process.stderr.write(`erro: ${(err as Error).message}\n`);
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
