/**
 * Delivery of the outbox (core/messaging): provider ports and the SMTP adapter, templates and
 * attachment resolvers other modules register, and the worker that sends.
 */
export { AttachmentRegistry, MAX_ATTACHMENT_BYTES, attachments, registerAttachment } from './attachments.js';
export type { AttachmentResolver } from './attachments.js';
export { startDelivery, type Delivery, type DeliveryOptions, type DeliveryReport } from './delivery.js';
export {
  SendFailure,
  type EmailProvider,
  type OutgoingAttachment,
  type OutgoingEmail,
  type OutgoingWhatsApp,
  type Providers,
  type SendOptions,
  type SendReceipt,
  type WhatsAppProvider,
} from './providers.js';
export { deliverableChannels, sendMessage, type SendDeps } from './send-message.js';
export {
  providersFromConfig,
  readMessagingConfig,
  smtpEmailProvider,
  smtpFailure,
  type MessagingConfig,
  type SmtpOptions,
} from './smtp.js';
export {
  TEST_TEMPLATE,
  TemplateRegistry,
  escapeHtml,
  registerTemplate,
  templates,
  type RenderedMessage,
  type TemplateRender,
} from './templates.js';
export { recordingWhatsApp, type RecordingWhatsApp } from './whatsapp-recording.js';
