import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { DEFAULT_RETRY_POLICY, utcIso } from '#core/messaging/lifecycle.js';
import { outboxMessages } from '#core/messaging/message.js';
import { listMessages, retryMessage } from '#core/messaging/outbox-ops.js';
import { outboxIn, storeOutbox, type MessageRequest } from '#core/messaging/store-outbox.js';
import { invoke } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { Database, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { openSqlDatabase } from '../store/index.js';
import { AttachmentRegistry } from './attachments.js';
import { startDelivery, type Delivery, type DeliveryOptions } from './delivery.js';
import { SendFailure, type OutgoingWhatsApp, type WhatsAppProvider } from './providers.js';
import { TEST_TEMPLATE, TemplateRegistry, templates as sharedTemplates } from './templates.js';
import { capturingLogger, manualClock, operationContext, type ManualClock } from './test-support.js';
import { recordingWhatsApp, type RecordingWhatsApp } from './whatsapp-recording.js';

interface Visit extends RecordBase {
  patient: string;
}
const visits = defineCollection<Visit>({ name: 'visits', fields: { patient: 'string' }, indexes: [] });
const collections = [outboxMessages, visits];

const TENANT = 'tenant-a';
const PHONE = '+5511987654321';
const MIN = 60_000;

const templates = new TemplateRegistry();
templates.register('appointment.confirmation', (data) => {
  const name = typeof data.patientName === 'string' ? data.patientName : 'paciente';
  const text = `Olá, ${name}! Confirme sua consulta respondendo SIM.`;
  return { subject: 'Confirmação de consulta', text };
});
const attachments = new AttachmentRegistry();
// A visit's card, as the budget PDF is resolved: from a record that must be on the server.
attachments.register('visit-card', async (store, ref) => {
  const visit = await store.collection(visits).get(String(ref.visitId));
  if (!visit) throw new DomainError('not_found', 'Visita não encontrada');
  return { filename: `visita-${visit.id}.txt`, contentType: 'text/plain', content: Buffer.from(visit.patient) };
});

function whatsapp(data: Record<string, unknown> = { patientName: 'Joana' }): MessageRequest {
  return { channel: 'whatsapp', to: PHONE, template: 'appointment.confirmation', data };
}

/** `provider` taking 2 ms per send, as real sends take time: racing workers' claims then interleave. */
function slowly(provider: WhatsAppProvider): WhatsAppProvider {
  return {
    send: async (message, options) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return provider.send(message, options);
    },
  };
}

/** What a competing worker sent during a race, and how many claims it lost. */
interface RaceResult {
  sent: string[];
  skipped: number;
}

