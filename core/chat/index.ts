/** Chat and notifications: what other code imports (re-exports only). */
export * from './chat-records.js';
export * from './chat-ops.js';
export * from './chat-summary.js';
export * from './notification-records.js';
export * from './notification-ops.js';
export * from './notify.js';
export { chatModule } from './module.js';
