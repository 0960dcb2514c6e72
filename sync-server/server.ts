import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { guardStore } from '#core/access/guarded-store.js';
import { allCollections, allOperations } from '#core/catalogue.js';
import { systemClock, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/index.js';
import type { Outbox } from '#core/outbox.js';
import { createRegistry, type Registry } from '#core/registry.js';
import { readSyncWindows, type SyncWindows } from '#core/sync/windows.js';
import { createApp } from './app.js';
import type { AccountsAndKeys } from './auth/api-keys.js';
import {
  accessAuthenticator,
  authMigrations,
  createAccessServices,
  readAccessConfig,
  serverAccessOperations,
  type AccessConfig,
  type AccessServices,
} from './auth/index.js';
import { installServerModules, serverModuleOperations } from './catalogue.js';
import type { ServerConfig } from './config.js';
import {
  asaasProvider,
  digitalTransferOperations,
  mountAsaasWebhook,
  paymentMigrations,
  PaymentService,
  providerPaymentOperations,
} from './payments/index.js';
import { limitTotemAttempts } from './ticket/totem-limit.js';
import { totemLoginOperations } from './ticket/totem-login-ops.js';
import { withRecordReaders } from './medical-record/record-read-ops.js';
import type { InsurerTransport } from '#core/billing/insurer-transport.js';
import { Devices, deviceOperations, mountSyncRoutes, syncMigrations } from './sync/index.js';
import { numberSeriesMigrations, serverNumberSource } from './numbering/number-series.js';
import { operationContexts, SERVER_TENANT } from './operation-context.js';
import { openSqlDatabase, type SqlDatabase, type StoreTables } from './store/index.js';
import { repairExposedInvitations } from './auth/exposed-invitations.js';
import { signingKey } from './auth/secrets.js';
import { ChangeHub } from './sync/change-hub.js';
import { buildClinicalParts, clinicalMigrations, type ClinicalParts } from './clinical-integrations.js';
import type { FileStorage } from './files/file-storage.js';
import { buildIntegrations, integrationMigrations, type Integrations } from './messaging-integrations.js';
import {
  serverSecretBox,
  webhookMigrations,
  webhookOperations,
  WebhookService,
  type SecretBox,
} from './webhooks/index.js';
import {
  cloudWhatsApp,
  mountWhatsAppWebhook,
  whatsappMigrations,
  whatsappOperations,
  WhatsAppService,
  type CloudWhatsApp,
} from './whatsapp/index.js';
import {
  mountPanelSocket,
  PanelFeed,
  SocketIds,
  websocketOperations,
  type WebSocketServing,
} from './websocket/index.js';

export { startServerDelivery, startServerWebhooks } from './server-workers.js';

/** The package version, shown by /health and /openapi.json. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Every server-only table: credentials, sessions, audit, number series, installations and sync review. */
export const serverMigrations = {
  ...authMigrations,
  ...numberSeriesMigrations,
  ...syncMigrations,
  ...webhookMigrations,
  ...whatsappMigrations,
  ...paymentMigrations,
  ...clinicalMigrations,
  ...integrationMigrations,
};

/** A ready server: the app to serve and what to close on shutdown. */
export interface BuiltServer {
  app: Hono;
  database: SqlDatabase;
  keys: AccountsAndKeys;
  /** Every operation the app mounts: the catalogue's and the server's own (login, sessions…). */
  registry: Registry;
  access: AccessServices;
  /** Enrolled installations and their device tokens. */
  devices: Devices;
  /** Attaches the websocket upgrade (`/v1/websocket/endpoint`) to the listening Node server. */
  websocket: WebSocketServing;
  /** Accounts' webhook endpoints, settings and delivery log (the worker: {@link startServerWebhooks}). */
  webhooks: WebhookService;
  /** Seals integration secrets at rest (`CLINIC_SECRETS_KEY`). */
  secrets: SecretBox;
  /** Accounts' WhatsApp Business credentials and opt-ins, and the Cloud API adapter. */
  whatsapp: { service: WhatsAppService; cloud: CloudWhatsApp };
  /** The self-hosted WhatsApp instance, SMS and workflow credentials (messaging-integrations.ts). */
  integrations: Integrations;
  /** Accounts' payment-provider credentials and online charges (the Asaas adapter). */
  payments: PaymentService;
  /** The attendance's files, reports (laudos) and shares, over the file storage (`CLINIC_FILES`). */
  documents: ClinicalParts['documents'];
  /** Insurers' TISS web-service connections and the protocol-status job (`start` it to time it). */
  tiss: ClinicalParts['tiss'];
  /** Accounts' transcription settings, submitted audios and the job transcribing them (`start` it). */
  transcription: ClinicalParts['transcription'];
}

/** What tests (and embedders) may set instead of the environment and the machine's clock. */
export interface BuildOptions {
  access?: Partial<AccessConfig>;
  clock?: Clock;
  /** Replaces the durable outbox (tests that read what was queued without a delivery worker). */
  outbox?: Outbox;
  /** Sync windows per collection; default `CLINIC_SYNC_WINDOWS` over `DEFAULT_SYNC_WINDOWS`. */
  syncWindows?: SyncWindows;
  /** Base64 of the 32-byte key sealing integration secrets; default `CLINIC_SECRETS_KEY`. */
  secretsKey?: string;
  /** Where attendance files go; default `CLINIC_FILES` (sync-server/files/storage-config.ts). */
  files?: FileStorage;
  /** The insurers' TISS web services; default the SOAP adapter. */
  insurerTransport?: InsurerTransport;
}

/**
 * Opens the database (running migrations), registers `CLINIC_API_KEY` on first start, and builds
 * the app. Does not listen: `main.ts` does, tests call `app.request()`. Access settings come from
 * the environment (`CLINIC_JWT_SECRET`, `CLINIC_TRUST_PROXY`, `CLINIC_SIGNUP`, `CLINIC_API_KEY_RATE`)
 * unless `options.access` sets them.
 *
 * @throws Error when the database cannot be opened or an access setting is malformed.
 */
export async function buildServer(
  config: ServerConfig,
  logger: Logger,
  options: BuildOptions = {},
): Promise<BuiltServer> {
  const database = await openSqlDatabase({
    url: config.databaseUrl,
    collections: allCollections,
    migrations: serverMigrations,
  });
  try {
    return await assembleServer(database, config, logger, options);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Builds the server over a database already opened with `allCollections` and {@link serverMigrations}
 * (tests open PostgreSQL in a schema of their own and call this).
 */
export async function assembleServer(
  database: SqlDatabase,
  config: Pick<ServerConfig, 'apiKey' | 'bodyLimit'>,
  logger: Logger,
  options: BuildOptions = {},
): Promise<BuiltServer> {
  installServerModules();
  const clock = options.clock ?? systemClock;
  const accessConfig = { ...readAccessConfig(process.env), ...options.access };
  const access = await createAccessServices(database, accessConfig, clock, uuidV7Ids, options.outbox);
  if (config.apiKey) {
    const { tenantId, replaced } = await access.keys.registerEnvKey(config.apiKey);
    logger.info({ tenantId }, 'CLINIC_API_KEY registered for the account');
    if (replaced.length > 0) {
      logger.warn(
        { tenantId, revoked: replaced.map((k) => k.prefix) },
        'CLINIC_API_KEY changed: the key of the previous start was revoked and no longer works',
      );
    }
  }
  const repair = await repairExposedInvitations(access);
  if (repair.scrubbed > 0) {
    logger.warn(repair, 'invitation tokens removed from clinic outboxes; open invitations sent again (issue 17)');
  }
  const devices = new Devices(database, clock, uuidV7Ids);
  const secrets = await serverSecretBox(
    database.kysely.withTables(),
    clock,
    options.secretsKey ?? process.env.CLINIC_SECRETS_KEY,
    (message) => logger.warn(message),
  );
  const webhooks = new WebhookService(database, secrets, clock, uuidV7Ids);
  const whatsapp = new WhatsAppService(database, secrets, clock);
  const cloud = cloudWhatsApp(whatsapp);
  const payments = new PaymentService(database, secrets, clock);
  const paymentProvider = async (tenantId: string) => {
    const credentials = await payments.credentials(tenantId);
    return credentials && asaasProvider(credentials);
  };
  const clinical = await buildClinicalParts({
    database,
    secrets,
    clock,
    access,
    logger,
    allowPrivate: (tenantId) => webhooks.allowPrivate(tenantId),
    ...(options.files ? { files: options.files } : {}),
    ...(options.insurerTransport ? { insurerTransport: options.insurerTransport } : {}),
  });
  const hub = new ChangeHub(database.kysely.withTables<StoreTables>(), 1000, database.listen, database.feed);
  // The one context builder: REST, pushes and the panel feed all take their contexts from it.
  const contexts = operationContexts({
    database,
    clock,
    ids: uuidV7Ids,
    outbox: options.outbox ? () => options.outbox! : (store) => storeOutbox(store, clock, uuidV7Ids),
    numbers: (tenantId) => serverNumberSource(database, tenantId),
    guard: (store, actor, origin) => guardStore(store, { actor, audit: access.audit, ...(origin ? { origin } : {}) }),
  });
  const integrations = buildIntegrations({
    database,
    secrets,
    clock,
    audit: access.audit,
    contexts,
    webhooks,
    whatsapp,
    cloud,
  });
  const panels = new PanelFeed({ hub, contexts, logger });
  const socketIds = new SocketIds(await signingKey(database.kysely.withTables(), clock, accessConfig.jwtSecret), clock);
  const registry = createRegistry([
    // Records are read by their attending professional, accepted shares and admins (MED-055).
    ...withRecordReaders(limitTotemAttempts(allOperations, access.limits), clinical.documents),
    ...serverAccessOperations(access),
    ...deviceOperations(devices),
    ...serverModuleOperations,
    ...clinical.operations,
    ...totemLoginOperations(access),
    ...websocketOperations(socketIds),
    ...webhookOperations(webhooks, access.audit),
    ...whatsappOperations(whatsapp, cloud, access.audit),
    ...integrations.operations,
    ...providerPaymentOperations(payments, paymentProvider, access.audit),
    // Transfer tokens go through the server's own outbox: no installation replicates it.
    ...digitalTransferOperations(
      payments,
      paymentProvider,
      options.outbox ?? storeOutbox(database.forTenant(SERVER_TENANT), clock, uuidV7Ids),
    ),
  ]);
  const settle = () => access.audit.flush();
  const app = createApp({
    registry,
    database,
    authenticate: accessAuthenticator(access),
    contexts,
    settle,
    trustProxy: accessConfig.trustProxy,
    logger,
    bodyLimit: config.bodyLimit,
    ping: () => database.ping(),
    version: VERSION,
  });
  mountSyncRoutes(app, {
    database,
    devices,
    collections: allCollections,
    contexts,
    audit: access.audit,
    settle,
    trustProxy: accessConfig.trustProxy,
    hub,
    windows: options.syncWindows ?? readSyncWindows(process.env.CLINIC_SYNC_WINDOWS),
    sharedWith: (tenantId, userId) => clinical.documents.sharedWith(tenantId, userId),
  });
  const websocket = mountPanelSocket(app, { ids: socketIds, feed: panels });
  mountWhatsAppWebhook(app, {
    service: whatsapp,
    storeFor: (_tenantId, actor) => contexts.storeFor(actor, { ip: '', userAgent: 'whatsapp-webhook' }),
    logger,
  });
  integrations.mount(app, logger);
  mountAsaasWebhook(app, {
    service: payments,
    contextFor: (actor) => contexts.forActor(actor, { ip: '', userAgent: 'payment-webhook' }),
    logger,
  });
  return {
    app,
    database,
    keys: access.keys,
    registry,
    access,
    devices,
    websocket,
    webhooks,
    secrets,
    whatsapp: { service: whatsapp, cloud },
    integrations,
    payments,
    documents: clinical.documents,
    tiss: clinical.tiss,
    transcription: clinical.transcription,
  };
}
