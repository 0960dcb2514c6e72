/**
 * Attachment resolvers by kind: a message stores `{ kind: 'budget-pdf', budgetId }`, and at send
 * time the resolver registered for `budget-pdf` reads the tenant's store and renders the file. The
 * budgets module registers its own; messaging knows no kind.
 */
import type { AttachmentRef } from '#core/messaging/message.js';
import type { Store } from '#core/store/port.js';
import type { OutgoingAttachment } from './providers.js';

/**
 * Produces the file a reference names, from the message's tenant store.
 *
 * Throw DomainError `not_found` when the record is gone (the message then fails for good); any
 * other error is taken as transient and the message is retried.
 */
export type AttachmentResolver = (store: Store, ref: AttachmentRef) => Promise<OutgoingAttachment>;

/** Most bytes of attachments one message may carry: what common mail servers accept after base64. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

/** Resolvers by kind. */
export class AttachmentRegistry {
  private readonly resolvers = new Map<string, AttachmentResolver>();

  /**
   * Adds the resolver of `kind`.
   * @throws Error when `kind` is taken (two modules must not answer for one kind).
   */
  register(kind: string, resolve: AttachmentResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`tipo de anexo "${kind}" registrado duas vezes`);
    this.resolvers.set(kind, resolve);
  }

  /** The resolver of `kind`, or undefined. */
  get(kind: string): AttachmentResolver | undefined {
    return this.resolvers.get(kind);
  }
}

/** The registry the delivery worker uses unless given another. */
export const attachments = new AttachmentRegistry();

/**
 * Registers a resolver on the shared registry.
 *
 * @example
 * registerAttachment('budget-pdf', async (store, ref) => {
 *   const budget = await store.collection(budgets).get(String(ref.budgetId));
 *   if (!budget) throw new DomainError('not_found', 'Orçamento não encontrado');
 *   return { filename: `orcamento-${budget.budgetNumber}.pdf`, contentType: 'application/pdf', content: await budgetPdf(budget) };
 * });
 * @throws Error when the kind is taken.
 */
export function registerAttachment(kind: string, resolve: AttachmentResolver): void {
  attachments.register(kind, resolve);
}
