/**
 * Two versions of one medical record written apart (two offline stations, or a station and the
 * server) and how they become one (docs/decisions/medical-record.md MED-003). The merge is symmetric
 * (either side may be the server's) but for two finished versions: the same two versions give the
 * same record whichever arrived first, and no text either side typed is lost:
 * - open record: section by section, a section only one side changed takes that side's text; one both
 *   changed keeps both texts, the older first, joined by a marked separator for the professional to
 *   tidy; comments, addenda, transfers, opened protocols and their notes are the union by id, in time order;
 * - finished record (on either side; the stored one when both are): its sections stand as finished; a section text the other side
 *   wrote that differs becomes a dated addendum (`origin: 'merge'`), never an edit (CFM Res.
 *   1.638/2002): a finished record changes only by addenda.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { ConflictHandler } from '#core/sync/record-rules.js';
import { SECTIONS, type Addendum, type FormAnswer, type SectionEntry, type SectionName } from './record.js';
import { answerSummary } from './forms/answer-summary.js';

type Doc = Record<string, unknown>;
type Sections = Partial<Record<SectionName, SectionEntry>>;

/** The line between two texts of one section written apart; people read it, so pt-BR. */
export function mergeSeparator(entry: Pick<SectionEntry, 'at' | 'by'>): string {
  return `\n\n--- edição simultânea (${entry.by}, ${entry.at}) ---\n\n`;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sectionsOf = (doc: Doc | undefined): Sections => doc?.sections ?? {};
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A total order on section versions: by time, then author, then text (ties cannot depend on arrival). */
function older(a: SectionEntry, b: SectionEntry): boolean {
  const key = (e: SectionEntry) => JSON.stringify([e.at, e.by, e.text, e.cid10 ?? []]);
  return key(a) <= key(b);
}

/** Both texts of a section two sides changed apart, the older first; CID-10 codes are the union. */
function joined(a: SectionEntry, b: SectionEntry): SectionEntry {
  const [first, second] = older(a, b) ? [a, b] : [b, a];
  const cid10 = [...new Set([...(first.cid10 ?? []), ...(second.cid10 ?? [])])];
  return {
    text: `${first.text}${mergeSeparator(second)}${second.text}`,
    at: second.at,
    by: second.by,
    ...(cid10.length > 0 ? { cid10 } : {}),
  };
}

/** Union by `id` (the first seen kept), in time order then id: append-only lists merged. */
function unionById<T extends { id: string; at: string }>(a: unknown, b: unknown): T[] {
  const byId = new Map<string, T>();
  for (const item of [...listOf<T>(a), ...listOf<T>(b)]) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((x, y) => (x.at === y.at ? x.id.localeCompare(y.id) : x.at.localeCompare(y.at)));
}

/** Transfers have no id: they are keyed by their content. */
function transfersUnion(a: unknown, b: unknown): Doc[] {
  const byKey = new Map<string, Doc>();
  for (const item of [...listOf<Doc>(a), ...listOf<Doc>(b)]) byKey.set(JSON.stringify(item), item);
  return [...byKey.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([, item]) => item);
}

/** The addendum keeping a section text that met a finished record; its id is derived, so both orders agree. */
function keptAsAddendum(section: SectionName, entry: SectionEntry): Addendum {
  const codes = entry.cid10?.length ? `\nCID-10: ${entry.cid10.join(', ')}` : '';
  return {
    id: `merge:${section}:${entry.at}:${entry.by}:${hash(entry.text + codes)}`,
    text: `${entry.text}${codes}`,
    at: entry.at,
    by: entry.by,
    section,
    origin: 'merge',
  };
}

/** A short stable hash (FNV-1a, 32 bits, hex): tells two texts apart in a derived id. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** A form answer saved offline that met a finished record, kept as a dated addendum (derived id). */
function answerAsAddendum(answer: FormAnswer): Addendum {
  return {
    id: `merge:form:${answer.id}`,
    text: answerSummary(answer),
    at: answer.at,
    by: answer.by,
    origin: 'merge',
  };
}

const finishedOf = (doc: Doc): boolean => doc.status === 'finished';

/**
 * The one record two versions `a` (the stored one) and `b` of it become, given what both started
 * from (`base`, undefined when unknown: then every differing section counts as changed by both).
 * Symmetric in `a` and `b` unless both are finished: then `a`, already stored, stands.
 */
export function mergeRecords(a: Doc, b: Doc, base: Doc | undefined): Doc {
  const comments = unionById(a.comments, b.comments);
  const transfers = transfersUnion(a.transfers, b.transfers);
  const updatedAt = String(a.updatedAt) >= String(b.updatedAt) ? a.updatedAt : b.updatedAt;
  let addenda = unionById<Addendum>(a.addenda, b.addenda);
  const protocolLists = {
    protocols: unionById(a.protocols, b.protocols),
    protocolNotes: unionById(a.protocolNotes, b.protocolNotes),
  };
  const formAnswers = unionById<FormAnswer>(a.formAnswers, b.formAnswers);
  const withAnswers = (doc: Doc, answers: FormAnswer[]): Doc => {
    const { formAnswers: _drop, ...rest } = doc;
    return answers.length > 0 ? { ...rest, formAnswers: answers } : rest;
  };

  if (finishedOf(a) || finishedOf(b)) {
    // Both finished apart (two devices of one professional): the version already stored stands.
    const kept = finishedOf(a) ? a : b;
    const other = kept === a ? b : a;
    const keptSections = sectionsOf(kept);
    const extra: Addendum[] = [];
    for (const section of SECTIONS) {
      const theirs = sectionsOf(other)[section];
      if (!theirs || same(theirs, keptSections[section]) || same(theirs, sectionsOf(base)[section])) continue;
      extra.push(keptAsAddendum(section, theirs));
    }
    // Form answers saved apart that the finished record lacks: addenda too, never a change of it.
    const keptAnswers = listOf<FormAnswer>(kept.formAnswers);
    const keptIds = new Set(keptAnswers.map((answer) => answer.id));
    const baseIds = new Set(listOf<FormAnswer>(base?.formAnswers).map((answer) => answer.id));
    for (const answer of listOf<FormAnswer>(other.formAnswers))
      if (!keptIds.has(answer.id) && !baseIds.has(answer.id)) extra.push(answerAsAddendum(answer));
    addenda = unionById<Addendum>(addenda, extra);
    // A transfer made elsewhere while it was being finished is moot: the finished record's stand.
    return withAnswers({ ...kept, comments, addenda, updatedAt }, keptAnswers);
  }

  const sections: Sections = {};
  const baseSections = sectionsOf(base);
  for (const section of SECTIONS) {
    const mine = sectionsOf(a)[section];
    const theirs = sectionsOf(b)[section];
    const was = baseSections[section];
    let merged: SectionEntry | undefined;
    if (same(mine, theirs) || same(theirs, was)) merged = mine;
    else if (same(mine, was)) merged = theirs;
    else if (!mine || !theirs) merged = mine ?? theirs;
    else merged = joined(mine, theirs);
    if (merged) sections[section] = merged;
  }
  // The professional follows the latest transfer; without transfers both sides hold the same one.
  const last = transfers.reduce<Doc | undefined>(
    (latest, t) => (!latest || String(t.at) > String(latest.at) ? t : latest),
    undefined,
  );
  const professional = last ? last.to : a.professional;
  const protocols = Object.fromEntries(Object.entries(protocolLists).filter(([, list]) => list.length > 0));
  return withAnswers(
    { ...a, sections, comments, addenda, transfers, professional, updatedAt, ...protocols },
    formAnswers,
  );
}

/** The sync conflict handler of `medical_records`: {@link mergeRecords} of the server's and the pushed version. */
export const resolveMedicalRecordConflict: ConflictHandler = (master, assumed, pushed) =>
  mergeRecords(master, pushed, assumed);

/** Whether every item of `before` is still in `after`, unchanged (merges interleave by time). */
const keptAll = (before: unknown[], after: unknown[]): boolean => {
  const present = new Set(after.map((item) => JSON.stringify(item)));
  return before.every((item) => present.has(JSON.stringify(item)));
};

/**
 * The rules a pushed version must keep against the stored one (sync `check`): a finished record
 * changes only by appended addenda and comments; nothing goes back to open; who started it and for
 * whom never change; comments, addenda and transfers are only ever appended.
 *
 * @returns the problems, empty when the change is acceptable.
 */
export function medicalRecordPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) {
    return next.status === 'open' || next.status === 'finished' ? [] : [{ path: 'status', message: 'inválido' }];
  }
  const problems: ErrorDetail[] = [];
  for (const field of ['patient', 'appointment', 'kind', 'startedAt', 'createdBy'] as const)
    if (!same(next[field], previous[field])) problems.push({ path: field, message: 'não muda depois de aberto' });
  for (const field of ['comments', 'addenda', 'transfers', 'protocols', 'protocolNotes', 'formAnswers'] as const)
    if (!keptAll(listOf(previous[field]), listOf(next[field])))
      problems.push({ path: field, message: 'só recebe acréscimos (nada é apagado ou alterado)' });
  if (previous.status === 'finished') {
    const frozen = [
      'status',
      'finishedAt',
      'sections',
      'professional',
      'clinic',
      'transfers',
      'protocols',
      'protocolNotes',
      'formAnswers',
    ] as const;
    for (const field of frozen)
      if (!same(next[field], previous[field]))
        problems.push({
          path: field,
          message: 'prontuário finalizado não é alterado: registre um adendo',
        });
  }
  return problems;
}
