/**
 * The WhatsApp Business webhook of an account (`/whatsapp/webhook/{account}`): Meta's subscription
 * check (GET with `hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`) and the notifications
 * (POST), accepted only with a valid `X-Hub-Signature-256` (`sha256=` + hex HMAC-SHA256 of the raw
 * body with the app secret). `statuses` update the provider status of our messages (a `failed`
 * status marks the outbox message failed, visible at /message/); a reply tapping a confirmation
 * button confirms or unconfirms the appointment it names; a typed reply answers the phone's pending
 * confirmation request (reply-confirmation.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import { notifyFailedMessage, notifyPatientConfirmation } from '#core/chat/notify.js';
import { isDomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { utcIso } from '#core/messaging/lifecycle.js';
import { outboxMessages } from '#core/messaging/message.js';
import { setConfirmation } from '#core/schedule/confirmation-ops.js';
import type { Store } from '#core/store/port.js';
import { REPLY_PAYLOAD } from './cloud-templates.js';
import { applyFreeTextReply } from './reply-confirmation.js';
import type { WhatsAppService } from './whatsapp-service.js';

/** What the route needs. */
export interface InboundDeps {
  service: WhatsAppService;
  /** The tenant's store as a system actor writes through it (guarded and audited on the server). */
  storeFor(tenantId: string, actor: Actor): Store;
  logger: Logger;
}

interface Notification {
  entry?: {
    changes?: {
      value?: {
        statuses?: { id: string; status: string; errors?: { code?: number; title?: string }[] }[];
        messages?: {
          from: string;
          type: string;
          button?: { payload?: string };
          interactive?: { button_reply?: { id?: string } };
          text?: { body?: string };
          reaction?: { emoji?: string };
        }[];
      };
    }[];
  }[];
}

/** True when `header` is the app secret's signature of `body`. */
export function validHubSignature(appSecret: string, body: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(body).digest('hex'));
  const given = Buffer.from(header.slice(7));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Mounts the webhook routes on `app`. */
export function mountWhatsAppWebhook(app: Hono, deps: InboundDeps): void {
  const log = deps.logger.child({ module: 'whatsapp' });

  app.get('/whatsapp/webhook/:account', async (c) => {
    const credentials = await deps.service.credentials(c.req.param('account'));
    const q = (name: string) => c.req.query(name);
    if (!credentials || q('hub.mode') !== 'subscribe' || q('hub.verify_token') !== credentials.verifyToken) {
      return c.text('forbidden', 403);
    }
    return c.text(q('hub.challenge') ?? '', 200);
  });

  app.post('/whatsapp/webhook/:account', async (c) => {
    const tenantId = c.req.param('account');
    const body = await c.req.text();
    const credentials = await deps.service.credentials(tenantId);
    if (!credentials || !validHubSignature(credentials.appSecret, body, c.req.header('x-hub-signature-256'))) {
      log.warn({ tenantId }, 'whatsapp webhook refused: bad signature');
      return c.text('forbidden', 403);
    }
    const actor: Actor = {
      kind: 'system',
      id: 'whatsapp',
      tenantId,
      permissions: new Set(['appointment:write', 'messaging:write']),
    };
    const store = deps.storeFor(tenantId, actor);
    let note: Notification;
    try {
      note = JSON.parse(body) as Notification;
    } catch {
      return c.text('bad request', 400);
    }
    for (const change of (note.entry ?? []).flatMap((e) => e.changes ?? [])) {
      for (const s of change.value?.statuses ?? []) {
        const error = s.errors?.[0] ? `${s.errors[0].code ?? ''} ${s.errors[0].title ?? ''}`.trim() : null;
        const messageId = await deps.service.setStatus(tenantId, s.id, s.status, error);
        if (messageId && s.status === 'failed') await markFailed(store, messageId, error, deps.service.clock.now());
        log.info({ tenantId, messageId, status: s.status }, 'whatsapp status');
      }
      for (const m of change.value?.messages ?? []) {
        const payload = m.button?.payload ?? m.interactive?.button_reply?.id;
        const match = payload ? REPLY_PAYLOAD.exec(payload) : null;
        const text = m.type === 'text' ? m.text?.body : m.type === 'reaction' ? m.reaction?.emoji : undefined;
        if (!match && text) {
          // A typed answer (or a reaction) names no appointment: the pending request to that phone (MSG-043).
          await applyFreeTextReply({ store, actor, clock: deps.service.clock, logger: log }, m.from, text);
          continue;
        }
        if (!match) continue;
        try {
          const appointment = await setConfirmation(
            { store, clock: deps.service.clock, actor },
            match[2]!,
            match[1] === 'confirm',
            'whatsapp',
          );
          log.info({ tenantId, appointmentId: match[2], reply: match[1] }, 'whatsapp confirmation reply');
          // The bell of the reception and the professional (core/chat); the reply stands without it.
          await notifyPatientConfirmation(
            { store, clock: deps.service.clock, ids: uuidV7Ids },
            appointment,
            match[1] === 'confirm',
          ).catch((error: unknown) => {
            log.error(
              { tenantId, appointmentId: match[2], errorName: (error as Error).name },
              'notification not written',
            );
          });
        } catch (error) {
          // An appointment cancelled or gone meanwhile: the reply changes nothing; Meta must get 200.
          if (!isDomainError(error)) throw error;
          log.warn({ tenantId, appointmentId: match[2], errorCode: error.code }, 'whatsapp reply not applied');
        }
      }
    }
    return c.text('ok', 200);
  });
}

/**
 * Marks outbox message `messageId` failed with the provider's `error` (nothing when already failed or
 * gone) and tells the reception's bell, as a send that fails in the worker does (MSG-029, MSG-042); a
 * notice that cannot be written never undoes the failure.
 */
export async function markFailed(
  store: Store,
  messageId: string,
  error: string | null,
  now: Date,
  channel = 'WhatsApp',
): Promise<void> {
  const collection = store.collection(outboxMessages);
  const message = await collection.get(messageId);
  if (!message || message.status === 'failed') return;
  const at = utcIso(now);
  const { _rev, ...current } = message;
  const failed = await collection.update(messageId, _rev, {
    ...current,
    status: 'failed',
    lastError: `${channel} não entregou a mensagem${error ? ` (${error})` : ''}`,
    updatedAt: at,
  });
  await notifyFailedMessage({ store, clock: { now: () => now }, ids: uuidV7Ids }, failed).catch(() => undefined);
}
