/**
 * Field specs the collection describers build on: a pt-BR label and how the value reads. A field
 * with no spec is bookkeeping (ids, search keys, UTC copies, stamps) and is never shown.
 */
import { cep, cpf, day, instant, listOf, money, moneyCentavos, phone, count, weekday, yesNo } from './formats.js';
import type { Lookup } from './describer.js';

type Doc = Record<string, unknown>;

/** What a value is read with: the records it names and the zone its instants are said in. */
export interface FieldContext {
  lookup: Lookup;
  timeZone: string;
}

/** One field as a person reads it. */
export interface FieldSpec {
  label: string;
  /** The value as one line of pt-BR text; absent values are handled before (`—`). */
  show(value: unknown, ctx: FieldContext): string;
}

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '—';

/** Free text as typed. */
export const text = (label: string): FieldSpec => ({ label, show: asText });
/** A number as a person writes it (`1.234`). */
export const number = (label: string, unit = ''): FieldSpec => ({
  label,
  show: (v) => (typeof v === 'number' ? `${v.toLocaleString('pt-BR')}${unit}` : asText(v)),
});
/** `YYYY-MM-DD` as `dd/mm/aaaa`. */
export const date = (label: string): FieldSpec => ({ label, show: (v) => day(asText(v)) });
/** An ISO instant as `dd/mm/aaaa às HH:mm` in the record's zone. */
export const moment = (label: string): FieldSpec => ({ label, show: (v, c) => instant(asText(v), c.timeZone) });
/** Reais as `R$ 1.234,56`. */
export const reais = (label: string): FieldSpec => ({
  label,
  show: (v) => (typeof v === 'number' ? money(v) : asText(v)),
});
/** Centavos as `R$ 1.234,56`. */
export const centavos = (label: string): FieldSpec => ({
  label,
  show: (v) => (typeof v === 'number' ? moneyCentavos(v) : asText(v)),
});
/** A phone with area code. */
export const phoneField = (label: string): FieldSpec => ({ label, show: (v) => phone(asText(v)) });
/** A CPF with its dots and dash. */
export const cpfField = (label: string): FieldSpec => ({ label, show: (v) => cpf(asText(v)) });
/** Yes or no. */
export const flag = (label: string): FieldSpec => ({ label, show: yesNo });
/** One of a closed list of words (a status, a kind); an unknown code as is. */
export const choice = (label: string, words: Readonly<Record<string, string>>): FieldSpec => ({
  label,
  show: (v) => words[String(v)] ?? asText(v),
});

/** A record's name as a person says it: social name first for patients; undefined when not on this desk. */
export function nameIn(lookup: Lookup, collection: string, id: unknown): string | undefined {
  const doc = lookup.get(collection, id);
  if (!doc) return undefined;
  const name = doc.socialName ?? doc.name ?? doc.code;
  return typeof name === 'string' && name ? name : undefined;
}

/** What a reference is called when this desk does not hold the record (never its id). */
const UNKNOWN: Readonly<Record<string, string>> = {
  patients: 'paciente não encontrado nesta estação',
  users: 'usuário não encontrado nesta estação',
  clinics: 'clínica não encontrada nesta estação',
  appointments: 'agendamento não encontrado nesta estação',
};

/** The name of the record `id` of `collection`, or a phrase saying it is not on this desk. */
export function nameOr(lookup: Lookup, collection: string, id: unknown): string {
  return nameIn(lookup, collection, id) ?? UNKNOWN[collection] ?? 'registro não encontrado nesta estação';
}

/** A field holding the id of a record of `collection`, shown by the record's name. */
export const ref = (label: string, collection: string): FieldSpec => ({
  label,
  show: (v, c) =>
    Array.isArray(v) ? listOf(v.map((id) => nameOr(c.lookup, collection, id))) : nameOr(c.lookup, collection, v),
});

/** A list shown by a count of its items (`3 itens`). */
export const counted = (label: string, one: string, many: string): FieldSpec => ({
  label,
  show: (v) => (Array.isArray(v) ? count(v.length, one, many) : asText(v)),
});

