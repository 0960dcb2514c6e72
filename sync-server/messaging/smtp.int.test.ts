import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidV7Ids } from '#core/ids.js';
import { outboxMessages } from '#core/messaging/message.js';
import { retryMessage } from '#core/messaging/outbox-ops.js';
import { outboxIn, storeOutbox } from '#core/messaging/store-outbox.js';
import { invoke } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { AttachmentRegistry } from './attachments.js';
import { startDelivery, type Delivery } from './delivery.js';
import { decodeHeader, mimeHeaders, mimeParts, startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { readMessagingConfig, smtpEmailProvider } from './smtp.js';
import { escapeHtml, TemplateRegistry } from './templates.js';
import { capturingLogger, manualClock, operationContext } from './test-support.js';

const TENANT = 'tenant-smtp';
const PATIENT = 'maria.silva@exemplo.com.br';
// Bytes a PDF starts with, then every byte value: the attachment must arrive bit for bit.
const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), ...Array.from({ length: 256 }, (_, i) => i)]);

const clock = manualClock('2026-11-23T12:00:00.000Z');
const { logger, lines } = capturingLogger();
let dir: string;
let database: SqlDatabase;
let store: Store;
let sink: SmtpSink;
let delivery: Delivery;

const templates = new TemplateRegistry();
const budgetData = z.object({ patientName: z.string(), budgetNumber: z.number().int() });
templates.register('budget.send', (data) => {
  const { patientName, budgetNumber } = budgetData.parse(data);
  const text = `Olá, ${patientName}! Segue em anexo o orçamento nº ${budgetNumber}.`;
  return { subject: `Orçamento nº ${budgetNumber} — Clínica Sorriso`, text, html: `<p>${escapeHtml(text)}</p>` };
});
const attachments = new AttachmentRegistry();
attachments.register('budget-pdf', (_store, ref) =>
  Promise.resolve({
    filename: `orcamento-${String(ref.budgetNumber)}.pdf`,
    contentType: 'application/pdf',
    content: PDF,
  }),
);

function enqueueBudget(budgetNumber: number) {
  return store.transaction((tx) =>
    outboxIn(storeOutbox(store, clock, uuidV7Ids), tx).enqueue({
      channel: 'email',
      to: PATIENT,
      template: 'budget.send',
      data: { patientName: 'Maria <Silva>', budgetNumber },
      attachments: [{ kind: 'budget-pdf', budgetNumber }],
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-smtp-'));
  database = await openSqlDatabase({ url: join(dir, 'clinic.db'), collections: [outboxMessages] });
  store = database.forTenant(TENANT);
  sink = await startSmtpSink();
  delivery = startDelivery({
    database,
    tenants: () => Promise.resolve([TENANT]),
    providers: {
      email: smtpEmailProvider({ url: sink.url, from: '"Clínica Sorriso" <contato@clinicasorriso.com.br>' }),
    },
    clock,
    logger,
    intervalMs: 3_600_000,
    templates,
    attachments,
  });
});
afterAll(async () => {
  await delivery?.stop();
  await sink?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('e-mail through nodemailer to a real SMTP server on loopback', () => {
  it('delivers the rendered pt-BR e-mail with the PDF attached, and marks the message sent', async () => {
    const queued = (await enqueueBudget(123))!;
    expect(await delivery.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.from).toBe('contato@clinicasorriso.com.br');
    expect(mail.to).toEqual([PATIENT]);
    const top = mimeHeaders(mail.raw);
    expect(decodeHeader(top.subject!)).toBe('Orçamento nº 123 — Clínica Sorriso');
    expect(top['message-id']).toBe(`<${queued.id}@clinicasorriso.com.br>`);

    const parts = mimeParts(mail.raw);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
    const pdf = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(text!.body.toString('utf8')).toBe('Olá, Maria <Silva>! Segue em anexo o orçamento nº 123.');
    expect(html!.body.toString('utf8')).toContain('Olá, Maria &lt;Silva&gt;!');
    expect(pdf!.headers['content-disposition']).toMatch(/attachment; filename="?orcamento-123\.pdf"?/);
    expect(new Uint8Array(pdf!.body)).toEqual(PDF);

    expect(await store.collection(outboxMessages).get(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: '2026-11-23T12:00:00.000+00:00',
      lastError: null,
    });
  });

  it('retries a 4xx refusal after a minute, fails a 5xx refusal at once, and sends it again on request', async () => {
    sink.received.length = 0;
    const queued = (await enqueueBudget(124))!;
    sink.refuseRecipients(451);
    expect(await delivery.runOnce()).toMatchObject({ retrying: 1 });
    expect(await store.collection(outboxMessages).get(queued.id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: '2026-11-23T12:01:00.000+00:00',
      lastError: expect.stringContaining('451') as unknown,
    });

    sink.refuseRecipients(550);
    clock.advance(60_000);
    expect(await delivery.runOnce()).toMatchObject({ failed: 1 });
    const failed = await store.collection(outboxMessages).get(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed!.lastError).toMatch(/^O servidor de e-mail recusou a mensagem: .*550/);

    sink.refuseRecipients(null);
    await invoke(retryMessage, operationContext(store, clock), { id: queued.id });
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(sink.received).toHaveLength(1);
    expect(await store.collection(outboxMessages).get(queued.id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('logs ids and codes, never the address, the data or the SMTP reply', () => {
    const text = lines.join('\n');
    expect(text).toContain('message sent');
    expect(text).not.toMatch(/maria|Maria|Silva|orcamento|Mailbox unavailable/);
  });
});

describe('messaging configuration', () => {
  it('needs nothing to start, and names the variable that is wrong without echoing the URL', () => {
    expect(readMessagingConfig({})).toEqual({ smtpUrl: undefined, smtpFrom: undefined, intervalMs: 5000 });
    expect(() => readMessagingConfig({ SMTP_URL: 'smtp://u:segredo@127.0.0.1:2525' })).toThrow(/SMTP_FROM/);
    const bad = (() => {
      try {
        readMessagingConfig({ SMTP_URL: 'http://u:segredo@127.0.0.1', SMTP_FROM: 'a@b.com.br' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(bad).toMatch(/SMTP_URL/);
    expect(bad).not.toContain('segredo');
    expect(() => readMessagingConfig({ MESSAGING_INTERVAL_MS: '0' })).toThrow(/MESSAGING_INTERVAL_MS/);
  });
});
