/**
 * A desk may queue messages offline through sync, but never forge what the server's delivery worker
 * owns (status, attempts, errors): a push claiming `sent` or editing a queued message is refused and
 * kept in the rejection list.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let desk: string;

beforeEach(async () => {
  server = await startSyncServer();
  const admin = await seedAdmin(server, 'Clínica Sol');
  tenantId = admin.tenantId;
  desk = (await enrolDevice(server, admin.token)).token;
});
afterEach(() => server.close());

let counter = 0;
function message(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const at = '2026-11-23T12:00:00.000+00:00';
  return {
    id: `0193a1c2-7b3e-7cc1-9a52-${String(counter).padStart(12, '0')}`,
    tenantId,
    createdAt: at,
    updatedAt: at,
    channel: 'email',
    to: 'maria@exemplo.com.br',
    template: 'messaging.test',
    data: {},
    attachments: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    sentAt: null,
    _deleted: false,
    ...overrides,
  };
}

const push = (rows: unknown[]) => server.call('POST', '/sync/outbox_messages/push', { token: desk, body: rows });
const rejectedPaths = async () =>
  ((await server.call('GET', '/sync/rejections', { token: desk })).body.items as { reasons: { path: string }[] }[]).map(
    (item) => item.reasons.map((r) => r.path),
  );

describe('pushing outbox messages', () => {
  it('accepts a message queued offline, pending and untried', async () => {
    expect((await push([{ newDocumentState: message() }])).body).toEqual([]);
    expect(await rejectedPaths()).toEqual([]);
  });

  it('refuses a message claiming to be sent, and any later edit of a queued one', async () => {
    const forged = message({ status: 'sent', attempts: 1, sentAt: '2026-11-23T12:00:01.000+00:00' });
    expect((await push([{ newDocumentState: forged }])).body).toEqual([{ ...forged, _deleted: true }]);

    const queued = message();
    await push([{ newDocumentState: queued }]);
    const retried = {
      ...queued,
      attempts: 0,
      lastError: 'apagado pela recepção',
      updatedAt: '2026-11-23T12:05:00.000+00:00',
    };
    const answer = await push([{ assumedMasterState: queued, newDocumentState: retried }]);
    expect(answer.body).toEqual([queued]);
    expect(await rejectedPaths()).toEqual([['status'], ['status']]);
  });
});
