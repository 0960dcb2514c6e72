/**
 * What a collection declares for the desk's sync review (the `review` of its module collection,
 * core/module.ts): how a refused or conflicting record is named and its fields read, in pt-BR, so a
 * person deciding reads "Consulta de Maria Silva, 25/11 às 15:00", never ids. Pure: no DOM, no i18next.
 */
import type { FieldSpec } from './fields.js';

type Doc = Record<string, unknown>;

/** Records by collection and id, as far as the desk holds them. */
export interface Lookup {
  get(collection: string, id: unknown): Doc | undefined;
}

/** How the records of one collection are named and read. */
export interface CollectionDescriber {
  /** The kind of record, capitalised: "Agendamento". */
  noun: string;
  /** The record as a person names it. */
  title(doc: Doc, lookup: Lookup, timeZone: string): string;
  /** Labels and formats of its own fields (on top of `COMMON`, core/sync/review/fields.ts). */
  fields: Readonly<Record<string, FieldSpec>>;
}
