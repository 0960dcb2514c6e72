/**
 * The SMS integration (issue 27, Zenvia API v2): per-account credentials sealed at rest, the adapter
 * behind the messaging provider port, and the status callback (spec "SMS callback").
 */
export { smsOperations, type SmsOpsDeps } from './sms-ops.js';
export { SmsService, type SmsCredentials, type SmsCredentialsInfo } from './sms-service.js';
export { smsMigrations, type SmsTables } from './sms-tables.js';
export { zenviaSms } from './zenvia-provider.js';
