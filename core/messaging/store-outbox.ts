/**
 * The transactional outbox: enqueueing a message is inserting a record into the store the operation
 * writes to. Inside a store transaction the message lands or is undone with the operation's own
 * writes, so nothing is ever sent for a change that did not happen, and no send can slow the
 * operation down (the server's delivery worker sends later).
 */
import type { Clock } from '#core/clock.js';
import { validationError } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import type { Outbox, OutboxMessage } from '#core/outbox.js';
import type { Store } from '#core/store/port.js';
import { withoutRevision } from '#core/store/record.js';
import { utcIso } from './lifecycle.js';
import { messageRequestSchema, outboxMessages, type AttachmentRef, type QueuedMessage } from './message.js';

/** A message request, with files attached by reference (resolved by the server at send time). */
export interface MessageRequest extends OutboxMessage {
  /** E.g. `[{ kind: 'budget-pdf', budgetId }]`; each kind needs a resolver on the server. */
  attachments?: readonly AttachmentRef[];
}

/** The outbox over a store; `within` gives the same outbox writing through another store. */
export interface StoreOutbox extends Outbox {
  /** The store messages are inserted into. */
  readonly store: Store;
  /** Queues `message` (see {@link StoreOutbox.add}); the interface operations see through `ctx.outbox`. */
  enqueue(message: MessageRequest): Promise<void>;
  /**
   * Queues `message`: validates it and inserts a `pending` record due now.
   *
   * @returns the stored message (its `id` lets the caller answer "queued as …").
   * @throws DomainError `validation` (paths under `message.`) for an unknown channel, an address
   *   that does not fit the channel (`message.to`), a bad template name, data that is too large or
   *   a malformed attachment reference. Whatever the store throws (e.g. a transaction that ended).
   */
  add(message: MessageRequest): Promise<QueuedMessage>;
  /** The same outbox inserting through `store`, e.g. the store a `transaction` hands its work. */
  within(store: Store): StoreOutbox;
}

/**
 * An outbox that stores each message in `store`'s `outbox_messages` collection.
 *
 * @param clock gives `createdAt` and the first due time (stored in UTC)
 * @param ids gives message ids (UUIDv7)
 *
 * @example
 * const outbox = storeOutbox(database.forTenant(tenantId), systemClock, uuidV7Ids);
 * await outbox.enqueue({ channel: 'email', to: 'maria@exemplo.com.br', template: 'budget.send', data: { budgetNumber: 12 } });
 */
export function storeOutbox(store: Store, clock: Clock, ids: IdGenerator): StoreOutbox {
  const outbox: StoreOutbox = {
    store,
    async enqueue(message) {
      await outbox.add(message);
    },
    async add(message) {
      const parsed = messageRequestSchema.safeParse(message);
      if (!parsed.success) throw validationError(parsed.error, 'message');
      const { channel, to, template, data, attachments = [] } = parsed.data;
      const at = utcIso(clock.now());
      const record: QueuedMessage = {
        id: ids.next(),
        tenantId: store.tenantId,
        createdAt: at,
        updatedAt: at,
        channel,
        to,
        template,
        // Through JSON so every adapter stores (and gives back) exactly what a template will read.
        data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
        attachments: attachments.map((ref) => ({ ...ref })),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        sentAt: null,
      };
      return withoutRevision(await store.collection(outboxMessages).insert(record));
    },
    within: (other) => storeOutbox(other, clock, ids),
  };
  return outbox;
}

/** What {@link outboxIn} gives: an outbox that accepts attachments. */
export interface MessageOutbox {
  /** Queues `message`; resolves to the stored record, or undefined when the outbox keeps none. */
  enqueue(message: MessageRequest): Promise<QueuedMessage | undefined>;
}

function isStoreOutbox(outbox: Outbox): outbox is StoreOutbox {
  return typeof (outbox as Outbox & Partial<StoreOutbox>).within === 'function';
}

/**
 * `ctx.outbox` writing through `store`. Use it inside `ctx.store.transaction(async (tx) => …)` with
 * the `tx` store: on RxDB a write through the outer store from inside the work waits for the
 * transaction and never ends, and on every adapter it keeps the message in the transaction. An
 * outbox that is not store-backed (the memory outbox of tests) is used as it is.
 *
 * @example
 * await ctx.store.transaction(async (tx) => {
 *   await tx.collection(budgets).update(id, rev, sentBudget);
 *   await outboxIn(ctx.outbox, tx).enqueue({ channel: 'email', to, template: 'budget.send', data,
 *     attachments: [{ kind: 'budget-pdf', budgetId: id }] });
 * });
 */
export function outboxIn(outbox: Outbox, store: Store): MessageOutbox {
  if (isStoreOutbox(outbox)) {
    const bound = outbox.within(store);
    return { enqueue: (message) => bound.add(message) };
  }
  return {
    enqueue: async (message) => {
      await outbox.enqueue(message);
      return undefined;
    },
  };
}
