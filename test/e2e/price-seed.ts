import { expect } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';

/**
 * Seeds over REST, as `token`'s admin, the procedure "Restauração em resina" and a general price
 * table "Particular 2026" pricing it at `value` reais, so the desk's budget editor fills lines from
 * the table. @returns the procedure's (event's) id.
 */
export async function seedPricedProcedure(server: SyncTestServer, token: string, value: number): Promise<string> {
  const event = await server.call('POST', '/event/', {
    token,
    body: { name: 'Restauração em resina', type: 'procedure' },
  });
  expect(event.status).toBe(201);
  const eventId = (event.body['event'] as { id: string }).id;
  const table = await server.call('POST', '/priceTable/', { token, body: { name: 'Particular 2026' } });
  expect(table.status).toBe(201);
  const priced = await server.call('PUT', `/priceTable/${(table.body['priceTable'] as { id: string }).id}`, {
    token,
    body: { name: 'Particular 2026', prices: [{ event: eventId, value }] },
  });
  expect(priced.status).toBe(200);
  return eventId;
}