interface Backend {
  name: string;
  open(): Promise<Database>;
  /**
   * Runs a second worker against `database` at the same time as `ours` (five passes each): another
   * process for SQLite (a second server on the same file), another worker in this realm for RxDB.
   */
  race(database: Database, now: Date, ours: () => Promise<number>): Promise<RaceResult & { oursSkipped: number }>;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-delivery-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const files = new Map<Database, string>();

async function raceInChildProcess(file: string, now: Date, ours: () => Promise<number>) {
  const script = fileURLToPath(new URL('./race-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, TENANT, now.toISOString()], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.startsWith('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`race worker exited early (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await ready;
  child.stdin.write('go\n');
  const oursSkipped = await ours();
  await exited;
  const result = JSON.parse(output.slice('ready\n'.length)) as RaceResult;
  return { ...result, oursSkipped };
}

const backends: Backend[] = [
  {
    name: 'SQLite file',
    async open() {
      const url = join(dir, `${uuidV7Ids.next()}.db`);
      const database = await openSqlDatabase({ url, collections });
      files.set(database, url);
      return database;
    },
    race: (database, now, ours) => raceInChildProcess(files.get(database)!, now, ours),
  },
  {
    name: 'RxDB memory',
    open: () =>
      openRxdbDatabase({
        name: `delivery-${Math.random().toString(36).slice(2, 10)}`,
        storage: memoryStorage(),
        collections,
        multiInstance: false,
      }),
    async race(database, now, ours) {
      const recorder = recordingWhatsApp();
      const rival = startDelivery({
        database,
        tenants: () => Promise.resolve([TENANT]),
        providers: { whatsapp: slowly(recorder) },
        clock: fixedClock(now.toISOString()),
        logger: pino({ level: 'silent' }),
        intervalMs: 3_600_000,
      });
      const theirs = async () => {
        let skipped = 0;
        for (let pass = 0; pass < 5; pass++) skipped += (await rival.runOnce()).skipped;
        await rival.stop();
        return skipped;
      };
      const [oursSkipped, skipped] = await Promise.all([ours(), theirs()]);
      return { sent: recorder.sent.map((m) => m.messageId), skipped, oursSkipped };
    },
  },
];

describe.each(backends)('delivery worker on $name', (backend) => {
  let primary: Database;
  let store: Store;
  let clock: ManualClock;
  let double: RecordingWhatsApp;
  let delivery: Delivery;
  const { logger, lines } = capturingLogger();

  function worker(database: Database, overrides: Partial<DeliveryOptions> = {}): Delivery {
    return startDelivery({
      database,
      tenants: () => Promise.resolve([TENANT]),
      providers: { whatsapp: double },
      clock,
      logger,
      intervalMs: 3_600_000,
      templates,
      attachments,
      ...overrides,
    });
  }
  const enqueue = (message: MessageRequest) => storeOutbox(store, clock, uuidV7Ids).add(message);
  const get = (id: string) => store.collection(outboxMessages).get(id);

  beforeAll(async () => {
    primary = await backend.open();
    store = primary.forTenant(TENANT);
    clock = manualClock('2026-11-23T12:00:00.000Z');
    double = recordingWhatsApp();
    delivery = worker(primary);
  });
  afterAll(async () => {
    await delivery?.stop();
    await primary?.close();
  });

  it('leaves no message behind when the transaction throws after enqueueing', async () => {
    const before = await store.collection(outboxMessages).count();
    const patient = uuidV7Ids.next();
    const attempt = store.transaction(async (tx) => {
      await tx.collection(visits).insert({ id: patient, tenantId: TENANT, createdAt: 'x', updatedAt: 'x', patient });
      await outboxIn(operationContext(store, clock).outbox, tx).enqueue(whatsapp({ patientName: patient }));
      throw new Error('a operação falhou depois de enfileirar');
    });
    await expect(attempt).rejects.toThrow('depois de enfileirar');
    expect(await store.collection(outboxMessages).count()).toBe(before);
    expect(await store.collection(visits).get(patient)).toBeUndefined();
    expect(await delivery.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
  });

  it('retries a failing provider with backoff, fails after 8 attempts, shows it in the list, and delivers on retry', async () => {
    double.failWith(new Error('provedor fora do ar'));
    const queued = await enqueue(whatsapp());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= DEFAULT_RETRY_POLICY.maxAttempts; attempt++) {
      expect(await delivery.runOnce(), `attempt ${attempt}`).toMatchObject({ sent: 0, skipped: 0 });
      const current = (await get(queued.id))!;
      expect(current.attempts).toBe(attempt);
      if (current.status === 'failed') break;
      const wait = new Date(current.nextAttemptAt).getTime() - clock.now().getTime();
      waits.push(wait / MIN);
      clock.advance(wait - 1);
      expect(await delivery.runOnce(), 'not due one millisecond early').toMatchObject({ retrying: 0, failed: 0 });
      clock.advance(1);
    }
    expect(waits).toEqual([1, 5, 30, 120, 360, 720, 1440]);
    expect(double.sent).toHaveLength(0);

    const ctx = operationContext(store, clock);
    const { items } = await invoke(listMessages, ctx, { status: 'failed' });
    expect(items).toEqual([
      expect.objectContaining({
        id: queued.id,
        status: 'failed',
        attempts: 8,
        lastError: 'Falha no envio: provedor fora do ar',
      }),
    ]);

    double.failWith(null);
    await invoke(retryMessage, ctx, { id: queued.id });
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(await get(queued.id)).toMatchObject({ status: 'sent', attempts: 9, sentAt: utcIso(clock.now()) });
    expect(double.sent.at(-1)).toMatchObject({
      messageId: queued.id,
      to: PHONE,
      text: 'Olá, Joana! Confirme sua consulta respondendo SIM.',
    });
  });

  it('fails at once what no retry can fix: a permanent refusal, an unknown template or attachment', async () => {
    double.failWith(new SendFailure('Número sem WhatsApp', true, 'not_on_whatsapp'), 1);
    const refused = await enqueue(whatsapp());
    const noTemplate = await enqueue({ ...whatsapp(), template: 'nao.existe' });
    const noAttachment = await enqueue({ ...whatsapp(), attachments: [{ kind: 'exam-pdf', examId: 'e1' }] });
    expect(await delivery.runOnce()).toMatchObject({ failed: 3, sent: 0 });
    expect(await get(refused.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Número sem WhatsApp' });
    expect((await get(noTemplate.id))!.lastError).toBe('Modelo de mensagem desconhecido: nao.existe');
    expect((await get(noAttachment.id))!.lastError).toBe('Tipo de anexo desconhecido: exam-pdf');
  });

  it('tells onFailed of each message failed for good, and keeps the failure when the notice throws', async () => {
    const told: string[] = [];
    const noticing = worker(primary, {
      onFailed: (_store, message) => {
        told.push(`${message.id} ${message.lastError}`);
        return Promise.reject(new Error('o aviso não foi gravado'));
      },
    });
    double.failWith(new SendFailure('Número sem WhatsApp', true, 'not_on_whatsapp'), 1);
    const refused = await enqueue(whatsapp());
    expect(await noticing.runOnce()).toMatchObject({ failed: 1 });
    await noticing.stop();
    expect(told).toEqual([`${refused.id} Número sem WhatsApp`]);
    expect(await get(refused.id)).toMatchObject({ status: 'failed', lastError: 'Número sem WhatsApp' });
    expect(lines.some((l) => l.includes('failure notice not written'))).toBe(true);
  });

  it('waits for an attachment whose record has not reached the server yet, and sends once it has', async () => {
    // A desk queues a send beside a record it made offline; the two may arrive in separate pushes.
    const queued = await enqueue({ ...whatsapp(), attachments: [{ kind: 'visit-card', visitId: 'v-late' }] });
    expect(await delivery.runOnce()).toMatchObject({ retrying: 1, failed: 0, sent: 0 });
    expect(await get(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Anexo não encontrado (visit-card)',
    });
    await store
      .collection(visits)
      .insert({ id: 'v-late', tenantId: TENANT, createdAt: 'x', updatedAt: 'x', patient: 'p9' });
    clock.advance(MIN);
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(double.sent.at(-1)!.attachments).toEqual([
      expect.objectContaining({ filename: 'visita-v-late.txt', contentType: 'text/plain' }),
    ]);
  });

  it('leaves messages of a channel without provider pending', async () => {
    const sms = await enqueue({ ...whatsapp(), channel: 'sms' });
    await delivery.runOnce();
    expect(await get(sms.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('takes again a message whose worker died mid-send, once its claim lapsed', async () => {
    const queued = await enqueue(whatsapp());
    const stored = (await get(queued.id))!;
    const lease = utcIso(new Date(clock.now().getTime() + DEFAULT_RETRY_POLICY.leaseMs));
    await store
      .collection(outboxMessages)
      .update(queued.id, stored._rev, { ...queued, status: 'sending', attempts: 1, nextAttemptAt: lease });
    expect(await delivery.runOnce()).toMatchObject({ sent: 0 });
    clock.advance(DEFAULT_RETRY_POLICY.leaseMs);
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(await get(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends each message once when two workers race for the same queue', async () => {
    const ids = new Set<string>();
    for (let n = 0; n < 30; n++) {
      ids.add((await enqueue({ ...whatsapp({ clinicName: `Clínica ${n}` }), template: TEST_TEMPLATE })).id);
    }
    const recorder = recordingWhatsApp();
    const ours = worker(primary, { providers: { whatsapp: slowly(recorder) }, templates: sharedTemplates });
    const result = await backend.race(primary, clock.now(), async () => {
      let skipped = 0;
      for (let pass = 0; pass < 5; pass++) skipped += (await ours.runOnce()).skipped;
      await ours.stop();
      return skipped;
    });
    const sent = [...recorder.sent.map((m) => m.messageId), ...result.sent];
    expect([...sent].sort()).toEqual([...ids].sort());
    expect(result.sent.length, 'both workers sent some').toBeGreaterThan(0);
    expect(recorder.sent.length, 'both workers sent some').toBeGreaterThan(0);
    expect(result.skipped + result.oursSkipped, 'claims were contested').toBeGreaterThan(0);
  });

  it('stops cleanly: the send in flight finishes and is recorded before stop() resolves', async () => {
    let release!: () => void;
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const slow: WhatsAppProvider & { sent: OutgoingWhatsApp[] } = {
      sent: [],
      async send(message) {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        this.sent.push(message);
        return {};
      },
    };
    const queued = await enqueue(whatsapp());
    const timed = worker(primary, { providers: { whatsapp: slow }, intervalMs: 5 });
    await inFlight;
    let stopped = false;
    const stopping = timed.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(slow.sent.map((m) => m.messageId)).toEqual([queued.id]);
    expect(await get(queued.id)).toMatchObject({ status: 'sent' });
  });

  it('logs no phone number and no message data', () => {
    const text = lines.join('\n');
    expect(text).toContain('"messageId"');
    expect(text).not.toMatch(/5511987654321|Joana|provedor fora do ar|Número sem WhatsApp/);
  });
});
