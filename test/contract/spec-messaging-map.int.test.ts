/**
 * The spec's messaging-related operations (§4.4: Authentication's webhook read, Webhooks, WhatsApp
 * integration, third-party workflow integration, Chat, ChatBot, Communication Center, Notification,
 * SMS callback, Whatsapp; the Schedule and Report Budget sends) mapped to our operation names, so a gap
 * is visible: each mapped operation must exist under the spec's group (its OpenAPI tag); an unmapped
 * one is listed in GAPS with why. Changing either without the other fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';

/** [spec group, the spec's words for the operation, our operation name or null for a gap]. */
const MAP: readonly (readonly [string, string, string | null])[] = [
  ['Authentication', 'get webhook integration configurations', 'auth.webhookConfigurations'],
  ['Webhooks', 'edit the account webhook integration configuration', 'webhook.editConfiguration'],
  ['Webhooks', 'get the account webhook integration configuration', 'webhook.getConfiguration'],
  ['WhatsApp integration', 'remove the integration credentials', 'whatsapp.removeCredentials'],
  ['WhatsApp integration', 'retrieve the integration credentials', 'whatsapp.getCredentials'],
  ['WhatsApp integration', 'configure (through a messaging provider) the credentials', 'whatsapp.configureCredentials'],
  ['Third-party workflow integration', 'delete credentials', 'workflowIntegration.deleteCredentials'],
  ['Third-party workflow integration', 'get credentials', 'workflowIntegration.getCredentials'],
  ['Third-party workflow integration', 'register credentials', 'workflowIntegration.registerCredentials'],
  ['Chat', 'get the read status of a chat', 'chat.readStatus'],
  ['Chat', 'send a message to a user or chat', 'chat.send'],
  ['ChatBot', 'get configuration', 'chatbot.getConfiguration'],
  ['ChatBot', 'create configuration', 'chatbot.createConfiguration'],
  ['ChatBot', 'update configuration', 'chatbot.updateConfiguration'],
  ['Communication Center', 'get instance configuration', 'communicationCenter.getInstance'],
  ['Communication Center', 'get a QR code to connect the instance', 'communicationCenter.qrCode'],
  ['Communication Center', 'delete instance', 'communicationCenter.deleteInstance'],
  ['Notification', 'clear the new-notifications counter', 'notification.clearCounter'],
  ['Notification', 'change the read status', 'notification.setRead'],
  ['SMS callback', 'SMS callback', 'sms.callback'],
  ['Whatsapp', 'get a template by name', 'whatsapp.template'],
  ['Whatsapp', 'get the provider status of a template', 'whatsapp.templateStatus'],
  ['Schedule', 'send e-mail notification to patient', 'appointment.notifyEmail'],
  ['Schedule', 'send messaging-app notification to patient', 'appointment.notifyWhatsapp'],
  ['Report Budget', 'send a budget to the patient by e-mail or messaging app', 'budget.send'],
  ['Websocket', 'open a new websocket endpoint', 'websocket.open'],
  ['Administration', 'broadcast a message about a new update to active users', null],
  ['Administration', 'send a notification that a solicitation was implemented', null],
  ['User', 'save push notification settings', null],
];

/** Why each gap is open (docs/decisions/messaging.md MSG-040). */
const GAPS: Record<string, string> = {
  'broadcast a message about a new update to active users': 'Administration (the operator console), not an account',
  'send a notification that a solicitation was implemented': 'Administration solicitations do not exist yet',
  'save push notification settings': 'no push provider (mobile app) exists; the desk bell needs no setting',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the spec’s messaging operations', () => {
  it('are each one of ours, under the spec’s group', () => {
    const wrong = MAP.filter(([, , name]) => name !== null).flatMap(([group, words, name]) => {
      const op = server.registry.get(name!);
      return op?.group === group && op.http ? [] : [`${group} · ${words} → ${name} (${op ? op.group : 'missing'})`];
    });
    expect(wrong).toEqual([]);
  });

  it('lists every gap with its reason, and nothing else as a gap', () => {
    const gaps = MAP.filter(([, , name]) => name === null).map(([, words]) => words);
    expect(gaps.sort()).toEqual(Object.keys(GAPS).sort());
  });

  it('leaves no operation of these groups unmapped', () => {
    const groups = new Set(
      MAP.filter(
        ([group]) => !['Authentication', 'Schedule', 'Report Budget', 'User', 'Administration'].includes(group),
      ).map(([g]) => g),
    );
    const mapped = new Set(MAP.map(([, , name]) => name));
    const extra = server.registry
      .list()
      .filter((op) => groups.has(op.group) && !mapped.has(op.name))
      .map((op) => `${op.group}: ${op.name}`);
    // Ours beyond the spec's words (listings, endpoints, opt-in, statuses, SMS credentials): named here.
    expect(extra.sort()).toEqual(
      [
        'Chat: chat.list',
        'Chat: chat.markRead',
        'Chat: chat.messages',
        'Communication Center: sms.configureCredentials',
        'Communication Center: sms.getCredentials',
        'Communication Center: sms.messageStatus',
        'Communication Center: sms.removeCredentials',
        'Notification: notification.list',
        'Webhooks: webhook.createEndpoint',
        'Webhooks: webhook.deleteEndpoint',
        'Webhooks: webhook.editEndpoint',
        'Webhooks: webhook.listDeliveries',
        'Webhooks: webhook.replayDelivery',
        'WhatsApp integration: whatsapp.optIn',
        'Whatsapp: whatsapp.messageStatus',
      ].sort(),
    );
  });
});
