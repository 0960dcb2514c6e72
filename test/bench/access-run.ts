/**
 * `npx tsx test/bench/access-run.ts [--check]`: prints the access bench (see access-bench.ts);
 * `--check` exits 1 when a guarded read costs 1.2x a plain one or more.
 */
import { benchAccess, reportAccess } from './access-bench.js';

const { lines, met } = reportAccess(await benchAccess());
console.log(lines.join('\n'));
if (process.argv.includes('--check') && !met) process.exitCode = 1;
