/**
 * Messages an operation wants sent (e-mail, SMS, WhatsApp, webhooks). Operations only enqueue; a
 * worker delivers later, so a failed delivery never undoes what the user saved.
 */
export interface OutboxMessage {
  channel: 'email' | 'sms' | 'whatsapp' | 'webhook';
  /** Address: e-mail, E.164 phone number or URL. */
  to: string;
  template: string;
  data: Record<string, unknown>;
}

export interface Outbox {
  enqueue(message: OutboxMessage): Promise<void>;
}

/** An outbox that keeps messages in memory: the default until delivery lands, and for tests. */
export function memoryOutbox(): Outbox & { readonly messages: OutboxMessage[] } {
  const messages: OutboxMessage[] = [];
  return {
    messages,
    enqueue: (message) => {
      messages.push(message);
      return Promise.resolve();
    },
  };
}
