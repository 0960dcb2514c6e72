/**
 * Each insurer's TISS web-service connection (TISS-022): where its WSDL services answer, which TISS
 * version it speaks, and the provider's login and password (Componente de Segurança, requisito 3).
 * Server-only table: the password is sealed at rest (webhooks/secret-box.ts, purpose bound to the
 * table) and never answered, logged or replicated; a desk sees the login and whether a password is set.
 */
import type { Kysely, Migration } from 'kysely';
import type { InsurerConnection } from '#core/billing/ws-head.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';

// A type alias, not an interface: Kysely needs the implicit index signature of an object type.
export type InsurerConnectionTables = {
  tiss_connections: {
    tenant_id: string;
    insurance_id: string;
    /** Base URL: a service answers at `<base>/<service name>` unless `endpoints` names it. */
    base_url: string;
    /** JSON object service name → URL, for insurers with one URL per WSDL. */
    endpoints: string;
    /** dm_versao (`4.01.00`). */
    version: string;
    login: string | null;
    password_sealed: string | null;
    updated_at: string;
  };
};

/** Migrations of the connection table. */
export const insurerConnectionMigrations: Record<string, Migration> = {
  billing_0001_tiss_connections: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tiss_connections')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('insurance_id', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('endpoints', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('login', 'text')
        .addColumn('password_sealed', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tiss_connections_pk', ['tenant_id', 'insurance_id'])
        .execute();
    },
  },
};

const PASSWORD = 'tiss-provider-password';

/** What an admin sets. `password` undefined keeps the one stored; `null` clears it. */
export interface ConnectionInput {
  baseUrl: string;
  endpoints?: Record<string, string> | undefined;
  version: string;
  login?: string | undefined;
  password?: string | null | undefined;
}

/** What the API shows: never the password. */
export interface ConnectionInfo {
  insurance: string;
  baseUrl: string;
  endpoints: Record<string, string>;
  version: string;
  login?: string;
  passwordSet: boolean;
  updatedAt: string;
}

/** The connections' data access, scoped by tenant. */
export class InsurerConnections {
  readonly db: Kysely<InsurerConnectionTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
  ) {
    this.db = database.kysely.withTables<InsurerConnectionTables>();
  }

  /** Sets (or replaces) an insurer's connection. */
  async configure(tenantId: string, insuranceId: string, c: ConnectionInput): Promise<ConnectionInfo> {
    const before = await this.row(tenantId, insuranceId);
    const password_sealed =
      c.password === undefined
        ? (before?.password_sealed ?? null)
        : c.password === null
          ? null
          : this.box.seal(c.password, PASSWORD);
    const row = {
      tenant_id: tenantId,
      insurance_id: insuranceId,
      base_url: c.baseUrl.replace(/\/+$/, ''),
      endpoints: JSON.stringify(c.endpoints ?? {}),
      version: c.version,
      login: c.login ?? null,
      password_sealed,
      updated_at: isoWithOffset(this.clock.now()),
    };
    const { tenant_id: _t, insurance_id: _i, ...changes } = row;
    await this.db
      .insertInto('tiss_connections')
      .values(row)
      .onConflict((oc) => oc.columns(['tenant_id', 'insurance_id']).doUpdateSet(changes))
      .execute();
    return (await this.info(tenantId, insuranceId))!;
  }

  /** The connection without secrets; undefined when not configured. */
  async info(tenantId: string, insuranceId: string): Promise<ConnectionInfo | undefined> {
    const row = await this.row(tenantId, insuranceId);
    if (!row) return undefined;
    return {
      insurance: row.insurance_id,
      baseUrl: row.base_url,
      endpoints: JSON.parse(row.endpoints) as Record<string, string>,
      version: row.version,
      ...(row.login ? { login: row.login } : {}),
      passwordSet: row.password_sealed !== null,
      updatedAt: row.updated_at,
    };
  }

  /** The connection opened for one call; undefined when not configured. */
  async connection(tenantId: string, insuranceId: string): Promise<InsurerConnection | undefined> {
    const row = await this.row(tenantId, insuranceId);
    if (!row) return undefined;
    const endpoints = JSON.parse(row.endpoints) as Record<string, string>;
    return {
      endpoint: (service) => endpoints[service] ?? `${row.base_url}/${service}`,
      version: row.version,
      login:
        row.login && row.password_sealed
          ? { login: row.login, password: this.box.open(row.password_sealed, PASSWORD) }
          : undefined,
    };
  }

  /** Every (tenant, insurance) with a connection: what the protocol-status job visits. */
  async all(): Promise<{ tenantId: string; insuranceId: string }[]> {
    const rows = await this.db.selectFrom('tiss_connections').select(['tenant_id', 'insurance_id']).execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, insuranceId: r.insurance_id }));
  }

  /** Removes a connection. @throws DomainError `not_found` when none is set. */
  async remove(tenantId: string, insuranceId: string): Promise<void> {
    const result = await this.db
      .deleteFrom('tiss_connections')
      .where('tenant_id', '=', tenantId)
      .where('insurance_id', '=', insuranceId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'Conexão TISS não configurada');
  }

  private row(tenantId: string, insuranceId: string) {
    return this.db
      .selectFrom('tiss_connections')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('insurance_id', '=', insuranceId)
      .executeTakeFirst();
  }
}
