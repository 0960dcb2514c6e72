/**
 * The account's webhook configuration over the server tables: settings, endpoints (the signing
 * secret is generated here, shown once, stored sealed), the delivery log and replays. Every method
 * takes the tenant and scopes every statement by it, so one account never reads or edits another's.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import { isWebhookEventType, type WebhookEventType } from '#core/webhooks/event-catalogue.js';
import type { SqlDatabase } from '../store/index.js';
import type { StoreTables } from '../store/layout.js';
import { checkLiteralHost } from './address-guard.js';
import type { SecretBox } from './secret-box.js';
import type { WebhookTables } from './webhook-tables.js';

/** The purpose sealed secrets of endpoints are bound to (secret-box.ts). */
export const ENDPOINT_SECRET = 'webhook-endpoint';

/** An endpoint as the API shows it: never its secret. */
export interface EndpointInfo {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why the server disabled it (`410 Gone`), null otherwise. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One delivery of the log with its attempts. */
export interface DeliveryInfo {
  id: string;
  eventId: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
  log: { at: string; statusCode: number | null; error: string | null; durationMs: number }[];
}

type Row = WebhookTables['webhook_endpoints'];

function info(row: Row): EndpointInfo {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Number(row.enabled) === 1,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function notFound(what: string): DomainError {
  return new DomainError('not_found', `${what} não encontrado`);
}

/** A new `whsec_` secret: 24 random bytes, base64, as the standardwebhooks library reads it. */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Checks an endpoint URL: http(s), no credentials in it, and (unless the account allows private
 * networks) not an IP literal of a private or loopback network. Names are checked at each delivery.
 * @throws DomainError `validation` naming `url`.
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): void {
  const fail = (message: string) =>
    new DomainError('validation', 'URL do webhook inválida', [{ path: 'url', message }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('URL http(s) completa, ex.: https://erp.exemplo.com.br/webhooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail('use http ou https');
  if (url.username || url.password) throw fail('não ponha usuário e senha na URL: a assinatura autentica o envio');
  try {
    checkLiteralHost(url.hostname, allowPrivate);
  } catch {
    throw fail('endereço de rede privada ou local; permita redes privadas na configuração da conta');
  }
}

function checkEvents(events: readonly string[]): WebhookEventType[] {
  const unknown = events.flatMap((e, i) =>
    isWebhookEventType(e) ? [] : [{ path: `events.${i}`, message: `evento desconhecido: ${e}` }],
  );
  if (unknown.length) throw new DomainError('validation', 'Evento desconhecido', unknown);
  return [...new Set(events)] as WebhookEventType[];
}

/** The service the webhook operations and the worker share. */
export class WebhookService {
  readonly db: Kysely<WebhookTables>;

  constructor(
    readonly database: SqlDatabase,
    readonly box: SecretBox,
    readonly clock: Clock,
    readonly ids: IdGenerator,
  ) {
    this.db = database.kysely.withTables<WebhookTables>();
  }

  /** Whether the account allows deliveries to private networks (default no). */
  async allowPrivate(tenantId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhook_settings')
      .select('allow_private')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(row?.allow_private ?? 0) === 1;
  }

  /** Sets the account setting. */
  async setAllowPrivate(tenantId: string, allow: boolean): Promise<void> {
    const now = isoWithOffset(this.clock.now());
    await this.db
      .insertInto('webhook_settings')
      .values({ tenant_id: tenantId, allow_private: allow ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ allow_private: allow ? 1 : 0, updated_at: now }))
      .execute();
  }

  /** The account's endpoints, oldest first. */
  async listEndpoints(tenantId: string): Promise<EndpointInfo[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(info);
  }

  private async endpointRow(tenantId: string, id: string): Promise<Row> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Webhook');
    return row;
  }

  /**
   * Adds an endpoint and starts the account's event feed at the present (earlier changes are not
   * announced). @returns the endpoint and its secret, which is never shown again.
   * @throws DomainError `validation` for a bad URL or an unknown event.
   */
  async createEndpoint(
    tenantId: string,
    input: { url: string; events: readonly string[]; description?: string },
  ): Promise<{ endpoint: EndpointInfo; secret: string }> {
    checkEndpointUrl(input.url, await this.allowPrivate(tenantId));
    const events = checkEvents(input.events);
    const secret = newEndpointSecret();
    const now = isoWithOffset(this.clock.now());
    const row: Row = {
      id: this.ids.next(),
      tenant_id: tenantId,
      url: input.url,
      description: input.description ?? '',
      events: JSON.stringify(events),
      secret_sealed: this.box.seal(secret, ENDPOINT_SECRET),
      enabled: 1,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('webhook_endpoints').values(row).execute();
    await this.startFeed(tenantId);
    return { endpoint: info(row), secret };
  }

  /** Starts the account's cursor at its current seq when it has none. */
  private async startFeed(tenantId: string): Promise<void> {
    const seq = await this.database.kysely
      .withTables<StoreTables>()
      .selectFrom('tenant_seq')
      .select('seq')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    await this.db
      .insertInto('webhook_cursors')
      .values({
        tenant_id: tenantId,
        collection: '*',
        seq: Number(seq?.seq ?? 0),
        started_ms: this.clock.now().getTime(),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'collection']).doNothing())
      .execute();
  }

  /**
   * Edits an endpoint; enabling it again clears the server's reason and resumes its deliveries.
   * @throws DomainError `not_found`, `validation`.
   */
  async updateEndpoint(
    tenantId: string,
    id: string,
    input: {
      url?: string | undefined;
      events?: readonly string[] | undefined;
      description?: string | undefined;
      enabled?: boolean | undefined;
    },
  ): Promise<EndpointInfo> {
    const row = await this.endpointRow(tenantId, id);
    if (input.url !== undefined) checkEndpointUrl(input.url, await this.allowPrivate(tenantId));
    const next: Row = {
      ...row,
      url: input.url ?? row.url,
      description: input.description ?? row.description,
      events: input.events ? JSON.stringify(checkEvents(input.events)) : row.events,
      enabled: input.enabled === undefined ? row.enabled : input.enabled ? 1 : 0,
      disabled_reason: input.enabled === true ? null : row.disabled_reason,
      updated_at: isoWithOffset(this.clock.now()),
    };
    await this.db
      .updateTable('webhook_endpoints')
      .set({
        url: next.url,
        description: next.description,
        events: next.events,
        enabled: next.enabled,
        disabled_reason: next.disabled_reason,
        updated_at: next.updated_at,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    return info(next);
  }

  /** Removes an endpoint and its deliveries. @throws DomainError `not_found`. */
  async deleteEndpoint(tenantId: string, id: string): Promise<EndpointInfo> {
    const row = await this.endpointRow(tenantId, id);
    await this.db
      .deleteFrom('webhook_attempts')
      .where('tenant_id', '=', tenantId)
      .where('endpoint_id', '=', id)
      .execute();
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('tenant_id', '=', tenantId)
      .where('endpoint_id', '=', id)
      .execute();
    await this.db.deleteFrom('webhook_endpoints').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    return info(row);
  }

  /** The endpoint's latest deliveries (newest first, at most `limit`) with their attempts. @throws DomainError `not_found`. */
  async listDeliveries(tenantId: string, endpointId: string, limit: number): Promise<DeliveryInfo[]> {
    await this.endpointRow(tenantId, endpointId);
    const rows = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(['d.id', 'd.event_id', 'e.type', 'd.status', 'd.attempts', 'd.next_ms', 'd.delivered_ms', 'd.last_error'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.position', 'desc')
      .limit(limit)
      .execute();
    const attempts = rows.length
      ? await this.db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where(
            'delivery_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('at_ms')
          .execute()
      : [];
    const iso = (ms: number | string | null) => (ms === null ? null : isoWithOffset(new Date(Number(ms)), 0));
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      type: r.type,
      status: r.status as DeliveryInfo['status'],
      attempts: r.attempts,
      nextAttemptAt: r.status === 'pending' ? iso(r.next_ms) : null,
      deliveredAt: iso(r.delivered_ms),
      lastError: r.last_error,
      log: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ at: iso(a.at_ms)!, statusCode: a.status_code, error: a.error, durationMs: a.duration_ms })),
    }));
  }

  /**
   * Sends a delivery again now (failed or delivered), with the same `webhook-id`, so a receiver
   * that already has it can drop it. @throws DomainError `not_found`.
   */
  async replay(tenantId: string, endpointId: string, deliveryId: string): Promise<void> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_ms: this.clock.now().getTime(), last_error: null })
      .where('tenant_id', '=', tenantId)
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Entrega');
  }

  /** The endpoint's secret in clear, for signing (the worker only). */
  openSecret(row: Pick<Row, 'secret_sealed'>): string {
    return this.box.open(row.secret_sealed, ENDPOINT_SECRET);
  }
}
