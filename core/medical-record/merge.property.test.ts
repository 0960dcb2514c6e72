/**
 * Offline convergence of the medical record (docs/decisions/medical-record.md MED-003): two stations
 * start from one version and each applies its own sequence of edits, comments, a finish and
 * addenda, as the operations would (an edit of a finished record becomes an addendum). Whatever the
 * sequences: the merge gives the same record in either order (but for two finished versions, where
 * the stored one stands), loses no text either side typed, keeps a finished record's sections as
 * they were, and passes the push rules against the stored version (the server writes it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medicalRecordPushProblems, mergeRecords } from './merge.js';
import { SECTIONS, type Addendum, type MedicalRecord, type SectionName } from './record.js';

type Op =
  | { kind: 'edit'; section: SectionName; text: string; codes: string[] }
  | { kind: 'comment'; section: SectionName; text: string }
  | { kind: 'finish' }
  | { kind: 'addendum'; text: string };

const section = fc.constantFrom(...SECTIONS);
const words = fc.constantFrom('Tosse seca', 'Febre 38 °C', 'Dor lombar', 'Sem queixas', 'Retorno em 7 dias', '');
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      section,
      text: words,
      codes: fc.subarray(['J45.0', 'I10', 'R05']),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('comment' as const), section, text: words }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'finish' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addendum' as const), text: words }) },
);

const BASE: MedicalRecord = {
  id: 'rec-1',
  tenantId: 't1',
  createdAt: '2026-11-25T09:00:00-03:00',
  updatedAt: '2026-11-25T09:00:00-03:00',
  patient: 'pac-1',
  professional: 'prof-1',
  kind: 'instant',
  status: 'open',
  startedAt: '2026-11-25T09:00:00-03:00',
  startedUtc: '2026-11-25T12:00:00.000Z',
  sections: { anamnese: { text: 'Queixa inicial', at: '2026-11-25T09:00:00-03:00', by: 'prof-1' } },
  comments: [],
  addenda: [],
  transfers: [],
  createdBy: 'prof-1',
};

/**
 * The station's version after `ops`, each at minute `minutes[i]` (both stations draw from the same
 * few minutes, so equal instants happen). Texts carry the station and step, so each is unique.
 */
function apply(station: string, ops: readonly Op[], minutes: readonly number[]): MedicalRecord {
  let doc: MedicalRecord = structuredClone(BASE);
  ops.forEach((o, i) => {
    const at = `2026-11-25T10:${String(minutes[i % minutes.length]!).padStart(2, '0')}:00-03:00`;
    const text = (t: string) => `${t} [${station}${i}]`;
    const by = 'prof-1';
    if (o.kind === 'edit' && doc.status === 'open') {
      const entry = {
        text: text(o.text),
        at,
        by,
        ...(o.section === 'hipoteseDiagnostica' && o.codes.length ? { cid10: o.codes } : {}),
      };
      doc = { ...doc, sections: { ...doc.sections, [o.section]: entry } };
    } else if (o.kind === 'edit' || (o.kind === 'addendum' && doc.status === 'finished')) {
      const addendum: Addendum = { id: `${station}-a${i}`, text: text(o.text), at, by };
      doc = { ...doc, addenda: [...doc.addenda, addendum] };
    } else if (o.kind === 'comment') {
      doc = {
        ...doc,
        comments: [...doc.comments, { id: `${station}-c${i}`, section: o.section, text: text(o.text), at, by }],
      };
    } else if (o.kind === 'finish' && doc.status === 'open') {
      doc = { ...doc, status: 'finished', finishedAt: at };
    } else return;
    doc = { ...doc, updatedAt: at };
  });
  return doc;
}

const asDoc = (r: MedicalRecord) => r as unknown as Record<string, unknown>;
const merge = (a: MedicalRecord, b: MedicalRecord) =>
  mergeRecords(asDoc(a), asDoc(b), asDoc(BASE)) as unknown as MedicalRecord;

