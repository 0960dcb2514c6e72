/**
 * `GET /sync/stream`: one SSE stream per installation multiplexing every storage group it may read
 * (browsers allow about six HTTP/1.1 connections per origin; one per group would starve the app).
 * It opens with `RESYNC` (the client pulls each group from its checkpoint, covering whatever changed
 * while it was away), then sends `{ group, documents, checkpoint }` for changes after the tenant's
 * seq at connection time, documents tagged with `rx_collection` as the group pull sends them.
 * Streamed documents pass the same collection windows as pulls (core/sync/windows.ts): an appointment
 * older than its window written on the server stays there, a patient made inactive goes as a tombstone.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Clock } from '#core/clock.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import { COLLECTION_FIELD } from '#core/store/rxdb/storage-groups.js';
import { toSyncDocument } from '#core/sync/protocol.js';
import { throughWindow, type SyncWindows } from '#core/sync/windows.js';
import { mayHold, sharedWithStation, type SharedWithLookup } from './device-user.js';
import type { SqlDatabase, StoreTables } from '../store/index.js';
import { groupChangesAfter } from '../store/sync-feed.js';
import type { ChangeHub } from './change-hub.js';
import type { DeviceActor } from './devices.js';

/** Documents per stream event; a burst larger than this goes out as several events. */
const EVENT_BATCH = 200;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** A storage group as streamed: its name and the members the installation may read. */
export interface StreamedGroup {
  name: string;
  members: readonly CollectionDef[];
}

/** What {@link answerStream} needs: the store, the hub that wakes it, and the windows applied at `clock`. */
export interface StreamDeps {
  database: SqlDatabase;
  hub: ChangeHub;
  windows: SyncWindows;
  clock: Clock;
  /** Records shared with the station's user, read again at each flush (a share accepted meanwhile). */
  sharedWith?: SharedWithLookup;
}

/**
 * Answers the SSE stream of `actor` over `groups` (with the members it may read). Ends when the
 * client disconnects.
 */
export function answerStream(
  c: Context,
  deps: StreamDeps,
  actor: DeviceActor,
  groups: readonly StreamedGroup[],
): Response {
  return streamSSE(c, async (stream) => {
    const row = await deps.database.kysely
      .withTables<StoreTables>()
      .selectFrom('tenant_seq')
      .select('seq')
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    const start = row ? Number(row.seq) : 0;
    const cursors = new Map(groups.map((group) => [group.name, start]));
    let running = Promise.resolve();
    let again = false;
    const flush = async () => {
      const shared = await sharedWithStation(actor, deps.sharedWith);
      for (const group of groups) {
        for (;;) {
          const rows = await groupChangesAfter(
            deps.database.kysely,
            group.members,
            actor.tenantId,
            cursors.get(group.name)!,
            EVENT_BATCH,
          );
          if (rows.length === 0) break;
          const checkpoint = { seq: rows.at(-1)!.seq };
          cursors.set(group.name, checkpoint.seq);
          const now = deps.clock.now();
          // Incremental: the installation may hold an older version of a document that left a window.
          const documents = rows.flatMap((r) => {
            if (!mayHold(actor, r.collection, r.data, shared)) return [];
            const sent = throughWindow(deps.windows[r.collection], toSyncDocument(r.data, r.deleted), now, true);
            return sent ? [{ ...sent, [COLLECTION_FIELD]: r.collection }] : [];
          });
          // A batch wholly outside the windows still moves the cursor; an event with no documents would
          // only wake the client for nothing.
          if (documents.length > 0) {
            await stream.writeSSE({ data: JSON.stringify({ group: group.name, documents, checkpoint }) });
          }
          if (rows.length < EVENT_BATCH) break;
        }
      }
    };
    // One flush at a time; a change during a flush schedules exactly one more.
    const changed = () => {
      if (again) return;
      again = true;
      running = running.then(async () => {
        again = false;
        if (!stream.aborted) await flush();
      });
    };
    const unsubscribe = deps.hub.subscribe(actor.tenantId, changed);
    const aborted = new Promise<void>((resolve) => stream.onAbort(resolve));
    await stream.writeSSE({ data: 'RESYNC' });
    // A change that committed between reading the seq and subscribing is caught here.
    changed();
    while (!stream.aborted) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([aborted, new Promise((resolve) => (timer = setTimeout(resolve, HEARTBEAT_MS)))]);
      clearTimeout(timer);
      if (!stream.aborted) await stream.write(': ping\n\n');
    }
    unsubscribe();
    await running;
  });
}
