/**
 * What the register operations and the payment operations share: finding a register a station may
 * move, appending a movement, and a register as answered with its balance derived from movements.
 */
import { z } from 'zod';
import { idInput, newRecordBase, requireReference } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import { fromCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import {
  balanceByMethod,
  cashMovements,
  cashRegisters,
  type CashMovement,
  type CashRegister,
} from './register-record.js';
import { applyToSummaries } from './register-summary.js';

/** The station (desk installation or terminal) a call comes from: registers are never shared. */
export const stationInput = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'identificador da estação: letras, dígitos, ponto, hífen')
  .describe('a estação (instalação do desk) que opera o caixa');

/** A register id as input. */
export const registerIdInput = idInput;

/**
 * The register `id`, which must be open (or, with `allowClosing`, being closed) and belong to `station`.
 *
 * @throws DomainError `validation` (no such register, path `register`), `forbidden` for another
 *   station's register, `invalid_transition` for a closed one.
 */
export async function requireStationRegister(
  store: Store,
  id: string,
  station: string,
  path = 'register',
  allowClosing = false,
): Promise<Stored<CashRegister>> {
  const register = await requireReference(store.collection(cashRegisters), id, 'Caixa', path);
  if (register.station !== station)
    throw new DomainError('forbidden', 'Este caixa é de outra estação', [
      { path: 'station', message: `caixa aberto na estação ${register.station}` },
    ]);
  if (register.status === 'closed' || (register.status === 'closing' && !allowClosing))
    throw new DomainError('invalid_transition', 'Caixa fechado', [
      { path, message: register.status === 'closed' ? 'caixa já fechado' : 'caixa em fechamento: use o caixa aberto' },
    ]);
  return register;
}

/**
 * Appends one movement (amount signed: in > 0, out < 0) and adds it to its register's day summary
 * (FIN-031) in the same write: run it inside the operation's transaction.
 */
export async function appendMovement(
  ctx: OperationContext,
  store: Store,
  movement: Omit<CashMovement, 'id' | 'tenantId' | 'createdAt' | 'updatedAt' | 'by'>,
): Promise<Stored<CashMovement>> {
  const stored = await store
    .collection(cashMovements)
    .insert({ ...newRecordBase({ ...ctx, store }), ...movement, by: ctx.actor.id });
  await applyToSummaries(ctx, store, [stored]);
  return stored;
}

/** The movements of a register, oldest first. */
export function movementsOf(store: Store, register: string): Promise<Stored<CashMovement>[]> {
  return store.collection(cashMovements).find({ selector: { register }, sort: [{ at: 'asc' }] });
}

/** A register as answered, with its balance (sum of its movements) in total and per method. */
export async function registerAnswer(store: Store, register: CashRegister) {
  const movements = await movementsOf(store, register.id);
  const byMethod = balanceByMethod(movements);
  const { tenantId: _t, changeFundCentavos, counts, ...rest } = register;
  delete (rest as { _rev?: string })._rev;
  return {
    ...rest,
    changeFund: fromCentavos(changeFundCentavos),
    ...(counts
      ? {
          counts: counts.map((c) => ({
            method: c.method,
            expected: fromCentavos(c.expectedCentavos),
            counted: fromCentavos(c.countedCentavos),
            difference: fromCentavos(c.differenceCentavos),
          })),
        }
      : {}),
    balance: fromCentavos(Object.values(byMethod).reduce((a, b) => a + b, 0)),
    byMethod: Object.fromEntries(Object.entries(byMethod).map(([m, c]) => [m, fromCentavos(c)])),
  };
}
