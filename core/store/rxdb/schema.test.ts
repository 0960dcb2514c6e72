import { checkSchema } from 'rxdb/plugins/dev-mode';
import { describe, expect, it } from 'vitest';
import { samples } from '../conformance.js';
import { sparse } from './sparse-suite.js';
import { groupIndexes, groupSchema, slotsOf } from './schema.js';

describe('rxdb schema of a storage group derived from its members', () => {
  it.each([[[samples]], [[sparse]], [[samples, sparse]]])("passes RxDB dev-mode's schema checks: %#", (members) => {
    // Dev-mode itself is not enabled in these tests: it insists on a validating storage, which would
    // refuse the undeclared fields records keep. Its schema check runs here instead.
    expect(() => checkSchema(groupSchema('shared', members))).not.toThrow();
  });

  it('puts declared strings and numbers in slots, in declaration order; booleans get none', () => {
    expect([...slotsOf(samples)]).toEqual([
      ['kind', 'rx_s1'],
      ['rank', 'rx_n1'],
      ['label', 'rx_s2'],
    ]);
    expect([...slotsOf(sparse)]).toEqual([
      ['name', 'rx_s1'],
      ['score', 'rx_n1'],
      ['group', 'rx_s2'],
    ]);
  });

  it('prefixes every index with tenant and collection, leaves booleans out and shares equal slot indexes', () => {
    expect(groupIndexes([samples])).toEqual([
      ['tenantId', 'rx_collection'],
      ['tenantId', 'rx_collection', 'rx_s1'],
      ['tenantId', 'rx_collection', 'rx_n1'],
      ['tenantId', 'rx_collection', 'rx_s2'],
    ]);
    // sparse's [name], [score] fall on samples' [kind], [rank] slots: one index serves both.
    expect(groupIndexes([samples, sparse])).toEqual([
      ['tenantId', 'rx_collection'],
      ['tenantId', 'rx_collection', 'rx_s1'],
      ['tenantId', 'rx_collection', 'rx_n1'],
      ['tenantId', 'rx_collection', 'rx_s2'],
      ['tenantId', 'rx_collection', 'rx_s2', 'rx_n1'],
      ['tenantId', 'rx_collection', 'rx_s2', 'rx_s1'],
    ]);
  });

  it('declares each slot with the bounds RxDB indexes need, and the indexed ones as required (Dexie DXE1)', () => {
    const schema = groupSchema('shared', [samples]);
    expect(schema.primaryKey).toBe('id');
    expect(schema.title).toBe('shared');
    expect(schema.properties['rx_s2']).toMatchObject({ type: 'string', maxLength: 256 });
    expect(schema.properties['rx_n1']).toMatchObject({
      type: 'number',
      minimum: -1e15,
      maximum: 1e15,
      multipleOf: 0.000001,
    });
    expect(schema.required).toEqual(['id', 'tenantId', 'rx_collection', 'rx_s1', 'rx_n1', 'rx_s2']);
    expect(schema.properties['label']).toBeUndefined();
    expect(schema.properties['nested']).toBeUndefined();
  });
});
