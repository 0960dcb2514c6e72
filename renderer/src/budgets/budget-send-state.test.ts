import { describe, expect, it } from 'vitest';
import type { QueuedMessage } from '#core/messaging/message.js';
import { defaultDestination, destinationInput, latestSends, sendNote } from './budget-send-state.js';

const at = '2026-11-23T12:00:00.000+00:00';
function message(id: string, budgetId: string, overrides: Partial<QueuedMessage> = {}): QueuedMessage {
  return {
    id,
    tenantId: 't',
    createdAt: at,
    updatedAt: at,
    channel: 'email',
    to: 'maria@exemplo.com.br',
    template: 'budget.send',
    data: {},
    attachments: [{ kind: 'budget-pdf', budgetId }],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    sentAt: null,
    ...overrides,
  };
}

describe('latestSends', () => {
  it('keeps the newest send of each budget, whatever the order read', () => {
    const sends = latestSends([
      message('0193-0002', 'b1', { status: 'pending', to: '+5511987654321', channel: 'whatsapp' }),
      message('0193-0001', 'b1', { status: 'failed', lastError: 'caixa cheia' }),
      message('0193-0003', 'b2', { status: 'sent', sentAt: at }),
    ]);
    expect(sends.get('b1')).toMatchObject({ messageId: '0193-0002', status: 'pending', channel: 'whatsapp' });
    expect(sends.get('b2')).toMatchObject({ status: 'sent', sentAt: at });
    expect(sends.size).toBe(2);
  });

  it('ignores other templates and messages without the budget attachment', () => {
    const sends = latestSends([
      message('1', 'b1', { template: 'appointment.confirmation' }),
      message('2', 'b1', { attachments: [] }),
    ]);
    expect(sends.size).toBe(0);
  });
});

describe('destinations', () => {
  it("defaults to the budget's contact, then the patient's", () => {
    const patient = { email: 'p@x.com', cellPhone: '+5511911112222' };
    expect(defaultDestination('email', { email: 'b@x.com' }, patient)).toBe('b@x.com');
    expect(defaultDestination('email', {}, patient)).toBe('p@x.com');
    expect(defaultDestination('whatsapp', {}, patient)).toBe('(11) 91111-2222');
    expect(destinationInput('whatsapp', defaultDestination('whatsapp', {}, patient))).toBe('+5511911112222');
    expect(defaultDestination('whatsapp', {}, undefined)).toBe('');
  });

  it('turns a Brazilian number as typed into E.164 for WhatsApp, and leaves e-mails as typed', () => {
    expect(destinationInput('whatsapp', ' (11) 98765-4321 ')).toBe('+5511987654321');
    expect(destinationInput('sms', ' (11) 98765-4321 ')).toBe('+5511987654321');
    expect(destinationInput('whatsapp', 'não sei')).toBe('não sei');
    expect(destinationInput('email', ' maria@exemplo.com.br ')).toBe('maria@exemplo.com.br');
  });
});

describe('sendNote', () => {
  it('says where a pending message waits: nowhere on the demo, the connection offline, the server online', () => {
    expect(sendNote('pending', false, false)).toBe('demo');
    expect(sendNote('pending', true, false)).toBe('queuedOffline');
    expect(sendNote('pending', true, true)).toBe('queuedOnline');
    expect(sendNote('sending', true, true)).toBe('sending');
    expect(sendNote('sent', true, false)).toBe('sent');
    expect(sendNote('failed', true, true)).toBe('failed');
  });
});
