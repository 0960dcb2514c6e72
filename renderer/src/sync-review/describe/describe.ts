/**
 * A review entry in words: what record it is, the fields that differ with pt-BR labels and formatted
 * values, and why the server did not take the desk's version. Pure: the card renders it, tests read it.
 */
import { differingFields } from '../differing-fields.js';
import { APPOINTMENT_STATUS, COMMON, nameIn, type FieldSpec } from '#core/sync/review/fields.js';
import { describeRef, describerOf, zoneOf } from './collections.js';
import type { Lookup } from './lookup.js';

type Doc = Record<string, unknown>;

/** What the describer reads of an entry (the server's list item). */
export interface DescribedEntry {
  kind: 'rejection' | 'conflict';
  collection: string;
  document: Doc;
  master: Doc | null;
  reasons: readonly { path: string; message: string; ref?: { collection: string; id: string } | undefined }[];
}

/** One line of the side-by-side. */
export interface DescribedField {
  field: string;
  label: string;
  mine: string;
  /** Null when the server holds no other version. */
  server: string | null;
}

/** What a card shows. */
export interface EntryDescription {
  /** "Paciente", "Agendamento". */
  noun: string;
  /** "Consulta de Maria Silva, 25/11 às 15:00, Dra. Helena". */
  title: string;
  /** Which of the three situations it is. */
  situation: 'refused' | 'lost' | 'clash';
  /** The situation in words, for the person deciding. */
  explanation: string;
  /** The server's reasons in words: labels for fields, names for records, statuses by name. */
  reasons: string[];
  /** Fields that differ (or, with no server version, what the desk sent), labelled and formatted. */
  fields: DescribedField[];
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  boolean: 'sim ou não',
  string: 'texto',
  number: 'número',
  array: 'lista',
  object: 'um conjunto de dados',
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Whether `entry` lists two records in each other's way (two bookings of one slot), not a lost version. */
export function isClash(entry: DescribedEntry): boolean {
  if (entry.kind !== 'conflict' || entry.master !== null) return false;
  // Two charges of one appointment name the charged appointment, not the other charge.
  if (entry.collection === 'receivables') return entry.reasons.some((r) => r.path === 'appointment');
  return entry.reasons.some((r) => r.ref?.collection === entry.collection);
}

function specOf(collection: string, field: string): FieldSpec | undefined {
  return describerOf(collection).fields[field] ?? COMMON[field];
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One reason in words: the field's label before it, status numbers as names ("Agendado → Chamado"),
 * the record in the way by its patient's name, and no ids (a record this desk holds by its title).
 */
export function reasonInWords(
  collection: string,
  reason: DescribedEntry['reasons'][number],
  lookup: Lookup,
  timeZone: string,
): string {
  let message = reason.message;
  if (reason.path === 'status' && collection === 'appointments')
    message = message.replace(/(\d+)\s*→\s*(\d+)/g, (all, from: string, to: string) =>
      APPOINTMENT_STATUS[from] && APPOINTMENT_STATUS[to]
        ? `${APPOINTMENT_STATUS[from]} → ${APPOINTMENT_STATUS[to]}`
        : all,
    );
  if (reason.ref?.collection === 'appointments') {
    const other = lookup.get('appointments', reason.ref.id);
    const patient = other && nameIn(lookup, 'patients', other.patient);
    if (patient) message = message.replace('outro paciente', patient);
  }
  // The server's field-type check names the JSON type ("deve ser boolean"): said in words here.
  message = message.replace(
    /\bdeve ser (boolean|string|number|array|object)\b/,
    (_all, type: string) => `deve ser ${TYPE_WORDS[type]}`,
  );
  message = message.replace(UUID, (id) =>
    lookup.get('appointments', id) ? describeRef(lookup, 'appointments', id, timeZone) : 'outro registro',
  );
  const spec = reason.path ? specOf(collection, reason.path.split('.')[0]!) : undefined;
  return spec ? `${spec.label}: ${message}` : capitalised(message);
}

function explain(situation: EntryDescription['situation'], noun: string, collection: string): string {
  switch (situation) {
    case 'clash':
      if (collection !== 'appointments')
        return `Dois registros (${noun.toLowerCase()}) ficaram em choque: foram feitos em lugares diferentes enquanto um deles estava sem conexão, e os dois foram guardados. Cancele um deles na tela de origem; este aviso só sai da lista quando o choque deixar de existir.`;
      return 'Dois agendamentos ficaram no mesmo horário com o mesmo profissional: foram marcados em lugares diferentes enquanto um deles estava sem conexão. Os dois foram guardados. Resolva aqui: mova um deles para um horário livre, desmarque um, ou mantenha os dois como encaixe. Este aviso só sai da lista quando o choque deixar de existir.';
    case 'lost':
      return `Este registro (${noun.toLowerCase()}) foi alterado em outro lugar enquanto a estação trabalhava sem conexão. Ficou valendo a versão do servidor; a da estação está guardada aqui, nada foi perdido. Compare e escolha qual fica.`;
    default:
      return 'O servidor não aceitou esta alteração feita na estação, pelos motivos abaixo; ela não foi aplicada, mas o que foi digitado está guardado aqui. Descarte-a ou tente aplicá-la de novo depois de corrigir o motivo.';
  }
}

/**
 * Describes `entry` for a person: its title, situation, reasons and differing fields. Fields with no
 * label (ids, search keys, UTC copies, stamps) are never shown; values are formatted in the record's
 * zone (its own, else its clinic's).
 */
export function describeEntry(entry: DescribedEntry, lookup: Lookup): EntryDescription {
  const describer = describerOf(entry.collection);
  const doc = entry.master && !entry.document._deleted ? { ...entry.master, ...entry.document } : entry.document;
  const timeZone = zoneOf(doc, lookup);
  const situation = isClash(entry) ? 'clash' : entry.kind === 'rejection' ? 'refused' : 'lost';
  const ctx = { lookup, timeZone };
  const show = (spec: FieldSpec, value: unknown): string =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
      ? '—'
      : spec.show(value, ctx);
  const fields = differingFields(entry.document, entry.master).flatMap((d): DescribedField[] => {
    const spec = specOf(entry.collection, d.field);
    if (!spec) return [];
    // With no server version, what the desk sent: only what it holds (an empty list says nothing).
    if (entry.master === null && show(spec, d.mine) === '—') return [];
    return [
      {
        field: d.field,
        label: spec.label,
        mine: show(spec, d.mine),
        server: entry.master === null ? null : show(spec, d.server),
      },
    ];
  });
  return {
    noun: describer.noun,
    title: describer.title(doc, lookup, timeZone),
    situation,
    explanation: explain(situation, describer.noun, entry.collection),
    reasons: entry.reasons.map((reason) => reasonInWords(entry.collection, reason, lookup, timeZone)),
    fields,
  };
}
