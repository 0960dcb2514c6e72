import { checkSchema } from 'rxdb/plugins/dev-mode';
import { describe, expect, it } from 'vitest';
import { samples } from '../conformance.js';
import { sparse } from './sparse-suite.js';
import { rxIndexes, rxSchemaFor } from './schema.js';

describe('rxdb schema derived from a collection declaration', () => {
  it.each([samples, sparse])("passes RxDB dev-mode's schema checks: %s", (def) => {
    // Dev-mode itself is not enabled in these tests: it insists on a validating storage, which would
    // refuse the undeclared fields records keep. Its schema check runs here instead.
    expect(() => checkSchema(rxSchemaFor(def))).not.toThrow();
  });

  it('prefixes every index with the tenant, adds the tenant index and leaves booleans out', () => {
    expect(rxIndexes(samples)).toEqual([
      ['tenantId'],
      ['tenantId', 'kind'],
      ['tenantId', 'rank'],
      ['tenantId', 'label'],
    ]);
    expect(rxIndexes(sparse)).toEqual([
      ['tenantId'],
      ['tenantId', 'name'],
      ['tenantId', 'score'],
      ['tenantId', 'group', 'score'],
      ['tenantId', 'group', 'name'],
    ]);
  });

  it('declares each field with the bounds RxDB indexes need, and the indexed ones as required (Dexie DXE1)', () => {
    const schema = rxSchemaFor(samples);
    expect(schema.primaryKey).toBe('id');
    expect(schema.properties['label']).toMatchObject({ type: 'string', maxLength: 256 });
    expect(schema.properties['rank']).toMatchObject({
      type: 'number',
      minimum: -1e15,
      maximum: 1e15,
      multipleOf: 0.000001,
    });
    expect(schema.properties['active']).toEqual({ type: 'boolean' });
    expect(schema.required).toEqual(['id', 'tenantId', 'kind', 'rank', 'label']);
    expect(schema.properties['nested']).toBeUndefined();
  });
});
