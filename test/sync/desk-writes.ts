/**
 * Test-only: what the model-based sync tests (convergence, clock skew) share once their desks have
 * run their commands: what each desk last wrote and what the server accepted, settling the desks,
 * and the "no write lost" invariant.
 */
import { expect } from 'vitest';
import { COLLECTION_FIELD } from '#core/store/rxdb/storage-groups.js';
import { sameDocument } from '#core/sync/protocol.js';
import { NO_FAULTS } from './in-process-fetch.js';
import type { TestInstallation } from './installation.js';
import type { SyncTestServer } from './sync-fixture.js';

/** What a run's desks wrote, and what the server took of it. */
export interface DeskWrites {
  /** Each desk's last state of each document, with `_deleted`, by {@link writeKey}. */
  lastWrites: Map<string, Record<string, unknown>>;
  /** Every state the server accepted from a group push, by `collection/id`. */
  accepted: Map<string, Record<string, unknown>[]>;
}

/** The key of a desk's last write: `desk/collection/id`. */
export const writeKey = (desk: number, collection: string, id: string) => `${desk}/${collection}/${id}`;

/** A group push `/sync/group/{group}/push`: @returns the group, or undefined for any other path. */
export function pushedGroup(path: string): string | undefined {
  return /^\/sync\/group\/([a-z_]+)\/push$/.exec(path)?.[1];
}

/**
 * Records in `accepted` the states of a group push (`body`) the server took: every row whose id is
 * not among the answer's conflicts, or whose answer `takenAsSent` says the server gives for a state
 * it took (a state outside the installation's window is answered as its tombstone, push-answer.ts).
 */
export function recordAccepted(
  accepted: DeskWrites['accepted'],
  body: unknown,
  answer: unknown,
  takenAsSent: (pushed: Record<string, unknown>, answered: Record<string, unknown>) => boolean = () => false,
): void {
  const answered = new Map((answer as { id: string }[]).map((d) => [d.id, d as Record<string, unknown>]));
  for (const row of body as { newDocumentState: Record<string, unknown> & { id: string } }[]) {
    const answeredState = answered.get(row.newDocumentState.id);
    if (answeredState && !takenAsSent(row.newDocumentState, answeredState)) continue;
    // Group pushes name each document's collection; the stored record does not carry it.
    const { [COLLECTION_FIELD]: name, ...state } = row.newDocumentState;
    const k = `${String(name)}/${row.newDocumentState.id}`;
    accepted.set(k, [...(accepted.get(k) ?? []), state]);
  }
}

/**
 * Brings every desk back online with no faults and resyncs them all until `snapshot` (the desks'
 * documents) reads the same twice in a row. Throws when 20 rounds do not settle them.
 */
export async function quiesce(desks: readonly TestInstallation[], snapshot: () => Promise<unknown>): Promise<void> {
  for (const d of desks) {
    d.link.online = true;
    d.link.faults = NO_FAULTS;
  }
  let previous = '';
  for (let round = 0; round < 20; round++) {
    for (const d of desks) d.sync.resync();
    await Promise.all(desks.map((d) => d.sync.awaitInSync()));
    const current = JSON.stringify(await snapshot());
    if (current === previous) return;
    previous = current;
  }
  throw new Error('as instalações não se estabilizaram');
}

/**
 * Asserts that no desk's last write of any document was lost: the server accepted that very state at
 * some point, or its review list (conflicts and refusals) holds it.
 */
export async function expectNoWriteLost(server: SyncTestServer, tenantId: string, writes: DeskWrites): Promise<void> {
  const listed = (await server.database.kysely
    .selectFrom('sync_review' as never)
    .select(['collection' as never, 'document' as never])
    .where('tenant_id' as never, '=', tenantId as never)
    .execute()) as { collection: string; document: string }[];
  if (process.env.CLINIC_SYNC_DEBUG) console.log(`writes ${writes.lastWrites.size} review ${listed.length}`);
  const inReview = listed.map((r) => ({ collection: r.collection, document: JSON.parse(r.document) as unknown }));
  for (const [k, written] of writes.lastWrites) {
    const [, name, id] = k.split('/') as [string, string, string];
    const kept =
      (writes.accepted.get(`${name}/${id}`) ?? []).some((state) => sameDocument(state, written)) ||
      inReview.some((r) => r.collection === name && sameDocument(r.document, written));
    expect(kept, `escrita perdida: ${k} ${JSON.stringify(written)}`).toBe(true);
  }
}
