/**
 * The committed client types (`api.d.ts`) are what openapi-typescript makes of today's
 * `/openapi.json`: the contract test type-checks against the document the server really serves.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource, servedOpenApi } from './api-types.js';

describe('test/contract/api.d.ts', () => {
  it('is what openapi-typescript generates from /openapi.json (else run `npm run openapi:types`)', async () => {
    const fresh = await apiTypesSource(await servedOpenApi());
    expect(readFileSync(API_TYPES_FILE, 'utf8') === fresh, 'stale: run `npm run openapi:types`').toBe(true);
  });
});
