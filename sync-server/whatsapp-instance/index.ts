/**
 * The self-hosted WhatsApp instance integration (issue 27, Evolution API v2): the account's instance
 * configuration sealed at rest, the adapter behind the messaging provider port (and the choice between
 * it and the Cloud API), the ChatBot / Communication Center operations and the instance's webhook.
 */
export { evolutionClient, INSTANCE_EVENTS, type EvolutionClient, type EvolutionTarget } from './evolution-client.js';
export { instanceOperations, type InstanceOpsDeps } from './instance-ops.js';
export { instanceWhatsApp, routedWhatsApp } from './instance-provider.js';
export { InstanceService, type InstanceInfo } from './instance-service.js';
export { instanceMigrations, type InstanceTables } from './instance-tables.js';
export { INSTANCE_STATUS, mountInstanceWebhook } from './instance-webhook.js';
