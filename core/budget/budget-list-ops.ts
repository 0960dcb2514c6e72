/**
 * `budget.list` (spec §4.4 Report Budget): budgets of the tenant by patient, clinic, professional,
 * status, creation date and logical state, newest first by default, keyset-paged like every list.
 */
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '#core/common/paging.js';
import { activeFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import { dateInput } from '#core/br/schemas.js';
import { idInput } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import type { FieldCondition } from '#core/store/query.js';
import { budgetOutput, budgets, statusInput, type Budget } from './budget-record.js';

const dateFilter = dateInput;

/** The day after a `YYYY-MM-DD` date. */
function nextDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** `budget.list`: `GET /budget/`. */
export const listBudgets = defineOperation({
  name: 'budget.list',
  group: 'Report Budget',
  summary: 'Lista orçamentos (por paciente, clínica, profissional, status, período)',
  description:
    'Período pela data de criação (`from`/`to`, AAAA-MM-DD, inclusive, no calendário em que o orçamento foi criado). ' +
    'Por padrão só ativos, mais novos primeiro (`sort=-createdAt`).',
  permission: 'budget:read',
  input: z.strictObject({
    patient: idInput.optional(),
    clinic: idInput.optional(),
    professional: idInput.optional(),
    status: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), statusInput).optional(),
    from: dateFilter.optional(),
    to: dateFilter.optional(),
    active: activeFilterInput,
    sort: z.enum(['createdAt', '-createdAt']).default('-createdAt'),
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(budgetOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/budget/' },
  example: { status: 1, from: '2026-11-01', to: '2026-11-30' },
  async run(ctx, input) {
    const collection = ctx.store.collection(budgets);
    const where: Partial<Record<keyof Budget, FieldCondition>> = {};
    for (const key of ['patient', 'clinic', 'professional', 'status'] as const) {
      if (input[key] !== undefined) where[key] = input[key];
    }
    if (input.active !== undefined) where.active = input.active;
    const range: { $gte?: string; $lt?: string } = {};
    if (input.from) range.$gte = input.from;
    if (input.to) range.$lt = nextDay(input.to);
    const desc = input.sort === '-createdAt';
    const direction = desc ? 'desc' : 'asc';
    const wanted = input.limit + 1;
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    let found;
    if (!after) {
      found = await collection.find({
        selector: { ...where, createdAt: range },
        sort: [{ createdAt: direction }],
        limit: wanted,
      });
    } else {
      // Ties on createdAt are ordered by id ascending (the store's rule); the rest of the tie first.
      const same = await collection.find({
        selector: { ...where, createdAt: after.key, id: { $gt: after.id } },
        sort: [{ createdAt: direction }],
        limit: wanted,
      });
      const beyond =
        same.length < wanted
          ? await collection.find({
              selector: {
                ...where,
                createdAt: desc
                  ? { ...range, $lt: minString(range.$lt, after.key) }
                  : { ...range, $gte: undefined, $gt: after.key },
              },
              sort: [{ createdAt: direction }],
              limit: wanted - same.length,
            })
          : [];
      found = [...same, ...beyond];
    }
    const items = found.slice(0, input.limit);
    const last = items[items.length - 1];
    return { items, next: found.length > input.limit && last ? encodeCursor(last.createdAt, last.id) : null };
  },
});

function minString(a: string | undefined, b: string): string {
  return a === undefined || b < a ? b : a;
}
