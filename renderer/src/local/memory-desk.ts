/**
 * Tests' desk: the demo tenant's local core on a real RxDB in memory, closed after each test. Every
 * desk-side integration test opened and closed one the same way.
 */
import { afterEach } from 'vitest';
import { memoryStorage } from '#core/store/rxdb/index.js';
import { DEMO_TENANT } from './demo-seed.js';
import { openLocalCore, type LocalCore, type LocalCoreOptions } from './local-core.js';

/** What a test may still choose: the clock, the number source, the collections. */
export type MemoryDeskOptions = Partial<Omit<LocalCoreOptions, 'name' | 'tenantId' | 'storage'>>;

/**
 * Call at a test file's top level: registers the `afterEach` that closes what it opened.
 * @returns a function opening a fresh core (its own database name) per call.
 */
export function memoryDesks(name: string): (options?: MemoryDeskOptions) => Promise<LocalCore> {
  const open: LocalCore[] = [];
  let count = 0;
  afterEach(async () => {
    for (const core of open.splice(0)) await core.close();
  });
  return async (options = {}) => {
    const core = await openLocalCore({
      name: `${name}-${process.pid}-${++count}`,
      tenantId: DEMO_TENANT,
      storage: memoryStorage(),
      multiInstance: false,
      ...options,
    });
    open.push(core);
    return core;
  };
}
