/**
 * Where webhook events come from: the tenant's change feed, the same `seq`-ordered feed replication
 * pulls from (store/sync-feed.ts). Operations do not emit events themselves: a desk working offline
 * runs the same operations against its own store and pushes the records later, so only the feed sees
 * every change, whichever side made it. A page of the feed becomes events, one delivery per event and
 * subscribed enabled endpoint, the records' compared state and the advanced cursor, in one
 * transaction: an event is recorded exactly once, and delivered at least once from there.
 */
import { sql } from 'kysely';
import type { Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import { deriveEvents, EVENT_COLLECTIONS, type EventCollection, type SeenState } from '#core/webhooks/derive-events.js';
import type { WebhookEventType, WebhookPayload } from '#core/webhooks/event-catalogue.js';
import { executorOf, type SqlDatabase } from '../store/index.js';
import { groupChangesAfter } from '../store/sync-feed.js';
import type { WebhookTables } from './webhook-tables.js';

const DEFS = EVENT_COLLECTIONS.map((name) => ({ name }));
/** Positions per feed row: a change yields at most this many events (appointments: 3). */
const SLOTS = 8;

/**
 * Turns the tenant's next page of changes into events and deliveries.
 * @returns how many events were recorded; 0 when the feed is caught up (or another worker took the page).
 */
export async function collectEvents(
  database: SqlDatabase,
  tenantId: string,
  clock: Clock,
  ids: IdGenerator,
  pageSize = 500,
): Promise<{ events: number; rows: number }> {
  return database.forTenant(tenantId).transaction(async (store) => {
    const exec = executorOf(store);
    const db = exec.withTables<WebhookTables>();
    const cursor = await db
      .selectFrom('webhook_cursors')
      .select(['seq', 'started_ms'])
      .where('tenant_id', '=', tenantId)
      .where('collection', '=', '*')
      .executeTakeFirst();
    if (!cursor) return { events: 0, rows: 0 };
    const from = Number(cursor.seq);
    const rows = await groupChangesAfter(exec, DEFS, tenantId, from, pageSize);
    if (rows.length === 0) return { events: 0, rows: 0 };
    const last = rows[rows.length - 1]!.seq;
    // Two server processes may read the same page: the one that moves the cursor records it.
    const moved = await db
      .updateTable('webhook_cursors')
      .set({ seq: last })
      .where('tenant_id', '=', tenantId)
      .where('collection', '=', '*')
      .where('seq', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return { events: 0, rows: 0 };

    const endpoints = (
      await db
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('tenant_id', '=', tenantId)
        .where('enabled', '=', 1)
        .execute()
    ).map((e) => ({ id: e.id, events: new Set(JSON.parse(e.events) as WebhookEventType[]) }));
    const keys = [...new Set(rows.map((r) => `${r.collection}:${r.id}`))];
    const seen = new Map<string, SeenState>();
    for (let i = 0; i < keys.length; i += 200) {
      const part = await db
        .selectFrom('webhook_record_state')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('record_key', 'in', keys.slice(i, i + 200))
        .execute();
      for (const s of part) seen.set(s.record_key, JSON.parse(s.state) as SeenState);
    }
    const nowMs = clock.now().getTime();
    const timestamp = clock.now().toISOString();
    const eventRows: WebhookTables['webhook_events'][] = [];
    const deliveryRows: WebhookTables['webhook_deliveries'][] = [];
    for (const row of rows) {
      if (row.deleted) continue;
      const key = `${row.collection}:${row.id}`;
      const derived = deriveEvents(row.collection as EventCollection, seen.get(key), row.data, {
        feedStartMs: Number(cursor.started_ms),
      });
      seen.set(key, derived.state);
      derived.events.forEach((event, n) => {
        const payload: WebhookPayload = { type: event.type, timestamp, data: event.data };
        const eventId = `msg_${ids.next().replace(/-/g, '')}`;
        const position = row.seq * SLOTS + n;
        eventRows.push({
          id: eventId,
          tenant_id: tenantId,
          type: event.type,
          record_key: key,
          position,
          payload: JSON.stringify(payload),
          created_ms: nowMs,
        });
        for (const endpoint of endpoints) {
          if (!endpoint.events.has(event.type)) continue;
          deliveryRows.push({
            id: ids.next(),
            tenant_id: tenantId,
            event_id: eventId,
            endpoint_id: endpoint.id,
            record_key: key,
            position,
            status: 'pending',
            attempts: 0,
            next_ms: nowMs,
            created_ms: nowMs,
            first_attempt_ms: null,
            delivered_ms: null,
            last_error: null,
          });
        }
      });
    }
    for (let i = 0; i < eventRows.length; i += 100)
      await db
        .insertInto('webhook_events')
        .values(eventRows.slice(i, i + 100))
        .execute();
    for (let i = 0; i < deliveryRows.length; i += 100)
      await db
        .insertInto('webhook_deliveries')
        .values(deliveryRows.slice(i, i + 100))
        .execute();
    const states = rows.filter((r) => !r.deleted).map((r) => `${r.collection}:${r.id}`);
    const unique = [...new Set(states)].map((key) => ({
      tenant_id: tenantId,
      record_key: key,
      state: JSON.stringify(seen.get(key)),
    }));
    for (let i = 0; i < unique.length; i += 100) {
      await db
        .insertInto('webhook_record_state')
        .values(unique.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['tenant_id', 'record_key']).doUpdateSet({ state: sql<string>`excluded.state` }))
        .execute();
    }
    return { events: eventRows.length, rows: rows.length };
  });
}
