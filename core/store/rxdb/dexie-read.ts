/**
 * The desk's read path on RxDB's Dexie storage (docs/decisions/store.md STORE-020): a query the planner
 * (query-plan.ts) gave an index range is read with one IndexedDB `getAll` over that range, where RxDB's
 * Dexie storage walks a cursor and pays one round trip to IndexedDB per document. Same range, same
 * matcher, same sort and skip/limit as RxDB's `dexieQuery`, so the answer is the same; only the walk
 * differs. A query whose cursor could stop early (a limit, the order of the index, and a matcher deciding
 * membership: how many records to read is unknown) is left to RxDB.
 */
import { getQueryMatcher, getSortComparator, type PreparedQuery, type RxDocumentData } from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
} from 'rxdb/plugins/storage-dexie';
import type { RxRecord } from './schema.js';
import type { RxRecordCollection } from './storage-io.js';

/** What RxDB's Dexie storage instance keeps in `internals` (the part read here). */
interface DexieState {
  dexieDb: {
    _options: { IDBKeyRange?: typeof IDBKeyRange };
    transaction<R>(mode: 'r', table: unknown, work: (tx: { idbtrans: IDBTransaction }) => Promise<R>): Promise<R>;
  };
  dexieTable: unknown;
  booleanIndexes: string[];
}

/** The Dexie storage instance under RxDB's wrapper, or undefined for another storage. */
function dexieInstance(rx: RxRecordCollection): { internals: Promise<DexieState> } | undefined {
  const wrapped = rx.storageInstance as unknown as { originalStorageInstance?: unknown };
  const instance = (wrapped.originalStorageInstance ?? wrapped) as {
    internals?: Promise<DexieState>;
    storage?: { name?: string };
  };
  return instance.storage?.name === 'dexie' && instance.internals ? { internals: instance.internals } : undefined;
}

function getAll(index: IDBIndex, range: IDBKeyRange, count: number | undefined): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = index.getAll(range, count);
    request.onsuccess = () => resolve(request.result as unknown[]);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB getAll falhou'));
  });
}

/**
 * The documents of `prepared` read with one `getAll` over its index range, or undefined when the storage
 * is not Dexie or the query is better left to RxDB's cursor (see the file's note).
 * @throws the storage's error when IndexedDB refuses the read.
 */
export async function dexieReadAll(
  rx: RxRecordCollection,
  prepared: PreparedQuery<RxRecord>,
): Promise<RxDocumentData<RxRecord>[] | undefined> {
  const instance = dexieInstance(rx);
  if (!instance) return undefined;
  const { query, queryPlan: plan } = prepared;
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  const schema = rx.schema.jsonSchema;
  const matcher = plan.selectorSatisfiedByIndex ? undefined : getQueryMatcher(schema, query);
  const bounded = plan.sortSatisfiedByIndex && limit !== Infinity;
  if (matcher && bounded) return undefined;
  const state = await instance.internals;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, plan, state.dexieDb._options.IDBKeyRange) as IDBKeyRange;
  } catch (error) {
    // As RxDB's dexieQuery: a range IndexedDB refuses (lower above upper) holds nothing.
    if ((error as Error).name === 'DataError') return [];
    throw error;
  }
  const indexName = `[${plan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  const raw = await rx.database.lockedRun(() =>
    state.dexieDb.transaction('r', state.dexieTable, (tx) =>
      getAll(
        tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName),
        range,
        bounded ? skip + limit : undefined,
      ),
    ),
  );
  let rows: RxDocumentData<RxRecord>[] = raw.map((doc) => fromDexieToStorage(state.booleanIndexes, doc));
  if (matcher) rows = rows.filter((doc) => matcher(doc));
  if (!plan.sortSatisfiedByIndex) rows.sort(getSortComparator(schema, query));
  return rows.slice(skip, skip + limit);
}
