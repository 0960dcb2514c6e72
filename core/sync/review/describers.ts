/**
 * The describers the modules declare (`review` of each module collection), by collection name, and the
 * helpers every describer shares: a referenced record by its title, the zone a record is read in.
 */
import type { DomainModule } from '#core/module.js';
import { modules } from '#core/modules.js';
import type { CollectionDescriber, Lookup } from './describer.js';
import { nameOr } from './fields.js';
import { DEFAULT_TIME_ZONE } from './formats.js';

type Doc = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

let byCollection: Readonly<Record<string, CollectionDescriber>> | undefined;

/** The describers `list`'s collections declare, by collection name (the catalogue's, or a test's). */
export function describersOf(list: readonly DomainModule[]): Readonly<Record<string, CollectionDescriber>> {
  return Object.fromEntries(
    list.flatMap((m) => m.collections.flatMap((c) => (c.review ? [[c.def.name, c.review] as const] : []))),
  );
}

/** Every declared describer, by collection name (read on first use: describers load with the modules). */
export function describers(): Readonly<Record<string, CollectionDescriber>> {
  byCollection ??= describersOf(modules);
  return byCollection;
}

/** The describer of `collection`: its own, or a plain one ("Registro") for a collection without. */
export function describerOf(collection: string): CollectionDescriber {
  return describers()[collection] ?? { noun: 'Registro', title: () => 'Registro', fields: {} };
}

/** The zone a record's instants are said in: its own, its clinic's, else the default. */
export function zoneOf(doc: Doc, lookup: Lookup): string {
  if (str(doc.timeZone)) return str(doc.timeZone);
  const clinic = lookup.get('clinics', doc.clinic);
  return str(clinic?.timeZone) || DEFAULT_TIME_ZONE;
}

/** A referenced record by its title ("Consulta de …"), or a phrase when this desk does not hold it. */
export function describeRef(lookup: Lookup, collection: string, id: unknown, timeZone: string): string {
  const doc = lookup.get(collection, id);
  if (!doc) return nameOr(lookup, collection, id);
  return describerOf(collection).title(doc, lookup, str(doc.timeZone) || timeZone);
}
