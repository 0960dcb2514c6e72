/**
 * Two reception desks offline book the same professional at the same time. When both sync, both
 * bookings stay on the server (each patient was told a time) and the one that arrived second is in
 * the conflict list for the reception to move one of them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointments } from '#core/schedule/index.js';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { openInstallation } from './installation.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let deskA: string;
let deskB: string;
let booked: Record<string, unknown>;

beforeAll(async () => {
  server = await startSyncServer();
  const { adminId } = await seedAccount(server, 'Clínica Sol', {
    email: 'admin@sol.test',
    password: 'senha-muito-segura-1',
  });
  const { accessToken } = await login(server, 'admin@sol.test', 'senha-muito-segura-1');
  deskA = (await enrolDevice(server, accessToken, 'desk', 'Recepção 1')).token;
  deskB = (await enrolDevice(server, accessToken, 'desk', 'Recepção 2')).token;
  const call = (path: string, body: unknown) => server.call('POST', path, { token: accessToken, body });
  const clinic = (await call('/clinic/', { name: 'Centro' })).body.clinic as { id: string };
  const patient = (await call('/patient/', { name: 'Helena Prado' })).body.patient as { id: string };
  const created = await call('/appointment/', {
    clinic: clinic.id,
    patient: patient.id,
    professional: adminId,
    start: '2026-11-24T09:00:00-03:00',
    end: '2026-11-24T09:30:00-03:00',
  });
  expect(created.status).toBe(201);
  // Desk A's copy, as replication brought it down before the network went away.
  const pulled = await server.call(
    'GET',
    `/sync/appointments/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=10`,
    {
      token: deskA,
    },
  );
  booked = (pulled.body.documents as Record<string, unknown>[])[0]!;
});
afterAll(() => server.close());

const push = (token: string, rows: unknown[]) => server.call('POST', '/sync/appointments/push', { token, body: rows });

describe('double booking made on two offline desks', () => {
  it('keeps both bookings and lists the second for the reception', async () => {
    // Desk B booked another patient at 09:15 while offline (it never saw A's booking).
    const other = {
      ...booked,
      id: '0193a1c2-7b3e-7cc1-9a52-000000000777',
      start: '2026-11-24T09:15:00.000-03:00',
      end: '2026-11-24T09:45:00.000-03:00',
      startUtc: '2026-11-24T12:15:00.000Z',
      endUtc: '2026-11-24T12:45:00.000Z',
    };
    expect((await push(deskB, [{ newDocumentState: other }])).body).toEqual([]);

    const all = await server.call(
      'GET',
      `/sync/appointments/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=10`,
      {
        token: deskA,
      },
    );
    expect((all.body.documents as { id: string }[]).map((d) => d.id).sort()).toEqual([booked.id, other.id].sort());

    const conflicts = (await server.call('GET', '/sync/conflicts', { token: deskA })).body.items as {
      document: { id: string };
      reasons: { path: string; message: string; ref?: { collection: string; id: string } }[];
    }[];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.document.id).toBe(other.id);
    // Said in the clinic's time for the reception; the booking in the way is named by ref, not in the text.
    expect(conflicts[0]!.reasons).toEqual([
      {
        path: 'start',
        message: 'Já há agendamento de outro paciente das 09:00 às 09:30',
        ref: { collection: 'appointments', id: booked.id },
      },
    ]);
  });

  it("shows the listed booking on desk A's indicator though A itself pushed nothing", async () => {
    const deskOfA = await openInstallation(server.app, deskA, [appointments], Math.random, { reviewEveryMs: 100 });
    try {
      await vi.waitFor(() => expect(deskOfA.sync.status.conflicts).toBe(1), { timeout: 5000, interval: 50 });
    } finally {
      await deskOfA.close();
    }
  });

  it('lists nothing for an encaixe (overbooking) made on purpose', async () => {
    const encaixe = {
      ...booked,
      id: '0193a1c2-7b3e-7cc1-9a52-000000000888',
      overbooking: true,
    };
    expect((await push(deskB, [{ newDocumentState: encaixe }])).body).toEqual([]);
    const conflicts = (await server.call('GET', '/sync/conflicts', { token: deskA })).body.items as unknown[];
    expect(conflicts).toHaveLength(1);
  });
});
