/**
 * The account's WhatsApp integration over the server tables: credentials (sealed at rest, never
 * answered, never logged), opt-ins and the provider message ids. Every method is scoped by tenant.
 */
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { WhatsAppTables } from './whatsapp-tables.js';

const TOKEN = 'whatsapp-token';
const APP_SECRET = 'whatsapp-app-secret';
const VERIFY_TOKEN = 'whatsapp-verify-token';

/** Credentials as the adapter uses them (in memory only, for one call). */
export interface WhatsAppCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  apiVersion: string;
  baseUrl: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** What the API shows of the credentials: never a secret. */
export interface WhatsAppCredentialsInfo {
  phoneNumberId: string;
  businessAccountId: string;
  apiVersion: string;
  baseUrl: string;
  /** The token's last 4 characters, so an admin can tell which one is set. */
  tokenHint: string;
  updatedAt: string;
}

/** The integration's data access. */
export class WhatsAppService {
  readonly db: Kysely<WhatsAppTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
  ) {
    this.db = database.kysely.withTables<WhatsAppTables>();
  }

  /** Sets (or replaces) the account's credentials. */
  async configure(tenantId: string, c: WhatsAppCredentials): Promise<WhatsAppCredentialsInfo> {
    const row = {
      tenant_id: tenantId,
      phone_number_id: c.phoneNumberId,
      business_account_id: c.businessAccountId,
      api_version: c.apiVersion,
      base_url: c.baseUrl.replace(/\/+$/, ''),
      token_sealed: this.box.seal(c.accessToken, TOKEN),
      app_secret_sealed: this.box.seal(c.appSecret, APP_SECRET),
      verify_token_sealed: this.box.seal(c.verifyToken, VERIFY_TOKEN),
      updated_at: isoWithOffset(this.clock.now()),
    };
    const { tenant_id: _t, ...changes } = row;
    await this.db
      .insertInto('whatsapp_credentials')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
      .execute();
    return (await this.info(tenantId))!;
  }

  /** The account's credentials without secrets; undefined when not configured. */
  async info(tenantId: string): Promise<WhatsAppCredentialsInfo | undefined> {
    const row = await this.db
      .selectFrom('whatsapp_credentials')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      phoneNumberId: row.phone_number_id,
      businessAccountId: row.business_account_id,
      apiVersion: row.api_version,
      baseUrl: row.base_url,
      tokenHint: `…${this.box.open(row.token_sealed, TOKEN).slice(-4)}`,
      updatedAt: row.updated_at,
    };
  }

  /** The account's credentials opened, for one call; undefined when not configured. */
  async credentials(tenantId: string): Promise<WhatsAppCredentials | undefined> {
    const row = await this.db
      .selectFrom('whatsapp_credentials')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      phoneNumberId: row.phone_number_id,
      businessAccountId: row.business_account_id,
      apiVersion: row.api_version,
      baseUrl: row.base_url,
      accessToken: this.box.open(row.token_sealed, TOKEN),
      appSecret: this.box.open(row.app_secret_sealed, APP_SECRET),
      verifyToken: this.box.open(row.verify_token_sealed, VERIFY_TOKEN),
    };
  }

  /** Removes the credentials. @throws DomainError `not_found` when none are set. */
  async remove(tenantId: string): Promise<void> {
    const result = await this.db
      .deleteFrom('whatsapp_credentials')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'Integração WhatsApp não configurada');
  }

  /** Records (or revokes, `optedIn: false`) a phone's consent. */
  async setOptIn(
    tenantId: string,
    input: { phone: string; patientId: string | null; optedIn: boolean; source: string; by: string },
  ): Promise<{ phone: string; optedIn: boolean; at: string }> {
    const at = isoWithOffset(this.clock.now());
    if (input.optedIn) {
      const row = {
        tenant_id: tenantId,
        phone: input.phone,
        patient_id: input.patientId,
        source: input.source,
        recorded_by: input.by,
        opted_in_at: at,
        revoked_at: null,
      };
      await this.db
        .insertInto('whatsapp_opt_ins')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'phone']).doUpdateSet({
            patient_id: row.patient_id,
            source: row.source,
            recorded_by: row.recorded_by,
            opted_in_at: at,
            revoked_at: null,
          }),
        )
        .execute();
    } else {
      await this.db
        .updateTable('whatsapp_opt_ins')
        .set({ revoked_at: at })
        .where('tenant_id', '=', tenantId)
        .where('phone', '=', input.phone)
        .execute();
    }
    return { phone: input.phone, optedIn: input.optedIn, at };
  }

  /** True when `phone` opted in and did not revoke. */
  async hasOptIn(tenantId: string, phone: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('whatsapp_opt_ins')
      .select('revoked_at')
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  /** Remembers which outbox message a provider id is. */
  async track(tenantId: string, wamid: string, outboxMessageId: string): Promise<void> {
    await this.db
      .insertInto('whatsapp_messages')
      .values({
        wamid,
        tenant_id: tenantId,
        outbox_message_id: outboxMessageId,
        status: 'accepted',
        error: null,
        updated_at: isoWithOffset(this.clock.now()),
      })
      .onConflict((oc) => oc.column('wamid').doNothing())
      .execute();
  }

  /** Records a status from the webhook; @returns the outbox message id, undefined for an unknown id. */
  async setStatus(tenantId: string, wamid: string, status: string, error: string | null): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('whatsapp_messages')
      .select('outbox_message_id')
      .where('tenant_id', '=', tenantId)
      .where('wamid', '=', wamid)
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db
      .updateTable('whatsapp_messages')
      .set({ status, error, updated_at: isoWithOffset(this.clock.now()) })
      .where('wamid', '=', wamid)
      .execute();
    return row.outbox_message_id;
  }

  /** The provider statuses of an outbox message (newest first). */
  async statusOf(
    tenantId: string,
    outboxMessageId: string,
  ): Promise<{ wamid: string; status: string; error: string | null; updatedAt: string }[]> {
    const rows = await this.db
      .selectFrom('whatsapp_messages')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('outbox_message_id', '=', outboxMessageId)
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map((r) => ({ wamid: r.wamid, status: r.status, error: r.error, updatedAt: r.updated_at }));
  }
}
