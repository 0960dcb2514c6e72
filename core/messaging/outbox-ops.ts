/**
 * What a clinic sees of its outbox: list messages (failed ones first of all), one message, and
 * "send again" for a failed one. Sending itself is the server's delivery worker, never an operation.
 */
import { z } from 'zod';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { withoutRevision, type Stored } from '#core/store/record.js';
import { retried } from './lifecycle.js';
import { MESSAGE_STATUSES, messageOutput, outboxMessages, type QueuedMessage } from './message.js';

const GROUP = 'Messaging';
const EXAMPLE_ID = '0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b';
/** Largest page of the list; the default page is {@link DEFAULT_PAGE}. */
export const MAX_PAGE = 200;
export const DEFAULT_PAGE = 50;

const id = z.string().min(1).max(64);

async function found(store: Store, messageId: string): Promise<Stored<QueuedMessage>> {
  const message = await store.collection(outboxMessages).get(messageId);
  if (!message) throw new DomainError('not_found', 'Mensagem não encontrada', [{ path: 'id', message: 'não existe' }]);
  return message;
}

export const listMessages = defineOperation({
  name: 'message.list',
  group: GROUP,
  summary: 'Lista as mensagens da fila de envio (e-mail, WhatsApp, SMS, webhook), mais recentes primeiro',
  description:
    'Filtre por `status=failed` para ver os envios que falharam e podem ser reenviados. Paginação por ' +
    'cursor: repita a chamada com `cursor` igual ao `next` da resposta até `next` ser nulo.',
  permission: 'messaging:read',
  input: z.strictObject({
    status: z.enum(MESSAGE_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
    cursor: id.optional(),
  }),
  output: z.object({ items: z.array(messageOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/message/' },
  example: { status: 'failed', limit: 20 },
  async run(ctx, { status, limit, cursor }) {
    // Ids are UUIDv7, so id order is creation order and the last id seen is a stable cursor.
    const page = await ctx.store.collection(outboxMessages).find({
      selector: { status, id: cursor === undefined ? undefined : { $lt: cursor } },
      sort: [{ id: 'desc' }],
      limit: limit + 1,
    });
    const items = page.slice(0, limit);
    return { items, next: page.length > limit ? items[items.length - 1]!.id : null };
  },
});

export const getMessage = defineOperation({
  name: 'message.get',
  group: GROUP,
  summary: 'Mostra uma mensagem da fila de envio, com tentativas e último erro',
  permission: 'messaging:read',
  input: z.strictObject({ id }),
  output: messageOutput,
  http: { method: 'GET', path: '/message/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, input) {
    return found(ctx.store, input.id);
  },
});

export const retryMessage = defineOperation({
  name: 'message.retry',
  group: GROUP,
  summary: 'Reenvia uma mensagem que falhou',
  description:
    'A mensagem volta para a fila e é enviada na próxima passagem do entregador. As tentativas ' +
    'anteriores continuam contadas: se esta falhar, a mensagem fica com falha de novo. Só mensagens com ' +
    'status `failed` podem ser reenviadas (409 `invalid_transition` para as demais).',
  permission: 'messaging:write',
  input: z.strictObject({ id }),
  output: messageOutput,
  http: { method: 'POST', path: '/message/{id}/retry' },
  example: { id: EXAMPLE_ID },
  async run(ctx, input) {
    const message = await found(ctx.store, input.id);
    const next = retried(withoutRevision(message), ctx.clock.now());
    return ctx.store.collection(outboxMessages).update(message.id, message._rev, next);
  },
});

/** The messaging operations, for the catalogue. */
export const messagingOperations = [listMessages, getMessage, retryMessage];
