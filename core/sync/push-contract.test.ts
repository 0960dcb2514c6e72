import { describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { deleteProblems, pushContractOf, undeclaredPushContracts } from './push-contract.js';

describe('push contracts', () => {
  it('every replicated collection declares its record schema and what a pushed deletion means', () => {
    expect(undeclaredPushContracts(allCollections.map((def) => def.name))).toEqual([]);
    for (const def of allCollections) {
      const { deletes } = pushContractOf(def.name);
      // Refusals are shown to people (pt-BR); an allowance says why it loses nothing.
      expect(Object.values(deletes)[0], def.name).toMatch(/\S{3,}/);
    }
  });

  it('refuses every document and deletion of a collection that declared none', () => {
    expect(undeclaredPushContracts(['patients', 'new_collection'])).toEqual(['new_collection']);
    expect(pushContractOf('new_collection').record.safeParse({ id: 'x' }).success).toBe(false);
    expect(deleteProblems('new_collection')).toHaveLength(1);
  });
});
