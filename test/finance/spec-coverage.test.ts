/**
 * The spec's Finance (28) and Payment (3) catalogue lines, read from the spec's text, each mapped to our
 * operations: a phrase of the spec with no mapping, a mapping to an operation that does not exist, or a
 * count that no longer adds to 28 and 3 fails. (The server-only operations of sync-server/payments are
 * checked as served and documented by catalogue.int.test.ts; here their names are checked against the
 * operation lists those files export.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations } from '#core/catalogue.js';
import { SPEC_PHRASES } from './spec-finance-map.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The spec sits beside the checkout (`shared/spec/`), one or two levels up depending on the worktree. */
const specDir = [resolve(here, '../../../shared/spec'), resolve(here, '../../../../shared/spec')].find((d) =>
  existsSync(d),
);
const specText = specDir
  ? readdirSync(specDir)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => readFileSync(join(specDir, f), 'utf8'))
      .join('\n')
  : undefined;

/** The phrases of one group's catalogue sentence (`- Finance: a; b; c.` or `- Payment: a; b. Next: …`). */
function phrasesOf(text: string, group: string): string[] {
  const line = text.split('\n').find((l) => l.startsWith(`- ${group}: `));
  if (!line) return [];
  const body = line.slice(`- ${group}: `.length);
  const sentence = body.split(/\.\s+[A-Z]/)[0]!.replace(/\.$/, '');
  return sentence.split(';').map((p) => p.trim());
}

/** Our operation names served by sync-server/payments (server-only), read from their definitions. */
function serverOnlyNames(): Set<string> {
  const dir = resolve(here, '../../sync-server/payments');
  const names = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.includes('.test.')))
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/name: '([a-zA-Z.]+)'/g)) names.add(m[1]!);
  return names;
}

describe.skipIf(!specText)('spec coverage of Finance and Payment', () => {
  const finance = phrasesOf(specText ?? '', 'Finance');
  const payment = phrasesOf(specText ?? '', 'Payment').map((p) => `Payment: ${p}`);

  it('maps every phrase of the spec to our operations, and nothing the spec does not say', () => {
    const mapped = Object.keys(SPEC_PHRASES).filter((p) => !p.startsWith('Clinic: '));
    expect(finance.filter((p) => !(p in SPEC_PHRASES))).toEqual([]);
    expect(payment.filter((p) => !(p in SPEC_PHRASES))).toEqual([]);
    expect(mapped.filter((p) => !finance.includes(p) && !payment.includes(p))).toEqual([]);
  });

  it('counts 28 Finance and 3 Payment operations', () => {
    const atoms = (list: string[]) => list.reduce((sum, p) => sum + (SPEC_PHRASES[p]?.atoms ?? 0), 0);
    expect(atoms(finance)).toBe(28);
    expect(atoms(payment)).toBe(3);
  });

  it('names only operations that exist, at least one per phrase', () => {
    const known = new Set([...allOperations.map((op) => op.name), ...serverOnlyNames()]);
    const missing = Object.values(SPEC_PHRASES)
      .flatMap((p) => p.ops)
      .filter((name) => !known.has(name));
    expect(missing).toEqual([]);
    // One operation may serve two of the spec's ("edit a bill to pay and a receivable bill": one PUT for both types).
    for (const [phrase, { ops }] of Object.entries(SPEC_PHRASES)) expect(ops.length, phrase).toBeGreaterThan(0);
  });
});
