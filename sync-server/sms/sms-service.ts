/**
 * The account's SMS integration over the server tables: credentials (sealed at rest, never answered,
 * never logged) and the provider's message ids with their statuses. Every method is scoped by tenant.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { SmsTables } from './sms-tables.js';

const TOKEN = 'sms-api-token';
const CALLBACK = 'sms-callback-token';

/** Credentials as the adapter uses them (in memory only, for one call). */
export interface SmsCredentials {
  baseUrl: string;
  sender: string;
  apiToken: string;
}

/** What the API shows of the credentials: never a secret. */
export interface SmsCredentialsInfo {
  provider: 'zenvia';
  baseUrl: string;
  sender: string;
  /** The token's last 4 characters. */
  tokenHint: string;
  updatedAt: string;
}

/** The integration's data access. */
export class SmsService {
  readonly db: Kysely<SmsTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
  ) {
    this.db = database.kysely.withTables<SmsTables>();
  }

  /**
   * Sets (or replaces) the credentials with a fresh callback token.
   * @returns what the API shows and the callback token (answered once, to register at the provider).
   */
  async configure(tenantId: string, c: SmsCredentials): Promise<{ info: SmsCredentialsInfo; callbackToken: string }> {
    const callbackToken = randomBytes(24).toString('base64url');
    const row = {
      tenant_id: tenantId,
      base_url: c.baseUrl.replace(/\/+$/, ''),
      sender: c.sender,
      token_sealed: this.box.seal(c.apiToken, TOKEN),
      callback_token_sealed: this.box.seal(callbackToken, CALLBACK),
      updated_at: isoWithOffset(this.clock.now()),
    };
    const { tenant_id: _t, ...changes } = row;
    await this.db
      .insertInto('sms_credentials')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
      .execute();
    return { info: (await this.info(tenantId))!, callbackToken };
  }

  /** The credentials without secrets; undefined when not configured. */
  async info(tenantId: string): Promise<SmsCredentialsInfo | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    return {
      provider: 'zenvia',
      baseUrl: row.base_url,
      sender: row.sender,
      tokenHint: `…${this.box.open(row.token_sealed, TOKEN).slice(-4)}`,
      updatedAt: row.updated_at,
    };
  }

  /** The credentials opened, for one call; undefined when not configured. */
  async credentials(tenantId: string): Promise<SmsCredentials | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    return { baseUrl: row.base_url, sender: row.sender, apiToken: this.box.open(row.token_sealed, TOKEN) };
  }

  /** True when `given` is the account's callback token. */
  async provesCallback(tenantId: string, given: string): Promise<boolean> {
    const row = await this.row(tenantId);
    if (!row) return false;
    const expected = Buffer.from(this.box.open(row.callback_token_sealed, CALLBACK));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Removes the credentials. @returns false when none were set. */
  async remove(tenantId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sms_credentials').where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Remembers which outbox message a provider id is. */
  async track(tenantId: string, providerId: string, outboxMessageId: string): Promise<void> {
    await this.db
      .insertInto('sms_messages')
      .values({
        provider_id: providerId,
        tenant_id: tenantId,
        outbox_message_id: outboxMessageId,
        status: 'accepted',
        error: null,
        updated_at: isoWithOffset(this.clock.now()),
      })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .execute();
  }

  /** Records a status from the callback; @returns the outbox message id, undefined for an unknown id. */
  async setStatus(tenantId: string, providerId: string, status: string, error: string | null) {
    const row = await this.db
      .selectFrom('sms_messages')
      .select('outbox_message_id')
      .where('tenant_id', '=', tenantId)
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db
      .updateTable('sms_messages')
      .set({ status, error, updated_at: isoWithOffset(this.clock.now()) })
      .where('provider_id', '=', providerId)
      .execute();
    return row.outbox_message_id;
  }

  /** The provider statuses of an outbox message. */
  async statusOf(tenantId: string, outboxMessageId: string) {
    const rows = await this.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('outbox_message_id', '=', outboxMessageId)
      .execute();
    return rows.map((r) => ({ providerId: r.provider_id, status: r.status, error: r.error, updatedAt: r.updated_at }));
  }

  private row(tenantId: string) {
    return this.db.selectFrom('sms_credentials').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  }
}