/** Every text and code a station wrote that the base lacks, and where the merge must keep it. */
function lost(side: MedicalRecord, merged: MedicalRecord): string[] {
  const everywhere = [
    ...Object.values(merged.sections).map((e) => `${e.text} ${(e.cid10 ?? []).join(' ')}`),
    ...merged.addenda.map((a) => a.text),
  ].join('\n');
  const missing: string[] = [];
  for (const name of SECTIONS) {
    const entry = side.sections[name];
    if (!entry || JSON.stringify(entry) === JSON.stringify(BASE.sections[name])) continue;
    if (!everywhere.includes(entry.text)) missing.push(`${name}: ${entry.text}`);
    for (const code of entry.cid10 ?? []) if (!everywhere.includes(code)) missing.push(`${name}: ${code}`);
  }
  for (const a of side.addenda) if (!merged.addenda.some((m) => m.id === a.id && m.text === a.text)) missing.push(a.id);
  for (const c of side.comments)
    if (!merged.comments.some((m) => m.id === c.id && m.text === c.text)) missing.push(c.id);
  return missing;
}

const sequences = fc.record({
  a: fc.array(op, { maxLength: 12 }),
  b: fc.array(op, { maxLength: 12 }),
  minutes: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 6 }),
});

describe('medical record merge (property)', () => {
  it('two edit sequences converge, in either order, without losing either text', () => {
    fc.assert(
      fc.property(sequences, ({ a, b, minutes }) => {
        const [A, B] = [apply('A', a, minutes), apply('B', b, [...minutes].reverse())];
        const ab = merge(A, B);
        expect(lost(A, ab)).toEqual([]);
        expect(lost(B, ab)).toEqual([]);
        if (A.status !== 'finished' || B.status !== 'finished') expect(ab).toEqual(merge(B, A));
        // The server stores the merge over its version A: the push rules must accept it.
        expect(medicalRecordPushProblems(asDoc(ab), asDoc(A))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('a finished record never changes except by addenda (and comments, outside the clinical text)', () => {
    fc.assert(
      fc.property(sequences, ({ a, b, minutes }) => {
        const A = apply('A', [...a, { kind: 'finish' }], minutes);
        const B = apply('B', b, minutes);
        const merged = merge(A, B);
        const { addenda, comments, updatedAt, ...clinical } = merged;
        const { addenda: before, comments: _c, updatedAt: _u, ...frozen } = A;
        expect(clinical).toEqual(frozen);
        expect(before.every((x) => addenda.some((y) => JSON.stringify(x) === JSON.stringify(y)))).toBe(true);
        expect(comments.length).toBeGreaterThanOrEqual(A.comments.length);
        expect(updatedAt >= A.updatedAt).toBe(true);
        // Merging the merge again with the same station's version adds nothing.
        expect(merge(merged, B)).toEqual(merged);
      }),
      { numRuns: 500 },
    );
  });
});

describe('medical record merge (examples)', () => {
  it('keeps both texts of a section changed on both sides, the older first, with a marked separator', () => {
    const A = apply('A', [{ kind: 'edit', section: 'conduta', text: 'Repouso', codes: [] }], [1]);
    const B = apply('B', [{ kind: 'edit', section: 'conduta', text: 'Hidratação', codes: [] }], [2]);
    expect(merge(A, B).sections.conduta?.text).toBe(
      'Repouso [A0]\n\n--- edição simultânea (prof-1, 2026-11-25T10:02:00-03:00) ---\n\nHidratação [B0]',
    );
  });

  it('turns a section written offline into a dated addendum when the record was finished meanwhile', () => {
    const A = apply('A', [{ kind: 'finish' }], [1]);
    const B = apply('B', [{ kind: 'edit', section: 'prescricao', text: 'Dipirona', codes: [] }], [3]);
    const merged = merge(A, B);
    expect(merged.sections.prescricao).toBeUndefined();
    expect(merged.addenda).toMatchObject([
      { text: 'Dipirona [B0]', section: 'prescricao', origin: 'merge', at: '2026-11-25T10:03:00-03:00' },
    ]);
    expect(medicalRecordPushProblems(asDoc({ ...A, sections: {} }), asDoc(A))).toEqual([
      { path: 'sections', message: 'prontuário finalizado não é alterado: registre um adendo' },
    ]);
  });
});