/** A postal address on one line: `Rua das Flores, 10 — Centro, São Paulo/SP, 01310-100`. */
export const address = (label: string): FieldSpec => ({
  label,
  show: (v) => {
    const a = (v ?? {}) as Doc;
    const street = [a.street, a.number].filter(Boolean).join(', ');
    const place = [a.district, [a.city, a.state].filter(Boolean).join('/')].filter(Boolean).join(', ');
    const line = [street, place].filter(Boolean).join(' — ');
    const zip = typeof a.zipCode === 'string' ? cep(a.zipCode) : '';
    return [line, zip].filter(Boolean).join(', ') || '—';
  },
});

// The words below are the desk's own (renderer/src/i18n/pt-BR.ts, waitlist.pt-BR.ts); the renderer's
// describe.test.ts checks they stay the same.

/** Appointment statuses as the agenda names them (`Agendado`, `Chamado`…). */
export const APPOINTMENT_STATUS: Readonly<Record<string, string>> = {
  1: 'Agendado',
  2: 'Aguardando',
  3: 'Chamado',
  4: 'Em atendimento',
  5: 'Atendido',
  6: 'Faltou',
  7: 'Desmarcado pelo paciente',
  8: 'Desmarcado pela clínica',
  9: 'Remarcado',
  10: 'Reservado',
};

/** Budget statuses as the budget screen names them. */
export const BUDGET_STATUS: Readonly<Record<string, string>> = {
  0: 'Rascunho',
  1: 'Aguardando aprovação',
  2: 'Aprovado',
  3: 'Reprovado',
  4: 'Executado',
  5: 'Vencido',
};

/** Roles as the user screens name them. */
export const ROLE: Readonly<Record<string, string>> = {
  admin: 'Administrador(a)',
  reception: 'Recepção',
  professional: 'Profissional de saúde',
  finance: 'Financeiro',
  totem: 'Totem',
};

/** Wait-list priorities as the wait list names them. */
export const PRIORITY: Readonly<Record<string, string>> = {
  low: 'Baixa',
  normal: 'Normal',
  high: 'Alta',
  urgent: 'Urgente',
};

/** Ways of paying. */
export const PAYMENT_METHOD: Readonly<Record<string, string>> = {
  cash: 'Dinheiro',
  pix: 'Pix',
  debitCard: 'Cartão de débito',
  creditCard: 'Cartão de crédito',
  bankSlip: 'Boleto',
  insurance: 'Convênio',
  courtesy: 'Cortesia',
};

/** Weekly periods (`seg, qua 08:00–12:00`). */
export const periods = (label: string): FieldSpec => ({
  label,
  show: (v) =>
    Array.isArray(v) && v.length > 0
      ? (v as { weekdays?: number[]; from?: string; to?: string; weekday?: number; opens?: string; closes?: string }[])
          .map((p) =>
            p.weekdays
              ? `${p.weekdays.map(weekday).join(', ')} ${p.from ?? ''}–${p.to ?? ''}`
              : `${weekday(p.weekday ?? -1)} ${p.opens ?? ''}–${p.closes ?? ''}`,
          )
          .join('; ')
      : '—',
});

/** Names of the objects of a list (`Unimed, Amil`); `key` is the field naming each. */
export const names = (label: string, key: string, collection?: string): FieldSpec => ({
  label,
  show: (v, c) =>
    Array.isArray(v) && v.length > 0
      ? listOf((v as Doc[]).map((item) => (collection ? nameOr(c.lookup, collection, item[key]) : asText(item[key]))))
      : '—',
});

/** Fields every collection may carry, with the same meaning everywhere. */
export const COMMON: Readonly<Record<string, FieldSpec>> = {
  name: text('Nome'),
  notes: text('Observações'),
  active: flag('Ativo'),
  email: text('E-mail'),
  phone: phoneField('Telefone'),
  cellPhone: phoneField('Celular'),
  cpf: cpfField('CPF'),
  cnpj: text('CNPJ'),
  address: address('Endereço'),
  clinic: ref('Clínica', 'clinics'),
  patient: ref('Paciente', 'patients'),
  professional: ref('Profissional', 'users'),
  specialty: ref('Especialidade', 'specialties'),
  insurance: ref('Convênio', 'insurances'),
  createdBy: ref('Registrado por', 'users'),
  _deleted: { label: 'Registro', show: (v) => (v === true ? 'excluído' : 'ativo') },
};

/** A record titled by its kind and name (`Clínica Norte`); the kind alone when it has no name. */
export const named =
  (prefix: string) =>
  (doc: Doc): string =>
    typeof doc.name === 'string' && doc.name ? `${prefix} ${doc.name}` : prefix;
