/**
 * The user as an account sees it (spec §2.5 `User`; issue 3): a person's membership in one account
 * with their role and, for professionals, their council registration. Replicated to installations
 * (collection `users`) so desks can list professionals; credentials never are: they live in the
 * server's own tables, keyed by the same id.
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { normaliseCpf } from '#core/br/cpf.js';
import { refInput } from '#core/references.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { ROLES, type Role } from './role-grants.js';

/** Brazilian professional councils (conselhos de classe) a clinic's professionals register with. */
export const COUNCILS = [
  'CRM',
  'CRO',
  'CRP',
  'CREFITO',
  'CRN',
  'COREN',
  'CRFa',
  'CRF',
  'CRBM',
  'CREF',
  'CRESS',
] as const;
export type Council = (typeof COUNCILS)[number];

/** Federative units (UF) a council registration belongs to. */
export const STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ',
  'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore
export type State = (typeof STATES)[number];

/**
 * Where a user stands in the account:
 * - `temporary`: a professional registered without e-mail (a substitute, a visiting doctor): can be
 *   scheduled, cannot log in until made definitive.
 * - `invited`: an invitation went to the e-mail; becomes `active` when the person accepts it.
 * - `active`: can log in (while `active` is true).
 */
export const USER_STATUSES = ['temporary', 'invited', 'active'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface User extends RecordBase {
  name: string;
  /** Lower-case; null for temporary users. */
  email: string | null;
  /** 11 digits; null when not given. */
  cpf: string | null;
  role: Role;
  council: Council | null;
  councilNumber: string | null;
  councilState: State | null;
  /** Ids of the specialties the professional attends. */
  specialties: string[];
  status: UserStatus;
  /** Logical removal from the account (docs/architecture.md "Records"): false ends access, keeps history readable. */
  active: boolean;
  /**
   * When the person's password last changed (ISO-8601), so a desk drops an offline verifier made
   * from an older password; null until the first password.
   */
  credentialsChangedAt: string | null;
}

export const users = defineCollection<User>({
  name: 'users',
  fields: { email: 'string', cpf: 'string', role: 'string', status: 'string', active: 'boolean', name: 'string' },
  indexes: [['email'], ['cpf'], ['role'], ['status'], ['name']],
});

/** E-mail as stored and compared: trimmed, lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'e-mail inválido' }).max(254));

export const cpfSchema = z
  .string()
  .transform((value, ctx) => {
    const cpf = normaliseCpf(value);
    if (!cpf) ctx.addIssue({ code: 'custom', message: 'CPF inválido' });
    return cpf ?? value;
  })
  .meta({ description: '11 dígitos, com ou sem pontuação', example: '529.982.247-25' });

export const nameSchema = z.string().trim().min(2, 'nome curto demais').max(120);
export const roleSchema = z.enum(ROLES, { error: `papel deve ser um de: ${ROLES.join(', ')}` });
export const councilSchema = z.enum(COUNCILS);
export const councilNumberSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z./-]{1,20}$/, 'número do conselho inválido');
export const stateSchema = z.enum(STATES);
export const idListSchema = z.array(z.string().min(1).max(64)).max(50);
/** Ids of the account's specialties (a professional's, a filter's): each must exist (issue 20 point 7). */
export const specialtyListSchema = z.array(refInput(() => specialties)).max(50);
/** Ids of the account's clinics, each checked as {@link specialtyListSchema}. */
export const clinicListSchema = z.array(refInput(() => clinics)).max(50);
/** Ids of the account's users (professionals), each checked as {@link specialtyListSchema}. */
export const userListSchema = z.array(refInput(() => users)).max(50);

/** The professional's council registration: all three fields or none. */
export function checkCouncil(
  value: { council?: unknown; councilNumber?: unknown; councilState?: unknown },
  ctx: z.RefinementCtx,
): void {
  const given = [value.council, value.councilNumber, value.councilState].filter((v) => v !== undefined && v !== null);
  if (given.length === 0 || given.length === 3) return;
  for (const field of ['council', 'councilNumber', 'councilState'] as const) {
    if (value[field] === undefined || value[field] === null) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'conselho, número e UF vão juntos' });
    }
  }
}

/** A user as REST answers it. */
export const userOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    cpf: z.string().nullable(),
    role: z.enum(ROLES),
    council: z.enum(COUNCILS).nullable(),
    councilNumber: z.string().nullable(),
    councilState: z.enum(STATES).nullable(),
    specialties: z.array(z.string()),
    status: z.enum(USER_STATUSES),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });
