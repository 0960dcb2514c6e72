import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { checkSeries, type NumberLeaser, type NumberSource } from './number-source.js';

/** A leased block kept by an installation: numbers `next`..`to` are still free to issue. */
export interface NumberBlock extends RecordBase {
  series: string;
  from: number;
  to: number;
  next: number;
}

/** Local collection of an installation's leased blocks. */
export const numberBlocks = defineCollection<NumberBlock>({
  name: 'number_blocks',
  fields: { series: 'string', from: 'number' },
  indexes: [['series', 'from']],
});

/** How an installation leases: block size, and the level under which it leases ahead. */
export interface BlockPolicy {
  /** Numbers per lease; 50 covers a busy desk's day of budgets. */
  size: number;
  /** Lease the next block ahead when fewer than this many remain, so going offline rarely runs dry. */
  lowWater: number;
}

export const DEFAULT_BLOCK_POLICY: BlockPolicy = { size: 50, lowWater: 10 };

const OFFLINE_AND_EMPTY = 'Sem números disponíveis offline: conecte ao servidor para obter um novo bloco';

/**
 * The installation's {@link NumberSource}: issues from leased blocks in the local store, oldest block
 * first; leases a new block when the remaining numbers fall under the low-water mark. When the server
 * is unreachable it keeps issuing what it holds, and only fails when nothing is left. A draw given the
 * operation's transaction (`next(series, tx)`) reads and moves its block through it: the desk's store
 * holds other writes back until the transaction ends, so the block must be written inside it.
 */
export function blockNumberSource(deps: {
  store: Store;
  leaser: NumberLeaser;
  clock: Clock;
  ids: IdGenerator;
  policy?: BlockPolicy;
}): NumberSource {
  const policy = deps.policy ?? DEFAULT_BLOCK_POLICY;
  /** The blocks, read and written through `tx` when the draw belongs to an open transaction. */
  const blocks = (tx?: Store) => (tx ?? deps.store).collection(numberBlocks);
  const remaining = (list: NumberBlock[]) => list.reduce((sum, b) => sum + (b.to - b.next + 1), 0);

  async function leaseInto(series: string, tx?: Store): Promise<boolean> {
    let range;
    try {
      range = await deps.leaser.lease(series, policy.size);
    } catch {
      return false; // offline: keep issuing what is held
    }
    const now = isoWithOffset(deps.clock.now());
    await blocks(tx).insert({
      id: deps.ids.next(),
      tenantId: deps.store.tenantId,
      createdAt: now,
      updatedAt: now,
      series,
      from: range.from,
      to: range.to,
      next: range.from,
    });
    return true;
  }

  async function openBlocks(series: string, tx?: Store) {
    const all = await blocks(tx).find({ selector: { series }, sort: [{ from: 'asc' }] });
    return all.filter((b) => b.next <= b.to);
  }

  return {
    async reserve(series) {
      checkSeries(series);
      if (remaining(await openBlocks(series)) >= policy.lowWater) return true;
      return leaseInto(series);
    },
    async next(series, tx) {
      checkSeries(series);
      let open = await openBlocks(series, tx);
      if (remaining(open) < policy.lowWater && (await leaseInto(series, tx))) open = await openBlocks(series, tx);
      for (;;) {
        const block = open[0];
        if (!block) throw new DomainError('conflict', OFFLINE_AND_EMPTY, [{ path: 'series', message: series }]);
        try {
          await blocks(tx).update(block.id, block._rev, {
            ...block,
            next: block.next + 1,
            updatedAt: isoWithOffset(deps.clock.now()),
          });
          return block.next;
        } catch (err) {
          // Another window of this installation issued from the same block: reread and try again.
          if (!(err instanceof DomainError && err.code === 'conflict')) throw err;
          open = await openBlocks(series, tx);
        }
      }
    },
  };
}
