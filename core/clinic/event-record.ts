/**
 * Events: the procedures and services a clinic offers and bills (spec §2.3: budget items point at an
 * `event`; §4.4 Clinic: "create, disable and rename a custom event"; Price: prices of events). An event
 * either comes from a reference table (TUSS code, imported with a price table) or is the clinic's
 * own (`custom`), e.g. "Clareamento dental — pacote".
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { nameInput } from '#core/br/schemas.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { recordOutputFields } from '#core/common/records.js';

/** Kinds of event; the UI shows them in pt-BR (consulta, procedimento, exame…). */
export const EVENT_TYPES = [
  'consultation',
  'procedure',
  'exam',
  'therapy',
  'material',
  'medication',
  'fee',
  'package',
] as const;
/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** pt-BR words accepted for each type (CSV files written by people use them). */
export const EVENT_TYPE_WORDS: Readonly<Record<string, EventType>> = {
  consulta: 'consultation',
  procedimento: 'procedure',
  exame: 'exam',
  terapia: 'therapy',
  sessao: 'therapy',
  material: 'material',
  medicamento: 'medication',
  taxa: 'fee',
  pacote: 'package',
};

/** An event as stored. */
export interface ClinicEvent extends RecordBase {
  name: string;
  nameKey: string;
  /** Code in its table: TUSS (8 digits) for table 22, or the clinic's own code. Unique among active events. */
  code?: string;
  /** TISS terminology the code belongs to: `22` TUSS procedures, `18` fees, `19` materials, `20` medications, `00` own. */
  tissTable?: string;
  type: EventType;
  /** Usual length in minutes, the schedule's default slot for it. */
  durationMinutes?: number;
  /** The specialty that performs it (`specialties` id). */
  specialty?: string;
  /** Created by the clinic (true) or imported from a reference table (false). */
  custom: boolean;
  /** False once disabled: kept for history, offered no more. */
  active: boolean;
}

/** The `events` collection: searched by name, matched by code. */
export const events = defineCollection<ClinicEvent>({
  name: 'events',
  fields: { nameKey: 'string', code: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['code']],
});

/** An event code: letters, digits, `.` and `-`, up to 20 characters (TUSS codes are 8 digits). */
export const eventCodeInput = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, 'código inválido (letras, dígitos, ponto e hífen; até 20)');

/** The fields of a new event; only `name` is required, `type` defaults to `procedure`. */
export const eventFieldsInput = {
  name: nameInput(300),
  code: eventCodeInput.optional(),
  tissTable: z
    .string()
    .regex(/^\d{2}$/, 'tabela TISS tem 2 dígitos')
    .optional(),
  type: z.enum(EVENT_TYPES, { message: `use ${EVENT_TYPES.join(', ')}` }).default('procedure'),
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  specialty: refInput(() => specialties).optional(),
};

/** An event as answered. */
export const eventOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    code: z.string().optional(),
    tissTable: z.string().optional(),
    type: z.enum(EVENT_TYPES),
    durationMinutes: z.number().optional(),
    specialty: z.string().optional(),
    custom: z.boolean(),
    active: z.boolean(),
  })
  .meta({ id: 'Event' });
