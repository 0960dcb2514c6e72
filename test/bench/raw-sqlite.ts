import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { benchDoc, DOCS, median, QUERY_RUNS, RANGE, rangeStart, TENANT, type BenchResult } from './workload.js';

/**
 * The limit the SQLite adapter is measured against: the same table the adapter keeps for `samples`
 * (JSON document, indexed columns, the primary key, the seq index and the four declared indexes, tenant
 * first in each), written and read with hand-prepared better-sqlite3 statements. Same work, no port.
 */
export function benchRawSqlite(file: string): BenchResult {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE docs (tenant_id TEXT NOT NULL, id TEXT NOT NULL, rev INTEGER NOT NULL, seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL, f_kind TEXT, f_rank REAL, f_active INTEGER, f_label TEXT,
    PRIMARY KEY (tenant_id, id));
    CREATE INDEX docs_seq ON docs (tenant_id, seq);
    CREATE INDEX docs_kind ON docs (tenant_id, f_kind, id);
    CREATE INDEX docs_rank ON docs (tenant_id, f_rank, id);
    CREATE INDEX docs_active_rank ON docs (tenant_id, f_active, f_rank, id);
    CREATE INDEX docs_label ON docs (tenant_id, f_label, id);`);
  const insert = db.prepare(
    'INSERT INTO docs (tenant_id, id, rev, seq, data, f_kind, f_rank, f_active, f_label) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)',
  );
  const docs = Array.from({ length: DOCS }, (_, n) => benchDoc(n));
  const t0 = performance.now();
  db.transaction(() => {
    docs.forEach((d, n) =>
      insert.run(TENANT, d.id, n + 1, JSON.stringify(d), d.kind, d.rank, d.active ? 1 : 0, d.label),
    );
  })();
  const insertMs = performance.now() - t0;
  const select = db.prepare(
    'SELECT data, rev FROM docs WHERE tenant_id = ? AND deleted = 0 AND f_rank >= ? AND f_rank < ? ORDER BY f_rank, id',
  );
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const from = rangeStart(i);
    const t = performance.now();
    const rows = select.all(TENANT, from, from + RANGE) as { data: string; rev: number }[];
    const out = rows.map((r) => ({ ...(JSON.parse(r.data) as object), _rev: String(r.rev) }));
    times.push(performance.now() - t);
    if (out.length !== RANGE) throw new Error(`raw query returned ${out.length}`);
  }
  db.close();
  return { adapter: 'raw better-sqlite3', insertDocsPerSecond: DOCS / (insertMs / 1000), rangeQueryMs: median(times) };
}
