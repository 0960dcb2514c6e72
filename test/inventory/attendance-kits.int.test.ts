/**
 * The kit an attendance consumes, over REST on the real server (SQLite file; INV-008, INV-009): a
 * procedure with a kit, two lots received, the attendance ended through the schedule's operations
 * takes the first-expiring lot; reopening puts it back; recalculation finds the lot balances right.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestServer } from '../../sync-server/auth/test-server.js';

const server = await startTestServer();
afterAll(() => server.close());

const a = await seedAccount(server, 'Clínica A', { email: 'admin@a.com.br', password: 'senha comprida da clínica' });
const key = (await server.keys.createKey(a.tenantId, { name: 'integração A' })).key;
type Body = Record<string, unknown> & Record<'clinic' | 'event' | 'patient' | 'appointment', { id: string }>;

async function ok(method: string, path: string, body: unknown = {}): Promise<Body> {
  const res = await server.call(method, path, { key, ...(method === 'GET' ? {} : { body }) });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as Body;
}

const lots = async (clinic: string) =>
  ((await ok('GET', `/inventory/clinic/${clinic}/stock`)).lines as { lot: string; quantity: number }[]).map((l) => [
    l.lot,
    l.quantity,
  ]);

describe('kit consumption when an attendance ends, over REST', () => {
  it('takes the first-expiring lot at the end, puts it back on reopening, and recalculation agrees', async () => {
    const clinic = (await ok('POST', '/clinic/', { name: 'Centro' })).clinic.id;
    const event = (await ok('POST', '/event/', { name: 'Restauração', type: 'procedure' })).event.id;
    const product = (
      await ok('POST', '/inventory/product/', {
        name: 'Resina A2',
        kind: 'material',
        purchaseUnit: 'caixa',
        consumptionUnit: 'seringa',
        unitsPerPurchase: 4,
      })
    ).id as string;
    await ok('POST', '/inventory/kit/', { name: 'Kit restauração', event, items: [{ product, quantity: 1 }] });
    for (const [lot, expiry] of [
      ['LATE', '2099-06-30'],
      ['EARLY', '2098-01-31'],
    ])
      await ok('POST', '/inventory/movement/', { clinic, product, kind: 'entry', quantity: 2, lot, expiry });
    const patient = (await ok('POST', '/patient/', { name: 'Helena Prado' })).patient.id;
    const appointment = (
      await ok('POST', '/appointment/', {
        clinic,
        patient,
        professional: a.adminId,
        events: [event],
        start: '2026-11-24T09:00:00-03:00',
        end: '2026-11-24T09:30:00-03:00',
      })
    ).appointment.id;
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await ok('POST', `/appointment/${appointment}/${step}`);
    expect(await lots(clinic)).toEqual([
      ['EARLY', 1],
      ['LATE', 2],
    ]);
    const movements = (await ok('GET', `/inventory/movement/?clinic=${clinic}`)).items as Record<string, unknown>[];
    expect(movements[0]).toMatchObject({ kind: 'consumption', lot: 'EARLY', quantity: -1, attendance: appointment });

    const reopened = await ok('POST', `/appointment/${appointment}/attendance/reopening`);
    expect(reopened.status).toBe(4);
    expect(await lots(clinic)).toEqual([
      ['EARLY', 2],
      ['LATE', 2],
    ]);
    const recalculated = await ok('POST', `/inventory/clinic/${clinic}/recalculation`);
    expect(recalculated).toMatchObject({ movements: 4, corrected: [], negatives: [] });
  });
});
