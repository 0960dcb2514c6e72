/**
 * Movement operations (spec §4.4 Inventory: "get and create inventory movement"). Creating one applies
 * the stock rules of movement-write.ts; a transfer writes the movement leaving one clinic and the one
 * arriving at the other, sharing a `transfer` id. All movements of one call land together or none.
 */
import { z } from 'zod';
import { dateInput, dateTimeInput, textInput } from '#core/br/schemas.js';
import { clinics } from '#core/clinic/clinic-record.js';
import {
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { reserveReasons } from './category-record.js';
import { inventoryMovements, MOVEMENT_KINDS, movementOutput, type InventoryMovement } from './movement-record.js';
import { clinicToday, insertMovements, lotsOf, planOutflow, type MovementDraft } from './movement-write.js';
import { products, toConsumptionUnits } from './product-record.js';
import { toMilli } from './quantity.js';
import { historyOrder, isExpired } from './stock.js';
import { suppliers } from './supplier-record.js';

const GROUP = 'Inventory';

/** A lot number as typed: trimmed, 1 to 40 characters. */
export const lotInput = z.string().trim().min(1, 'informe o lote').max(40, 'no máximo 40 caracteres');

const createInput = z.strictObject({
  clinic: refInput(() => clinics),
  product: refInput(() => products),
  kind: z.enum(MOVEMENT_KINDS, { message: `use ${MOVEMENT_KINDS.join(', ')}` }),
  quantity: z
    .number({ message: 'quantidade inválida' })
    .refine((q) => q !== 0, 'a quantidade não pode ser zero')
    .refine((q) => Math.abs(q) <= 1_000_000, 'quantidade grande demais')
    .refine((q) => Math.abs(toMilli(q) - q * 1000) < 1e-6, 'no máximo 3 casas decimais')
    .describe('positiva; num ajuste, negativa tira do estoque'),
  inPurchaseUnits: z.boolean().default(false).describe('true: a quantidade está na unidade de compra (caixas)'),
  lot: lotInput.optional().describe('sem lote: a saída usa o lote que vence primeiro'),
  expiry: dateInput.optional().describe('validade do lote (entradas)'),
  toClinic: refInput(() => clinics)
    .optional()
    .describe('clínica de destino (transferências)'),
  reason: refInput(() => reserveReasons)
    .optional()
    .describe('motivo (reservas)'),
  supplier: refInput(() => suppliers).optional(),
  occurredAt: dateTimeInput.optional().describe('quando aconteceu; agora se ausente'),
  note: textInput(500).optional(),
});

/** `inventory.movement.create`: `POST /inventory/movement/` (201). */
export const createMovement = defineOperation({
  name: 'inventory.movement.create',
  group: GROUP,
  summary: 'Registra uma movimentação de estoque (entrada, saída, ajuste, perda, transferência, reserva)',
  description:
    'Sem `lot`, uma saída usa o lote que vence primeiro (FEFO), dividindo entre lotes se preciso. Lote vencido só ' +
    'sai como perda. Uma saída maior que o estoque é recusada com a quantidade disponível.',
  permission: 'inventory:write',
  input: createInput,
  output: z.object({ message: z.string(), movements: z.array(movementOutput) }),
  http: { method: 'POST', path: '/inventory/movement/', status: 201 },
  example: {
    clinic: EXAMPLE_ID,
    product: EXAMPLE_ID,
    kind: 'entry',
    quantity: 2,
    inPurchaseUnits: true,
    lot: 'L2026-11',
    expiry: '2027-11-30',
  },
  run: (ctx, input) =>
    ctx.store.transaction(async (store) => {
      const product = await requireReference(store.collection(products), input.product, 'Produto', 'product');
      const today = await clinicToday(ctx, store, input.clinic);
      const quantity = input.inPurchaseUnits ? toConsumptionUnits(product, input.quantity) : input.quantity;
      const occurredAt = input.occurredAt ?? nowIso(ctx);
      const common = {
        product: product.id,
        kind: input.kind,
        occurredAt,
        ...(input.note ? { note: input.note } : {}),
      };
      if (input.kind !== 'adjustment' && quantity < 0) {
        throw new DomainError('validation', 'Quantidade inválida', [
          { path: 'quantity', message: 'a quantidade deve ser maior que zero' },
        ]);
      }
      if (input.kind === 'reservation' && !input.reason) {
        throw new DomainError('validation', 'Informe o motivo da reserva', [
          { path: 'reason', message: 'obrigatório' },
        ]);
      }
      if (input.kind === 'transfer' && (!input.toClinic || input.toClinic === input.clinic)) {
        throw new DomainError('validation', 'Informe a clínica de destino, diferente da de origem', [
          { path: 'toClinic', message: input.toClinic ? 'igual à de origem' : 'obrigatório' },
        ]);
      }
      const drafts: MovementDraft[] = [];
      if (input.kind === 'entry' || (input.kind === 'adjustment' && quantity > 0)) {
        if (input.kind === 'entry' && !product.active) {
          throw invalidTransition('Produto inativo: não recebe entradas', 'product', 'inativo');
        }
        if (input.expiry && isExpired(input.expiry, today)) {
          throw invalidTransition('Lote vencido não entra no estoque', 'expiry', `vencido em ${input.expiry}`);
        }
        const lot = input.lot ?? '';
        const known = (await lotsOf(store, input.clinic, product.id)).find((l) => l.lot === lot);
        const expiry = input.expiry ?? known?.expiry;
        drafts.push({
          ...common,
          clinic: input.clinic,
          lot,
          ...(expiry ? { expiry } : {}),
          quantity,
          ...(input.supplier ? { supplier: input.supplier } : {}),
        });
      } else {
        const lots = await lotsOf(store, input.clinic, product.id);
        const takes = planOutflow(lots, {
          clinic: input.clinic,
          product,
          kind: input.kind,
          quantity: Math.abs(quantity),
          ...(input.lot === undefined ? {} : { lot: input.lot }),
          today,
        });
        const transfer = input.kind === 'transfer' ? ctx.ids.next() : undefined;
        for (const take of takes) {
          drafts.push({
            ...common,
            clinic: input.clinic,
            lot: take.lot,
            ...(take.expiry ? { expiry: take.expiry } : {}),
            quantity: take.quantity,
            ...(input.reason ? { reason: input.reason } : {}),
            ...(transfer ? { transfer, counterpartClinic: input.toClinic } : {}),
          });
        }
        if (transfer && input.toClinic) {
          await clinicToday(ctx, store, input.toClinic, 'toClinic');
          for (const take of takes) {
            drafts.push({
              ...common,
              clinic: input.toClinic,
              lot: take.lot,
              ...(take.expiry ? { expiry: take.expiry } : {}),
              quantity: -take.quantity,
              transfer,
              counterpartClinic: input.clinic,
            });
          }
        }
      }
      const movements = await insertMovements(ctx, store, drafts);
      return { message: 'Movimentação registrada', movements };
    }),
});

/** `inventory.movement.list`: `GET /inventory/movement/`, a clinic's latest movements, newest first. */
export const listMovements = defineOperation({
  name: 'inventory.movement.list',
  group: GROUP,
  summary: 'Lista as movimentações de uma clínica (de um produto, se informado), das mais recentes',
  permission: 'inventory:read',
  input: z.strictObject({
    clinic: refInput(() => clinics),
    product: refInput(() => products).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100).describe('quantas (1 a 500)'),
  }),
  output: z.object({ items: z.array(movementOutput) }),
  http: { method: 'GET', path: '/inventory/movement/' },
  example: { clinic: EXAMPLE_ID },
  async run(ctx, { clinic, product, limit }) {
    const found: InventoryMovement[] = await ctx.store
      .collection(inventoryMovements)
      .find({ selector: product ? { clinic, product } : { clinic } });
    return { items: found.sort(historyOrder).reverse().slice(0, limit) };
  },
});

/** `inventory.movement.get`: `GET /inventory/movement/{id}`. */
export const getMovement = defineOperation({
  name: 'inventory.movement.get',
  group: GROUP,
  summary: 'Mostra uma movimentação de estoque',
  permission: 'inventory:read',
  input: z.strictObject({ id: idInput }),
  output: movementOutput,
  http: { method: 'GET', path: '/inventory/movement/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(inventoryMovements), id, 'Movimentação'),
});

/** The operations of this file. */
export const movementOperations = [createMovement, listMovements, getMovement];
