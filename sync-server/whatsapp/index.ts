/**
 * The WhatsApp Business Cloud API integration (issue 27): per-account credentials sealed at rest,
 * opt-ins, the template-message adapter behind the messaging provider port, and the provider's
 * webhook (statuses, confirmation replies).
 */
export { cloudWhatsApp, type CloudWhatsApp } from './cloud-provider.js';
export { CLOUD_TEMPLATE_NAMES, cloudTemplate } from './cloud-templates.js';
export { mountWhatsAppWebhook, validHubSignature } from './inbound.js';
export { whatsappOperations } from './whatsapp-ops.js';
export { WhatsAppService, type WhatsAppCredentials, type WhatsAppCredentialsInfo } from './whatsapp-service.js';
export { whatsappMigrations, type WhatsAppTables } from './whatsapp-tables.js';
