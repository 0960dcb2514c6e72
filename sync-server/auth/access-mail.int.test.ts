import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '#core/messaging/message.js';
import { SERVER_TENANT } from '../http/mount.js';
import { startServerDelivery } from '../server.js';
import { mimeParts, startSmtpSink, type SmtpSink } from '../messaging/smtp-sink.js';
import { login, seedAccount, startTestServer, type TestServer } from './test-server.js';

/** The e-mails of access travel through the durable outbox and the delivery worker to a real SMTP server. */
describe('access e-mails on the wire', () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeEach(async () => {
    server = await startTestServer({ durableOutbox: true });
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.close();
    await server.close();
  });

  function text(raw: string): string {
    return mimeParts(raw)
      .filter((p) => (p.headers['content-type'] ?? '').startsWith('text/plain'))
      .map((p) => p.body.toString('utf8'))
      .join('\n');
  }

  it('delivers a password reset code that resets the password, and keeps it off every clinic', async () => {
    await seedAccount(server, 'Clínica Sorriso', { email: 'carla@sorriso.com.br', password: 'senha-forte-123' });
    const forgot = await server.call('POST', '/password/forgot', { body: { email: 'carla@sorriso.com.br' } });
    expect(forgot.status).toBe(200);

    const delivery = startServerDelivery(server, pino({ level: 'silent' }), {
      clock: server.clock,
      env: { SMTP_URL: sink.url, SMTP_FROM: 'Clinic <nao-responda@clinic.local>', MESSAGING_INTERVAL_MS: '600000' },
    });
    try {
      expect(await delivery.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    } finally {
      await delivery.stop();
    }
    expect(sink.received.map((m) => m.to)).toEqual([['carla@sorriso.com.br']]);
    const body = text(sink.received[0]!.raw);
    expect(body).toContain('redefinir a sua senha');
    const code = /Código: (\S+)/.exec(body)?.[1];
    expect(code).toBeTruthy();

    const reset = await server.call('POST', '/password/reset', { body: { token: code, password: 'outra-senha-456' } });
    expect(reset.status).toBe(200);
    const relogin = await server.call('POST', '/session/', {
      body: { email: 'carla@sorriso.com.br', password: 'outra-senha-456' },
    });
    expect(relogin.status).toBe(200);

    // The reset code never sat in the clinic's own (replicated) outbox.
    const { accessToken } = relogin.body as { accessToken: string };
    const clinicMessages = await server.call('GET', '/message/', { token: accessToken });
    expect(clinicMessages.status).toBe(200);
    expect(JSON.stringify(clinicMessages.body)).not.toContain(code);
  });

  it('delivers an invitation from the server’s own outbox, which keeps only the code’s kind once sent', async () => {
    await seedAccount(server, 'Clínica Sorriso', { email: 'carla@sorriso.com.br', password: 'senha-forte-123' });
    const { accessToken } = await login(server, 'carla@sorriso.com.br', 'senha-forte-123');
    const invited = await server.call('POST', '/user/', {
      token: accessToken,
      body: { name: 'Dra. Ana', email: 'ana@sorriso.com.br', role: 'professional' },
    });
    expect(invited.status).toBe(201);
    const delivery = startServerDelivery(server, pino({ level: 'silent' }), {
      clock: server.clock,
      env: { SMTP_URL: sink.url, SMTP_FROM: 'Clinic <nao-responda@clinic.local>', MESSAGING_INTERVAL_MS: '600000' },
    });
    try {
      expect(await delivery.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    } finally {
      await delivery.stop();
    }
    const code = /Código: (\S+)/.exec(text(sink.received[0]!.raw))?.[1];
    expect(code).toMatch(/^inv_/);
    const kept = await server.database.forTenant(SERVER_TENANT).collection(outboxMessages).find();
    expect(kept.map((m) => [m.template, m.status, m.data.token])).toEqual([['user.invitation', 'sent', 'inv_…']]);
    expect((await server.call('GET', '/message/', { token: accessToken })).body).toMatchObject({ items: [] });
    const accepted = await server.call('POST', '/user/invitation/acceptance', {
      body: { token: code, password: 'a senha da doutora ana' },
    });
    expect(accepted.status).toBe(200);
  });
});
