/**
 * Financial accounts (spec §2.5 "Account", §4.4 Finance "accounts"): where money sits — a bank
 * account, the clinic's cash, a digital account. Bills are paid from or into one; a register's
 * transfer moves cash into one. A PIX key on an account lets the clinic show a PIX QR code.
 */
import { z } from 'zod';
import { nameInput, textInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** Kinds of account: bank account, cash (caixa físico, cofre), digital account (payment institution). */
export const ACCOUNT_KINDS = ['bank', 'cash', 'digital'] as const;

/** An account as stored. */
export interface FinanceAccount extends RecordBase {
  name: string;
  nameKey: string;
  kind: (typeof ACCOUNT_KINDS)[number];
  /** COMPE code of the bank (`001` Banco do Brasil), bank and digital accounts. */
  bank?: string;
  agency?: string;
  number?: string;
  /** PIX key that receives into this account. */
  pixKey?: string;
  /** Name and city the PIX BR Code shows the payer. */
  pixName?: string;
  pixCity?: string;
  active: boolean;
}

/** The `finance_accounts` collection, listed by name. */
export const financeAccounts = defineCollection<FinanceAccount>({
  name: 'finance_accounts',
  fields: { nameKey: 'string', kind: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['kind']],
});

/** An account's fields as input. */
export const accountFieldsInput = {
  name: nameInput(120),
  kind: z.enum(ACCOUNT_KINDS),
  bank: z
    .string()
    .regex(/^\d{3}$/, 'código do banco com 3 dígitos')
    .optional(),
  agency: textInput(20).optional(),
  number: textInput(30).optional(),
  pixKey: textInput(77).optional(),
  pixName: textInput(25).optional(),
  pixCity: textInput(15).optional(),
};

/** An account as answered. */
export const accountOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    kind: z.enum(ACCOUNT_KINDS),
    bank: z.string().optional(),
    agency: z.string().optional(),
    number: z.string().optional(),
    pixKey: z.string().optional(),
    pixName: z.string().optional(),
    pixCity: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Account' });
