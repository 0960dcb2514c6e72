/**
 * Server-only tables of the payment-provider integration (FIN-010): each account's provider
 * credentials (API key and webhook token sealed, secret-box.ts), the provider's customer id of each
 * patient, and every dynamic charge made for a bill with what became of it. Nothing here replicates
 * to installations: a desk sees the payment the webhook appended to the bill, never a credential.
 */
import type { Kysely, Migration } from 'kysely';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type PaymentTables = {
  payment_credentials: {
    tenant_id: string;
    /** `asaas`. */
    provider: string;
    /** `https://api.asaas.com` (production) or `https://api-sandbox.asaas.com`. */
    base_url: string;
    /** The API key (`access_token` header), sealed. */
    api_key_sealed: string;
    /** The token the provider sends in `asaas-access-token` on every webhook, sealed. */
    webhook_token_sealed: string;
    /** The finance account (kind `digital`) the provider's receipts land in, if named. */
    account_id: string | null;
    updated_at: string;
  };
  payment_customers: {
    tenant_id: string;
    patient_id: string;
    customer_id: string;
  };
  /** A dynamic charge; `status` is ours: `pending`, `settling`, `received`, `review`, `refunded`. */
  payment_charges: {
    /** The provider's id (`pay_…`). */
    charge_id: string;
    tenant_id: string;
    bill_id: string;
    method: string;
    value_centavos: number;
    status: string;
    /** The provider's last status word (`PENDING`, `RECEIVED`…). */
    provider_status: string;
    /** The finance payment the webhook appended (set once: a repeated webhook pays nothing). */
    payment_id: string | null;
    /** Why a paid charge could not settle the bill (left for a person). */
    problem: string | null;
    created_at: string;
    updated_at: string;
  };
  /**
   * A transfer out of the digital account: requested, then confirmed with the token e-mailed to the
   * person who asked (the token's SHA-256 only), then sent to the provider.
   */
  payment_transfers: {
    id: string;
    tenant_id: string;
    requested_by: string;
    value_centavos: number;
    pix_key: string;
    pix_key_type: string;
    description: string;
    /** `pending` (awaiting the token), `sending`, `sent`, `failed`, `expired`. */
    status: string;
    token_hash: string;
    token_expires_at: string;
    attempts: number;
    provider_id: string | null;
    provider_status: string | null;
    problem: string | null;
    created_at: string;
    updated_at: string;
  };
};

/** Migrations of the payment tables. */
export const paymentMigrations: Record<string, Migration> = {
  payments_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_credentials')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('api_key_sealed', 'text', (c) => c.notNull())
        .addColumn('webhook_token_sealed', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payment_customers')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('patient_id', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_customers_pk', ['tenant_id', 'patient_id'])
        .execute();
      await db.schema
        .createTable('payment_charges')
        .ifNotExists()
        .addColumn('charge_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('bill_id', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('value_centavos', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_status', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text')
        .addColumn('problem', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_charges_bill')
        .ifNotExists()
        .on('payment_charges')
        .columns(['tenant_id', 'bill_id'])
        .execute();
      await db.schema
        .createTable('payment_transfers')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('value_centavos', 'integer', (c) => c.notNull())
        .addColumn('pix_key', 'text', (c) => c.notNull())
        .addColumn('pix_key_type', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('token_expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('provider_id', 'text')
        .addColumn('provider_status', 'text')
        .addColumn('problem', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
