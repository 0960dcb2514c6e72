import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery, type Delivery } from '../../sync-server/messaging/delivery.js';
import { SendFailure } from '../../sync-server/messaging/providers.js';
import {
  decodeHeader,
  mimeHeaders,
  mimeParts,
  startSmtpSink,
  type SmtpSink,
} from '../../sync-server/messaging/smtp-sink.js';
import { smtpEmailProvider } from '../../sync-server/messaging/smtp.js';
import { recordingWhatsApp } from '../../sync-server/messaging/whatsapp-recording.js';
import { openBudgetFixture, type BudgetFixture } from './budget-fixture.js';

let f: BudgetFixture;
let sink: SmtpSink;
let delivery: Delivery;
const whatsapp = recordingWhatsApp();

beforeAll(async () => {
  f = await openBudgetFixture();
  sink = await startSmtpSink();
  delivery = startDelivery({
    database: f.server.database,
    tenants: () => Promise.resolve([f.tenantId]),
    providers: {
      email: smtpEmailProvider({ url: sink.url, from: '"Clínica Sorriso" <contato@clinicasorriso.com.br>' }),
      whatsapp,
    },
    clock: f.server.clock,
    logger: pino({ level: 'silent' }),
    intervalMs: 3_600_000,
  });
});
afterAll(async () => {
  await delivery.stop();
  await sink.close();
  await f.server.close();
});

async function newBudget(): Promise<{ id: string; budgetNumber: number }> {
  const res = await f.call('POST', '/budget/', f.body());
  return res.body.budget as { id: string; budgetNumber: number };
}

describe('POST /budget/{id}/send', () => {
  it('queues at once and the worker mails the pt-BR message with the budget PDF attached', async () => {
    const budget = await newBudget();
    const res = await f.call('POST', `/budget/${budget.id}/send`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel: 'email', to: 'maria@exemplo.com.br' });
    expect(sink.received).toHaveLength(0); // the answer never waits for the send
    const queued = await f.call('GET', `/message/${res.body.messageId as string}`);
    expect(queued.body).toMatchObject({ status: 'pending', template: 'budget.send' });

    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    const mail = sink.received[0]!;
    expect(decodeHeader(mimeHeaders(mail.raw).subject!)).toBe(`Orçamento nº ${budget.budgetNumber} — Clínica Sorriso`);
    const parts = mimeParts(mail.raw);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))!.body.toString('utf8');
    expect(text).toContain(`Olá, Maria! Segue o orçamento nº ${budget.budgetNumber}`);
    expect(text).toContain('R$ 650,50');
    const pdf = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'))!;
    expect(pdf.headers['content-disposition']).toContain(`orcamento-${budget.budgetNumber}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends by WhatsApp to the patient mobile; a failed send is visible and retryable', async () => {
    const budget = await newBudget();
    whatsapp.failWith(new SendFailure('Número sem WhatsApp', true, 'not_on_whatsapp'), 1);
    const res = await f.call('POST', `/budget/${budget.id}/send`, { channel: 'whatsapp' });
    expect(res.body).toMatchObject({ to: '+5511987654321' });
    const id = res.body.messageId as string;
    expect(await delivery.runOnce()).toMatchObject({ failed: 1 });
    const failed = await f.call('GET', `/message/${id}`);
    expect(failed.body).toMatchObject({ status: 'failed', lastError: expect.stringContaining('WhatsApp') as string });

    expect((await f.call('POST', `/message/${id}/retry`)).status).toBe(200);
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(whatsapp.sent.at(-1)).toMatchObject({ to: '+5511987654321' });
    expect(whatsapp.sent.at(-1)!.attachments[0]).toMatchObject({ filename: `orcamento-${budget.budgetNumber}.pdf` });
    expect((await f.call('GET', `/message/${id}`)).body).toMatchObject({ status: 'sent' });
  });

  it('refuses an address that cannot receive, and a deleted budget', async () => {
    const budget = await newBudget();
    const bad = await f.call('POST', `/budget/${budget.id}/send`, { channel: 'email', to: 'não é e-mail' });
    expect(bad.status).toBe(400);
    await f.call('DELETE', `/budget/${budget.id}`);
    expect((await f.call('POST', `/budget/${budget.id}/send`, {})).status).toBe(409);
  });
});
