/** `npm run openapi:types`: rewrites test/contract/api.d.ts from the document the server serves. */
import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, apiTypesSource, servedOpenApi } from './api-types.js';

writeFileSync(API_TYPES_FILE, await apiTypesSource(await servedOpenApi()));
console.log(`wrote ${API_TYPES_FILE.pathname}`);
