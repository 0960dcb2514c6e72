/**
 * Finding patients at the desk (spec §4.4 Patient: list; "verify that a patient exists and is active
 * by CPF"). One box (`q`) takes whatever the reception types: a name prefix (accents and case
 * ignored), a CPF, a phone number or a birth date; explicit parameters do the same for integrators.
 */
import { z } from 'zod';
import { cpfInput, dateInput, phoneInput } from '#core/br/schemas.js';
import { normalisePhone } from '#core/br/phone.js';
import { prefixRange, searchKey } from '#core/br/text.js';
import { encodeCursor, pageBy, type Page, type PageRequest, type Selector } from '#core/common/paging.js';
import type { Collection } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { activeFilterInput, booleanFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import { defineOperation } from '#core/operation.js';
import { patients, type Patient } from './patient-record.js';
import { patientOutput } from './patient-schemas.js';

/** A name typed in `name` (or `q`): its first word, and the words after it. */
function interpretName(name: string): { namePrefix: string; otherWords: string[] } {
  const [namePrefix = '', ...otherWords] = searchKey(name).split(' ');
  return { namePrefix, otherWords };
}

/**
 * What a search box text means: a name (the first word starts the name, each further word starts one
 * of its later words), or alternatives on exact fields.
 */
export type SearchIntent = { namePrefix: string; otherWords: string[] } | { alternatives: Selector[] };

/**
 * Reads the reception's search text. A date (`17/05/1980` or `1980-05-17`) searches the birth date;
 * 3 to 11 digits (CPF punctuation ignored) search the start of the CPF (`529.982` finds
 * `529.982.247-25`); 8 or more digits also search the phones when they form a valid number
 * (`11987654321` may be either); anything else is a name: `maria silva` finds "Maria Aparecida da
 * Silva" (accents and case ignored).
 */
export function interpretSearch(q: string): SearchIntent {
  const text = q.trim();
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (br) return { alternatives: [{ birthDate: `${br[3]}-${br[2]}-${br[1]}` }] };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { alternatives: [{ birthDate: text }] };
  const digits = text.replace(/[\s.\-/()]/g, '');
  if (/^\+?\d{3,15}$/.test(digits)) {
    const alternatives: Selector[] = [];
    // A partial CPF is a prefix; a whole one matches itself (its range holds only it).
    if (!digits.startsWith('+') && digits.length <= 11) alternatives.push({ cpf: prefixRange(digits) });
    const phone = digits.length >= 8 ? normalisePhone(digits) : undefined;
    if (phone) alternatives.push({ cellPhone: phone }, { phone });
    return { alternatives };
  }
  return interpretName(text);
}

/** Whether every one of `words` starts one of the words of `nameKey` after its first. */
function hasWords(nameKey: string, words: readonly string[]): boolean {
  const later = nameKey.split(' ').slice(1);
  return words.every((word) => later.some((w) => w.startsWith(word)));
}

/**
 * {@link pageBy} keeping only the records `keep` accepts: it reads on in chunks until a page is full
 * (or the records run out), so a page is as long as asked and the cursor points after its last item.
 */
async function pageKeeping(
  collection: Collection<Patient>,
  request: PageRequest,
  keep: (patient: Stored<Patient>) => boolean,
): Promise<Page<Stored<Patient>>> {
  const kept: Stored<Patient>[] = [];
  let cursor = request.cursor;
  for (;;) {
    const chunk = await pageBy(collection, { ...request, limit: Math.max(100, request.limit * 4), cursor });
    for (const patient of chunk.items) {
      if (keep(patient)) kept.push(patient);
      if (kept.length > request.limit) break;
    }
    if (kept.length > request.limit || chunk.next === null) break;
    cursor = chunk.next;
  }
  const items = kept.slice(0, request.limit);
  const last = items[items.length - 1];
  return { items, next: kept.length > request.limit && last ? encodeCursor(last.nameKey, last.id) : null };
}

/** `patient.list`: `GET /patient/`. */
export const listPatients = defineOperation({
  name: 'patient.list',
  group: 'Patient',
  summary: 'Busca pacientes por nome (ignora acentos e maiúsculas), CPF, telefone ou nascimento',
  description:
    '`q` aceita o que a recepção digitar: início do nome (cada palavra a mais inicia outra palavra do ' +
    'nome: `maria silva`), CPF inteiro ou o começo dele, telefone ou data (DD/MM/AAAA). ' +
    'Paginado por cursor: passe o `next` recebido em `cursor`. Ordem alfabética.',
  permission: 'patient:read',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('nome, CPF, telefone ou data de nascimento'),
    name: z.string().max(200).optional().describe('início do nome'),
    cpf: cpfInput.optional(),
    phone: phoneInput.optional().describe('celular ou telefone'),
    birthDate: dateInput.optional(),
    active: activeFilterInput,
    temporary: booleanFilterInput.describe('true: só temporários; false: só definitivos; sem ele: ambos'),
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(patientOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/patient/' },
  example: { q: 'maria apar', limit: 20 },
  async run(ctx, input) {
    const base: Selector = {};
    if (input.active !== undefined) base.active = input.active;
    if (input.temporary !== undefined) base.temporary = input.temporary;
    if (input.cpf) base.cpf = input.cpf;
    if (input.birthDate) base.birthDate = input.birthDate;
    let { namePrefix: prefix, otherWords } = interpretName(input.name ?? '');
    let alternatives: Selector[] = input.phone ? [{ cellPhone: input.phone }, { phone: input.phone }] : [{}];
    if (input.q !== undefined && input.q.trim() !== '') {
      const intent = interpretSearch(input.q);
      if ('namePrefix' in intent) ({ namePrefix: prefix, otherWords } = intent);
      else alternatives = alternatives.flatMap((a) => intent.alternatives.map((b) => ({ ...a, ...b })));
    }
    if (alternatives.length === 0) return { items: [], next: null };
    const request: PageRequest = {
      key: 'nameKey',
      prefix,
      where: alternatives.map((a) => ({ ...base, ...a })),
      limit: input.limit,
      cursor: input.cursor,
    };
    const collection = ctx.store.collection(patients);
    if (otherWords.length === 0) return pageBy(collection, request);
    return pageKeeping(collection, request, (patient) => hasWords(patient.nameKey, otherWords));
  },
});

/** `patient.existsByCpf`: `GET /patient/cpf/{cpf}`. */
export const patientExistsByCpf = defineOperation({
  name: 'patient.existsByCpf',
  group: 'Patient',
  summary: 'Verifica se existe paciente ativo com o CPF',
  permission: 'patient:read',
  input: z.strictObject({ cpf: cpfInput }),
  output: z.object({
    cpf: z.string(),
    exists: z.boolean().describe('há paciente com este CPF, ativo ou não'),
    active: z.boolean().describe('há paciente ativo com este CPF'),
    patient: z.object({ id: z.string(), name: z.string() }).nullable().describe('o ativo, ou o mais recente'),
  }),
  http: { method: 'GET', path: '/patient/cpf/{cpf}' },
  example: { cpf: '52998224725' },
  async run(ctx, { cpf }) {
    const found = await ctx.store.collection(patients).find({ selector: { cpf }, sort: [{ cpf: 'asc' }], limit: 50 });
    const chosen = found.find((p) => p.active) ?? [...found].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
    return {
      cpf,
      exists: found.length > 0,
      active: found.some((p) => p.active),
      patient: chosen ? { id: chosen.id, name: chosen.name } : null,
    };
  },
});
