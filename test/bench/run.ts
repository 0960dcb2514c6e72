/**
 * `npm run bench [-- --check] [-- <name>…]`: runs every benchmark, each in a process of its own (fresh
 * memory, and RxDB's per-process collection cap applies to one bench at a time), one after another so
 * they do not compete for the CPU. Each prints its figures and the ratio to its baseline; with `--check`
 * the run fails when any bench misses its target. Names (`store`, `access`…) pick a subset.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Bench name → its runner beside this file. */
const BENCHES = {
  store: 'store-run.ts',
  access: 'access-run.ts',
  'patient-search': 'patient-search-run.ts',
  'budget-http': 'budget-http-run.ts',
  'budget-http-ab': 'budget-http-ab.ts',
  'schedule-views': 'schedule-views-run.ts',
  'ticket-panel': 'ticket-panel-run.ts',
  'ticket-socket': 'ticket-socket-run.ts',
  'sync-initial': 'sync-initial-run.ts',
  'sync-propagation': 'sync-propagation-run.ts',
  'sync-server-memory': 'sync-server-memory-run.ts',
  'sync-browser': 'sync-browser-run.ts',
  'desk-launch': 'desk-launch-run.ts',
  'desk-memory': 'desk-memory-run.ts',
  'tiss-batch': 'tiss-batch-run.ts',
  webhooks: 'webhooks-run.ts',
  finance: 'finance-run.ts',
  inventory: 'inventory-stock-run.ts',
  'medical-history': 'medical-history-run.ts',
} as const;

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const picked = args.filter((a) => !a.startsWith('--'));
const unknown = picked.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const [name, file] of Object.entries(BENCHES)) {
  if (picked.length && !picked.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const script = fileURLToPath(new URL(file, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...flags], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nbench failed or missed its target: ${failed.join(', ')}`);
  process.exitCode = 1;
}
