/**
 * Suggested protocols (spec §4.4 "get suggested protocols by illnesses, symptoms and CIDs"): which
 * protocols of the library answer what the professional recorded, ranked (MED-042). Pure: the
 * operation passes the library in.
 */
import { searchKey } from '#core/br/text.js';
import { bareCode } from '#core/medical-record/cid10/cid10.js';

/** What a suggestion is asked for; each list may be empty, not all of them. */
export interface SuggestionQuery {
  cid10: readonly string[];
  symptoms: readonly string[];
  illnesses: readonly string[];
}

/** What ranking reads of a protocol. */
export interface Suggestible {
  name: string;
  cid10: readonly string[];
  symptoms: readonly string[];
  illnesses: readonly string[];
}

/** One reason a protocol was suggested, for the professional to see (`CID-10 I10`). */
export interface SuggestionMatch {
  kind: 'cid10' | 'symptom' | 'illness';
  /** What was asked, as asked. */
  asked: string;
  /** What in the protocol answered it. */
  matched: string;
}

/** Weights: a CID-10 code is the strongest evidence, then a named illness, then a symptom. */
export const WEIGHTS = { cid10Exact: 6, cid10Category: 4, illness: 3, symptom: 1 } as const;

/**
 * Whether two phrases name the same thing, ignoring accents, case and spacing: equal, or one holds
 * the other as whole words (`dor retro-orbitaria` answers `dor retro orbitária`, `diabetes` answers
 * `diabetes mellitus tipo 2`).
 */
export function phraseMatches(a: string, b: string): boolean {
  const ka = ` ${searchKey(a)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  const kb = ` ${searchKey(b)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  if (ka.trim() === '' || kb.trim() === '') return false;
  return ka.includes(kb) || kb.includes(ka);
}

/**
 * How a CID-10 code asked for meets a protocol's code: `exact` (same code), `category` (one is the
 * three-character category of the other: `E11` and `E11.9`), or undefined.
 */
export function codeMatch(asked: string, protocolCode: string): 'exact' | 'category' | undefined {
  const a = bareCode(asked);
  const p = bareCode(protocolCode);
  if (a === p) return 'exact';
  if ((a.length === 3 && p.startsWith(a)) || (p.length === 3 && a.startsWith(p))) return 'category';
  return undefined;
}

/** The score of `protocol` for `query` and why; score 0 means not suggested. */
export function scoreProtocol(
  protocol: Suggestible,
  query: SuggestionQuery,
): { score: number; matches: SuggestionMatch[] } {
  let score = 0;
  const matches: SuggestionMatch[] = [];
  for (const asked of query.cid10) {
    let best: { how: 'exact' | 'category'; code: string } | undefined;
    for (const code of protocol.cid10) {
      const how = codeMatch(asked, code);
      if (how && (!best || (how === 'exact' && best.how === 'category'))) best = { how, code };
    }
    if (!best) continue;
    score += best.how === 'exact' ? WEIGHTS.cid10Exact : WEIGHTS.cid10Category;
    matches.push({ kind: 'cid10', asked, matched: best.code });
  }
  for (const [kind, asked, own, weight] of [
    ['illness', query.illnesses, [...protocol.illnesses, protocol.name], WEIGHTS.illness],
    ['symptom', query.symptoms, protocol.symptoms, WEIGHTS.symptom],
  ] as const) {
    for (const phrase of asked) {
      const hit = own.find((candidate) => phraseMatches(phrase, candidate));
      if (hit === undefined) continue;
      score += weight;
      matches.push({ kind, asked: phrase, matched: hit });
    }
  }
  return { score, matches };
}

/**
 * The protocols answering `query`, best first (score, then name ignoring accents), at most `limit`.
 */
export function suggestProtocols<P extends Suggestible>(
  library: readonly P[],
  query: SuggestionQuery,
  limit = 10,
): { protocol: P; score: number; matches: SuggestionMatch[] }[] {
  return library
    .map((protocol) => ({ protocol, ...scoreProtocol(protocol, query) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || searchKey(a.protocol.name).localeCompare(searchKey(b.protocol.name)))
    .slice(0, limit);
}
