/**
 * The account's self-hosted WhatsApp instance over the server table: its configuration with both keys
 * sealed (never answered, never logged), and the connection state the provider reports. Every method
 * is scoped by tenant.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { SqlDatabase } from '../store/index.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { EvolutionTarget } from './evolution-client.js';
import type { InstanceTables } from './instance-tables.js';

const API_KEY = 'evolution-api-key';
const INSTANCE_TOKEN = 'evolution-instance-token';

/** What the API shows of the configuration: never a key. */
export interface InstanceInfo {
  provider: 'evolution';
  baseUrl: string;
  instanceName: string;
  instanceId: string | null;
  webhookUrl: string | null;
  /** `created`, then `connecting`, `open` or `close` as the provider reports. */
  state: string;
  /** The API key's last 4 characters, so an admin can tell which one is set. */
  apiKeyHint: string;
  createdAt: string;
  updatedAt: string;
}

/** A new configuration. */
export interface NewInstance {
  baseUrl: string;
  instanceName: string;
  apiKey: string;
  webhookUrl: string | null;
}

/** The integration's data access. */
export class InstanceService {
  readonly db: Kysely<InstanceTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
  ) {
    this.db = database.kysely.withTables<InstanceTables>();
  }

  /** A fresh instance key (the provider echoes it in webhook events, which proves them). */
  static newInstanceToken(): string {
    return randomBytes(24).toString('base64url');
  }

  /** Stores a configuration whose instance the provider created. */
  async insert(tenantId: string, c: NewInstance, token: string, instanceId: string | null): Promise<InstanceInfo> {
    const now = isoWithOffset(this.clock.now());
    await this.db
      .insertInto('whatsapp_instances')
      .values({
        tenant_id: tenantId,
        base_url: c.baseUrl.replace(/\/+$/, ''),
        instance_name: c.instanceName,
        api_key_sealed: this.box.seal(c.apiKey, API_KEY),
        instance_token_sealed: this.box.seal(token, INSTANCE_TOKEN),
        instance_id: instanceId,
        webhook_url: c.webhookUrl,
        state: 'created',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return (await this.info(tenantId))!;
  }

  /** Changes the stored address or global key (the instance itself stays). */
  async update(tenantId: string, changes: { baseUrl?: string; apiKey?: string }): Promise<InstanceInfo | undefined> {
    const set: Partial<InstanceTables['whatsapp_instances']> = { updated_at: isoWithOffset(this.clock.now()) };
    if (changes.baseUrl !== undefined) set.base_url = changes.baseUrl.replace(/\/+$/, '');
    if (changes.apiKey !== undefined) set.api_key_sealed = this.box.seal(changes.apiKey, API_KEY);
    await this.db.updateTable('whatsapp_instances').set(set).where('tenant_id', '=', tenantId).execute();
    return this.info(tenantId);
  }

  /** The configuration without keys; undefined when there is none. */
  async info(tenantId: string): Promise<InstanceInfo | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    return {
      provider: 'evolution',
      baseUrl: row.base_url,
      instanceName: row.instance_name,
      instanceId: row.instance_id,
      webhookUrl: row.webhook_url,
      state: row.state,
      apiKeyHint: `…${this.box.open(row.api_key_sealed, API_KEY).slice(-4)}`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** True when the account sends WhatsApp through an instance. */
  async configured(tenantId: string): Promise<boolean> {
    return (await this.row(tenantId)) !== undefined;
  }

  /**
   * Where to call, for one call: `global` with the global key (create, delete), `instance` with the
   * instance's own key (connect, state, sends). Undefined when not configured.
   */
  async target(tenantId: string, as: 'global' | 'instance'): Promise<EvolutionTarget | undefined> {
    const row = await this.row(tenantId);
    if (!row) return undefined;
    const apiKey =
      as === 'global'
        ? this.box.open(row.api_key_sealed, API_KEY)
        : this.box.open(row.instance_token_sealed, INSTANCE_TOKEN);
    return { baseUrl: row.base_url, apiKey, instanceName: row.instance_name };
  }

  /** True when `given` is the instance key of the account's instance named `instance` (a webhook event). */
  async provesInstance(tenantId: string, instance: unknown, given: unknown): Promise<boolean> {
    const row = await this.row(tenantId);
    if (!row || instance !== row.instance_name || typeof given !== 'string') return false;
    const expected = Buffer.from(this.box.open(row.instance_token_sealed, INSTANCE_TOKEN));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Records the connection state the provider reported. */
  async setState(tenantId: string, state: string): Promise<void> {
    await this.db
      .updateTable('whatsapp_instances')
      .set({ state: state.slice(0, 32), updated_at: isoWithOffset(this.clock.now()) })
      .where('tenant_id', '=', tenantId)
      .execute();
  }

  /** Drops the configuration. @returns false when there was none. */
  async remove(tenantId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('whatsapp_instances').where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private row(tenantId: string) {
    return this.db.selectFrom('whatsapp_instances').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  }
}
