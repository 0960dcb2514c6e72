/**
 * Every replicated collection is pushed by the registry-wide suite: its module is in exactly one group of
 * groups.ts, so push-contracts.int.test.ts checks its push contract with that group. A new module fails here
 * until its name is added to `PUSH_CONTRACT_GROUPS`.
 */
import { describe, expect, it } from 'vitest';
import { allCollections, modules } from '#core/catalogue.js';
import { FIXED_POLICIES, groupCollections, PUSH_CONTRACT_GROUPS, type PushContractGroup } from './groups.js';

describe('push contract groups', () => {
  it('cover every replicated collection exactly once, and every delete policy issues 17 and 18 fixed', () => {
    const listed: readonly string[] = Object.values(PUSH_CONTRACT_GROUPS).flat();
    expect(listed.filter((name) => !modules.some((m) => m.name === name))).toEqual([]);
    const grouped = (Object.keys(PUSH_CONTRACT_GROUPS) as PushContractGroup[]).flatMap(groupCollections);
    const names = allCollections.map((def) => def.name);
    expect(names.filter((name) => !grouped.includes(name))).toEqual([]);
    expect(grouped.filter((name, i) => grouped.indexOf(name) !== i)).toEqual([]);
    expect(Object.keys(FIXED_POLICIES).filter((name) => !grouped.includes(name))).toEqual([]);
  });
});
