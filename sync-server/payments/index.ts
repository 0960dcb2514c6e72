/**
 * The payment-provider integration (issue 24, FIN-010): per-account credentials sealed at rest, the
 * Asaas API v3 adapter behind core's payment-provider port, the provider-backed Finance operations
 * and the provider's webhook that pays a bill once.
 */
export { asaasProvider } from './asaas-provider.js';
export { mountAsaasWebhook } from './asaas-webhook.js';
export { digitalTransferOperations, financeTemplates, TRANSFER_TOKEN_TEMPLATE } from './digital-transfers.js';
export { providerPaymentOperations, type ProviderFactory } from './payment-ops.js';
export { PaymentService, type PaymentCredentials, type PaymentCredentialsInfo } from './payment-service.js';
export { paymentMigrations, type PaymentTables } from './payment-tables.js';
