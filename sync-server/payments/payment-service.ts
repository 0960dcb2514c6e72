/**
 * The account's payment-provider integration over the server tables: credentials (sealed at rest,
 * never answered, never logged), the provider's customer of each patient, and the charges with their
 * settlement. Every method is scoped by tenant.
 */
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { PaymentTables } from './payment-tables.js';

const API_KEY = 'payment-api-key';
const WEBHOOK_TOKEN = 'payment-webhook-token';

/** Credentials as the adapter uses them (in memory only, for one call). */
export interface PaymentCredentials {
  provider: 'asaas';
  baseUrl: string;
  apiKey: string;
  webhookToken: string;
  /** The finance account receipts land in. */
  account?: string | undefined;
}

/** What the API shows of the credentials: never a secret. */
export interface PaymentCredentialsInfo {
  provider: 'asaas';
  baseUrl: string;
  /** The API key's last 4 characters, so an admin can tell which one is set. */
  apiKeyHint: string;
  account?: string;
  updatedAt: string;
}

/** A charge as kept here. */
export type ChargeRow = PaymentTables['payment_charges'];

/** The integration's data access. */
export class PaymentService {
  readonly db: Kysely<PaymentTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
  ) {
    this.db = database.kysely.withTables<PaymentTables>();
  }

  private now(): string {
    return isoWithOffset(this.clock.now());
  }

  /** Sets (or replaces) the account's credentials. */
  async configure(tenantId: string, c: PaymentCredentials): Promise<PaymentCredentialsInfo> {
    const row = {
      tenant_id: tenantId,
      provider: c.provider,
      base_url: c.baseUrl.replace(/\/+$/, ''),
      api_key_sealed: this.box.seal(c.apiKey, API_KEY),
      webhook_token_sealed: this.box.seal(c.webhookToken, WEBHOOK_TOKEN),
      account_id: c.account ?? null,
      updated_at: this.now(),
    };
    const { tenant_id: _t, ...changes } = row;
    await this.db
      .insertInto('payment_credentials')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
      .execute();
    return (await this.info(tenantId))!;
  }

  /** The account's credentials without secrets; undefined when not configured. */
  async info(tenantId: string): Promise<PaymentCredentialsInfo | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    return {
      provider: 'asaas',
      baseUrl: row.base_url,
      apiKeyHint: `…${this.box.open(row.api_key_sealed, API_KEY).slice(-4)}`,
      ...(row.account_id ? { account: row.account_id } : {}),
      updatedAt: row.updated_at,
    };
  }

  /** The account's credentials opened, for one call; undefined when not configured. */
  async credentials(tenantId: string): Promise<PaymentCredentials | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    return {
      provider: 'asaas',
      baseUrl: row.base_url,
      apiKey: this.box.open(row.api_key_sealed, API_KEY),
      webhookToken: this.box.open(row.webhook_token_sealed, WEBHOOK_TOKEN),
      ...(row.account_id ? { account: row.account_id } : {}),
    };
  }

  private row(tenantId: string) {
    return this.db.selectFrom('payment_credentials').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  }

  /** Removes the credentials. @throws DomainError `not_found` when none are set. */
  async remove(tenantId: string): Promise<void> {
    const result = await this.db.deleteFrom('payment_credentials').where('tenant_id', '=', tenantId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new DomainError('not_found', 'Provedor de pagamentos não configurado');
  }

  /** The provider's customer id of a patient, when one was registered. */
  async customerOf(tenantId: string, patientId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('tenant_id', '=', tenantId)
      .where('patient_id', '=', patientId)
      .executeTakeFirst();
    return row?.customer_id;
  }

  /** Remembers the provider's customer of a patient. */
  async rememberCustomer(tenantId: string, patientId: string, customerId: string): Promise<void> {
    await this.db
      .insertInto('payment_customers')
      .values({ tenant_id: tenantId, patient_id: patientId, customer_id: customerId })
      .onConflict((oc) => oc.columns(['tenant_id', 'patient_id']).doUpdateSet({ customer_id: customerId }))
      .execute();
  }

  /** Records a charge just created at the provider. */
  async addCharge(
    tenantId: string,
    charge: { id: string; bill: string; method: string; valueCentavos: number; providerStatus: string },
  ): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('payment_charges')
      .values({
        charge_id: charge.id,
        tenant_id: tenantId,
        bill_id: charge.bill,
        method: charge.method,
        value_centavos: charge.valueCentavos,
        status: 'pending',
        provider_status: charge.providerStatus,
        payment_id: null,
        problem: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  /** One charge of the account. */
  async charge(tenantId: string, chargeId: string): Promise<ChargeRow | undefined> {
    return this.db
      .selectFrom('payment_charges')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('charge_id', '=', chargeId)
      .executeTakeFirst();
  }

  /** The charges of a bill, newest first. */
  async chargesOf(tenantId: string, billId: string): Promise<ChargeRow[]> {
    return this.db
      .selectFrom('payment_charges')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('bill_id', '=', billId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * Claims a pending charge for settlement: true for exactly one caller, however many webhooks for
   * it arrive at once (a conditional update; the database serializes it).
   */
  async claim(chargeId: string, providerStatus: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_charges')
      .set({ status: 'settling', provider_status: providerStatus, updated_at: this.now() })
      .where('charge_id', '=', chargeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends a settlement: `received` with the payment, `review` with the problem, or back to `pending`. */
  async settle(
    chargeId: string,
    outcome: { status: 'received' | 'review' | 'pending' | 'refunded'; payment?: string; problem?: string },
  ): Promise<void> {
    await this.db
      .updateTable('payment_charges')
      .set({
        status: outcome.status,
        ...(outcome.payment ? { payment_id: outcome.payment } : {}),
        problem: outcome.problem ?? null,
        updated_at: this.now(),
      })
      .where('charge_id', '=', chargeId)
      .execute();
  }

  /** Records the provider's latest status word of a charge. */
  async noteProviderStatus(chargeId: string, providerStatus: string): Promise<void> {
    await this.db
      .updateTable('payment_charges')
      .set({ provider_status: providerStatus, updated_at: this.now() })
      .where('charge_id', '=', chargeId)
      .execute();
  }
}
