/**
 * Issue 18.4 and 18.6 on the real server, over SQLite and PostgreSQL: several status moves a desk
 * makes offline reach the server as one pushed state, and the server judges the path the record
 * carries (the appointment's history, the budget's step stamps), not the jump; a listed version that
 * holds such steps is applied from the review list; an offline confirmation of an appointment the
 * server cancelled meanwhile is listed with its content, never merged away unseen.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from './sync-fixture.js';

type Doc = Record<string, unknown>;
type Step = { at: string; from: number | null; to: number; action: string; by: string };

const schema = `test_steps_${randomBytes(4).toString('hex')}`;
const skipPostgres = skipWithoutPostgres(await postgresUnreachable(), 'offline steps on PostgreSQL');

const backends: { name: string; skip: boolean; open: () => Promise<TestServer>; cleanup?: () => Promise<void> }[] = [
  { name: 'SQLite', skip: false, open: () => startSyncServer() },
  {
    name: 'PostgreSQL',
    skip: skipPostgres,
    async open() {
      const database = await openSqlDatabase({
        url: postgresUrl,
        schema,
        collections: allCollections,
        migrations: serverMigrations,
      });
      return startTestServer({ database });
    },
    cleanup: () => dropSchema(schema),
  },
];

describe.each(backends)('offline status steps on $name', ({ skip, open, cleanup }) => {
  let server: TestServer;
  let admin: string;
  let desk: string;
  let clinicId: string;
  let patientId: string;
  let professionalId: string;
  let slot = 0;

  beforeAll(async () => {
    if (skip) return;
    server = await open();
    const { adminId } = await seedAccount(server, 'Clínica Sol', {
      email: 'admin@sol.test',
      password: 'senha-muito-segura-1',
    });
    professionalId = adminId;
    admin = (await login(server, 'admin@sol.test', 'senha-muito-segura-1')).accessToken;
    desk = (await enrolDevice(server as SyncTestServer, admin, 'desk', 'Recepção 1')).token;
    clinicId = ((await rest('POST', '/clinic/', { name: 'Centro' })).clinic as { id: string }).id;
    patientId = ((await rest('POST', '/patient/', { name: 'Helena Prado' })).patient as { id: string }).id;
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await server?.close();
    await cleanup?.();
  });

  async function rest(method: string, path: string, body?: unknown): Promise<Doc> {
    const res = await server.call(method, path, { token: admin, ...(body === undefined ? {} : { body }) });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  }

  /** The desk's copy of a record, as replication brought it down. */
  async function pulled(collection: string, id: string): Promise<Doc> {
    const checkpoint = encodeURIComponent('{"seq":0}');
    const res = await server.call('GET', `/sync/${collection}/pull?checkpoint=${checkpoint}&limit=500`, {
      token: desk,
    });
    return (res.body.documents as Doc[]).find((doc) => doc.id === id)!;
  }
  const push = async (collection: string, rows: unknown[]) =>
    (await server.call('POST', `/sync/${collection}/push`, { token: desk, body: rows })).body as unknown as Doc[];
  const review = async (kind: 'conflicts' | 'rejections') =>
    (await server.call('GET', `/sync/${kind}`, { token: desk })).body.items as {
      id: string;
      docId: string;
      document: Doc;
      reasons: { path: string; message: string }[];
    }[];

  /** A new appointment booked over REST, one hour after the previous one. */
  async function book(): Promise<string> {
    const hour = String(8 + slot++).padStart(2, '0');
    const created = await rest('POST', '/appointment/', {
      clinic: clinicId,
      patient: patientId,
      professional: professionalId,
      start: `2026-11-24T${hour}:00:00-03:00`,
      end: `2026-11-24T${hour}:30:00-03:00`,
    });
    return (created.appointment as { id: string }).id;
  }

  /** The desk's copy after the moves it made offline, each recorded as the operations record it. */
  function movedOffline(copy: Doc, moves: [string, number, number, string][]): Doc {
    const steps: Step[] = moves.map(([action, from, to, at]) => ({ at, by: 'desk-user', from, to, action }));
    return {
      ...copy,
      status: steps.at(-1)!.to,
      history: [...(copy.history as Step[]), ...steps],
      updatedAt: steps.at(-1)!.at,
    };
  }
  const ARRIVE_CALL_START: [string, number, number, string][] = [
    ['checkIn', 1, 2, '2026-11-24T08:50:00.000-03:00'],
    ['call', 2, 3, '2026-11-24T08:58:00.000-03:00'],
    ['start', 3, 4, '2026-11-24T09:00:00.000-03:00'],
  ];

  it.skipIf(skip)('takes arrive → call → start made offline as one push, with every step and its time', async () => {
    const id = await book();
    const copy = await pulled('appointments', id);
    const pushedState = movedOffline(copy, ARRIVE_CALL_START);
    expect(await push('appointments', [{ assumedMasterState: copy, newDocumentState: pushedState }])).toEqual([]);

    const stored = await rest('GET', `/appointment/${id}`);
    const appointment = (stored.appointment ?? stored) as { status: number; history: Step[] };
    expect(appointment.status).toBe(4);
    expect(appointment.history.slice(1).map(({ action, from, to, at }) => ({ action, from, to, at }))).toEqual(
      ARRIVE_CALL_START.map(([action, from, to, at]) => ({ action, from, to, at })),
    );
    expect(await review('conflicts')).toEqual([]);
    expect(await review('rejections')).toEqual([]);
  });

  it.skipIf(skip)('still refuses a jump no recorded path explains, into the rejection list', async () => {
    const id = await book();
    const copy = await pulled('appointments', id);
    const jumped = { ...copy, status: 5, updatedAt: '2026-11-24T09:30:00.000-03:00' };
    expect(await push('appointments', [{ assumedMasterState: copy, newDocumentState: jumped }])).toEqual([copy]);
    const refused = (await review('rejections')).filter((entry) => entry.docId === id);
    expect(refused.map((entry) => entry.reasons.map((r) => r.path))).toEqual([['status']]);
  });

  it.skipIf(skip)('applies from the review list a listed version whose steps the server did not take', async () => {
    const id = await book();
    const copy = await pulled('appointments', id);
    // The desk wrote notes and moved her on offline; someone wrote other notes on the server meanwhile.
    await rest('PUT', `/appointment/${id}/notes`, { notes: 'Trazer exames anteriores' });
    const mine = { ...movedOffline(copy, ARRIVE_CALL_START), notes: 'Chegou com acompanhante' };
    const answer = await push('appointments', [{ assumedMasterState: copy, newDocumentState: mine }]);
    expect(answer).toMatchObject([{ id, status: 1, notes: 'Trazer exames anteriores' }]);
    const [entry] = (await review('conflicts')).filter((item) => item.docId === id);
    expect(entry?.document).toMatchObject({ status: 4, notes: 'Chegou com acompanhante' });

    // "Aplicar a versão da estação": the listed steps are judged from the server's status, and taken.
    const applied = await server.call('POST', `/sync/review/${entry!.id}/resolution`, {
      token: desk,
      body: { decision: 'apply_mine' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const stored = await rest('GET', `/appointment/${id}`);
    const appointment = (stored.appointment ?? stored) as { status: number; notes: string; history: Step[] };
    expect(appointment).toMatchObject({ status: 4, notes: 'Chegou com acompanhante' });
    expect(appointment.history.map((step) => step.action)).toEqual(['create', 'checkIn', 'call', 'start']);
  });

  it.skipIf(skip)('lists an offline confirmation of an appointment cancelled meanwhile, with its content', async () => {
    const id = await book();
    const copy = await pulled('appointments', id);
    await rest('PATCH', `/appointment/${id}/cancellation`, { reason: 'Paciente viajou', cancelledBy: 'patient' });
    const confirmation = { confirmed: true, at: '2026-11-23T15:00:00.000-03:00', channel: 'phone', by: 'desk-user' };
    const mine = { ...copy, patientConfirmation: confirmation, updatedAt: confirmation.at };
    const answer = await push('appointments', [{ assumedMasterState: copy, newDocumentState: mine }]);
    // The desk takes the server's cancelled version…
    expect(answer).toMatchObject([{ id, status: 7, patientConfirmation: { confirmed: false } }]);
    const stored = await rest('GET', `/appointment/${id}`);
    expect(stored.appointment ?? stored).toMatchObject({ status: 7, patientConfirmation: { confirmed: false } });
    // …and the confirmation it recorded is in the conflict list, saying why.
    const listed = (await review('conflicts')).filter((item) => item.docId === id);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.document).toMatchObject({ status: 1, patientConfirmation: confirmation });
    expect(listed[0]!.reasons.map((r) => r.path)).toEqual(['', 'patientConfirmation']);
    expect(listed[0]!.reasons[1]!.message).toBe('o agendamento foi desmarcado pelo paciente enquanto isso');
  });

  it.skipIf(skip)('takes a budget approved then executed offline, by its step times', async () => {
    const created = await rest('POST', '/budget/', { patient: patientId, clinic: clinicId, status: 1 });
    const id = (created.budget as { id: string }).id;
    const copy = await pulled('budgets', id);
    const executed = {
      ...copy,
      status: 4,
      approvedAt: '2026-11-24T10:00:00.000-03:00',
      approvedBy: 'desk-user',
      executedAt: '2026-11-24T10:05:00.000-03:00',
      updatedAt: '2026-11-24T10:05:00.000-03:00',
    };
    expect(await push('budgets', [{ assumedMasterState: copy, newDocumentState: executed }])).toEqual([]);
    const stored = await rest('GET', `/budget/${id}`);
    expect(stored.budget ?? stored).toMatchObject({
      status: 4,
      approvedAt: executed.approvedAt,
      executedAt: executed.executedAt,
    });
    // Executed with no approval recorded is a jump: refused.
    const other = (await rest('POST', '/budget/', { patient: patientId, clinic: clinicId, status: 1 })).budget as Doc;
    const otherCopy = await pulled('budgets', String(other.id));
    const jumped = { ...otherCopy, status: 4, executedAt: '2026-11-24T10:05:00.000-03:00' };
    expect(await push('budgets', [{ assumedMasterState: otherCopy, newDocumentState: jumped }])).toEqual([otherCopy]);
  });

  it.skipIf(skip)('takes a ticket called then started offline', async () => {
    const issued = await rest('POST', '/ticket/', { clinic: clinicId });
    const id = (issued.ticket as { id: string }).id;
    const copy = await pulled('tickets', id);
    const at = '2026-11-24T10:00:00.000-03:00';
    const started = {
      ...copy,
      status: 'started',
      calledAt: at,
      lastCalledAt: at,
      calledPlace: 'guiche-1',
      calledBy: 'desk-user',
      callSeq: 1,
      panelSeq: 1,
      startedAt: '2026-11-24T10:02:00.000-03:00',
      updatedAt: '2026-11-24T10:02:00.000-03:00',
    };
    expect(await push('tickets', [{ assumedMasterState: copy, newDocumentState: started }])).toEqual([]);
    expect((await pulled('tickets', id)).status).toBe('started');
  });
});
