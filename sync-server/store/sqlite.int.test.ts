import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { conformanceCollections, describeStoreConformance } from '#core/store/conformance.js';
import { openSqlDatabase } from './database.js';
import { describeSqlAdapter } from './sql-adapter-suite.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-store-'));
let opened = 0;
// A folder per database, not yet there: opening must create it, as it does for ./data/.
const fresh = () => ({ url: join(dir, `db-${++opened}`, 'clinic.db') });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreConformance('sqlite file', () => openSqlDatabase({ ...fresh(), collections: conformanceCollections }));
describeSqlAdapter('sqlite file', fresh);
