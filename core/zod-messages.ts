/**
 * zod's own messages in pt-BR (issue 20 point 9). A schema that names its problem (`'CPF inválido'`)
 * keeps its message; every issue it does not name gets one of these instead of zod's English
 * ("Invalid input: expected string"). zod ships a `pt` locale, but it is European Portuguese
 * ("registo", "Demasiado grande") and prints regexes, so the catalogue writes its own.
 *
 * Importing this module installs the map (zod's global configuration); `core/errors.ts` imports it,
 * so every process that turns zod issues into DomainErrors has it.
 */
import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número inteiro',
  bigint: 'número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'lista',
  object: 'objeto',
  date: 'data',
  null: 'nulo',
  undefined: 'nada',
  nan: 'número inválido',
  record: 'objeto',
  tuple: 'lista',
  map: 'objeto',
  set: 'lista',
};

const FORMATS: Record<string, string> = {
  email: 'e-mail inválido',
  url: 'endereço (URL) inválido',
  uuid: 'id malformado (esperado um UUID)',
  guid: 'id malformado (esperado um UUID)',
  date: 'data inválida, use AAAA-MM-DD',
  datetime: 'data e hora inválida, use ISO-8601 com fuso (2026-11-24T09:00:00-03:00)',
  time: 'hora inválida, use HH:mm',
  e164: 'telefone inválido',
};

/** The pt-BR name of a JSON value's type, as an integrator sent it. */
function receivedName(input: unknown): string {
  if (input === null) return 'nulo';
  if (Array.isArray(input)) return 'lista';
  if (typeof input === 'number') return Number.isNaN(input) ? 'número inválido' : 'número';
  return TYPE_NAMES[typeof input] ?? 'outro tipo';
}

function listValues(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

function sizeUnit(origin: string, n: number | bigint): string {
  if (origin === 'string') return n === 1 ? 'caractere' : 'caracteres';
  if (origin === 'array' || origin === 'set') return n === 1 ? 'item' : 'itens';
  return '';
}

/**
 * The pt-BR message of an issue the schema left unnamed; undefined leaves zod's choice (never hit
 * for the codes zod 4 reports).
 */
export function ptBrIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'obrigatório';
      return `esperado ${TYPE_NAMES[issue.expected] ?? 'outro tipo'}, recebido ${receivedName(issue.input)}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `deve ser ${listValues(issue.values)}`;
      return `valor inválido: use um de ${listValues(issue.values)}`;
    case 'too_big': {
      const unit = sizeUnit(issue.origin, issue.maximum);
      if (unit) return `no máximo ${issue.maximum} ${unit}`;
      return issue.inclusive === false ? `deve ser menor que ${issue.maximum}` : `no máximo ${issue.maximum}`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'não pode ficar vazio';
      const unit = sizeUnit(issue.origin, issue.minimum);
      if (unit) return `ao menos ${issue.minimum} ${unit}`;
      return issue.inclusive === false ? `deve ser maior que ${issue.minimum}` : `no mínimo ${issue.minimum}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'formato inválido';
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01 ? 'no máximo duas casas decimais' : `deve ser múltiplo de ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'campo desconhecido';
    case 'invalid_key':
      return 'chave inválida';
    case 'invalid_element':
      return 'item inválido';
    case 'invalid_union':
      return 'valor inválido';
    default:
      return 'valor inválido';
  }
}

z.config({ customError: (issue) => ptBrIssueMessage(issue) });
