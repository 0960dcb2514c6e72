import { checkSchema } from 'rxdb/plugins/dev-mode';
import { describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { groupSchema } from './schema.js';
import { CLINIC_STORAGE_GROUPS, storageGroupOf } from './storage-groups.js';

/** RxDB's open-source limit of open collections per JavaScript realm (COL23). */
const RXDB_COLLECTION_CAP = 13;

describe('storage groups of the catalogue', () => {
  it('places every collection of allCollections in exactly one group, and names no other', () => {
    const listed = Object.values(CLINIC_STORAGE_GROUPS).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(allCollections.map((def) => def.name).sort());
  });

  it('stays under the RxDB cap with room for two desks in one process and for growth', () => {
    const groups = Object.keys(CLINIC_STORAGE_GROUPS).length;
    // Tests run two installations in one process (the cap is process-wide).
    expect(groups * 2).toBeLessThanOrEqual(RXDB_COLLECTION_CAP - 3);
  });

  it.each(Object.entries(CLINIC_STORAGE_GROUPS))(
    "group %s: its schema passes RxDB dev-mode's checks",
    (group, names) => {
      const members = allCollections.filter((def) => names.includes(def.name));
      expect(() => checkSchema(groupSchema(group, members))).not.toThrow();
      // A group is never named like a collection, so a collection no group lists cannot collide with one.
      expect(allCollections.map((def) => def.name)).not.toContain(group);
    },
  );

  it('gives a collection no group lists a group of its own', () => {
    expect(storageGroupOf('patients')).toBe('people');
    expect(storageGroupOf('samples')).toBe('samples');
  });
});
