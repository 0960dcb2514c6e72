import { checkSchema } from 'rxdb/plugins/dev-mode';
import { describe, expect, it } from 'vitest';
import { samples } from '#core/store/conformance.js';
import { sparse } from './sparse-suite.js';
import { groupIndexes, groupSchema, slotsOf } from './schema.js';

describe('rxdb schema of a storage group derived from its members', () => {
  it.each([[[samples]], [[sparse]], [[samples, sparse]]])("passes RxDB dev-mode's schema checks: %#", (members) => {
    // Dev-mode itself is not enabled in these tests: it insists on a validating storage, which would
    // refuse the undeclared fields records keep. Its schema check runs here instead.
    expect(() => checkSchema(groupSchema('shared', members))).not.toThrow();
  });

  it('puts each declared string and number in a slot named for its collection; booleans get none', () => {
    expect([...slotsOf(samples)]).toEqual([
      ['kind', 'rx_samples_kind'],
      ['rank', 'rx_samples_rank'],
      ['label', 'rx_samples_label'],
    ]);
  });

  it("prefixes every index with tenant and collection, leaves booleans out and keeps members' indexes apart", () => {
    expect(groupIndexes([samples])).toEqual([
      ['tenantId', 'rx_collection'],
      ['tenantId', 'rx_collection', 'rx_samples_kind'],
      ['tenantId', 'rx_collection', 'rx_samples_rank'],
      ['tenantId', 'rx_collection', 'rx_samples_label'],
    ]);
    expect(groupIndexes([samples, sparse]).slice(4)).toEqual([
      ['tenantId', 'rx_collection', 'rx_sparse_name'],
      ['tenantId', 'rx_collection', 'rx_sparse_score'],
      ['tenantId', 'rx_collection', 'rx_sparse_group', 'rx_sparse_score'],
      ['tenantId', 'rx_collection', 'rx_sparse_group', 'rx_sparse_name'],
    ]);
  });

  it('declares each slot with the bounds RxDB indexes need, and the indexed ones as required (Dexie DXE1)', () => {
    const schema = groupSchema('shared', [samples]);
    expect(schema.primaryKey).toBe('id');
    expect(schema.title).toBe('shared');
    expect(schema.properties['rx_samples_label']).toMatchObject({ type: 'string', maxLength: 256 });
    expect(schema.properties['rx_samples_rank']).toMatchObject({
      type: 'number',
      minimum: -1e15,
      maximum: 1e15,
      multipleOf: 0.000001,
    });
    expect(schema.required).toEqual([
      'id',
      'tenantId',
      'rx_collection',
      'rx_samples_kind',
      'rx_samples_rank',
      'rx_samples_label',
    ]);
    expect(schema.properties['label']).toBeUndefined();
    expect(schema.properties['nested']).toBeUndefined();
  });

  it('refuses two members whose slot names collide', () => {
    const a = { name: 'a_b', fields: { c: 'string' }, indexes: [] } as const;
    const b = { name: 'a', fields: { b_c: 'string' }, indexes: [] } as const;
    expect(() => groupSchema('shared', [a, b] as never)).toThrow(/repetido/);
  });
});
