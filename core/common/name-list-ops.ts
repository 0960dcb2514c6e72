/**
 * The list every named reference record offers (specialties, suppliers, products): `GET {path}` by the
 * start of the name, ignoring accents and case (`nameKey`), optionally only the active or inactive ones,
 * in name order, paged by cursor (`{ items, next }`, docs/architecture.md "REST conventions").
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { defineOperation } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { pageBy } from './paging.js';
import { activeFilterInput, cursorInput, limitInput } from './query-input.js';

/** What differs between groups. */
export interface NameListSpec<T extends RecordBase & { nameKey: string; active: boolean }, O extends z.ZodType> {
  /** e.g. `specialty.list`. */
  name: string;
  group: string;
  summary: string;
  /** The read permission, e.g. `specialty:read`. */
  permission: string;
  /** The collection's route, e.g. `/specialty/`. */
  path: string;
  collection: CollectionDef<T>;
  /** One record as answered. */
  output: O;
  /** The start of a name, for the OpenAPI example. */
  example: string;
}

/** The list operation of one kind of named record. */
export function nameListOperation<T extends RecordBase & { nameKey: string; active: boolean }, O extends z.ZodType>(
  spec: NameListSpec<T, O>,
) {
  const output = z.object({ items: z.array(spec.output), next: z.string().nullable() });
  return defineOperation({
    name: spec.name,
    group: spec.group,
    summary: spec.summary,
    permission: spec.permission,
    input: z.strictObject({
      q: z.string().max(120).optional().describe('início do nome'),
      active: activeFilterInput,
      limit: limitInput,
      cursor: cursorInput,
    }),
    output,
    http: { method: 'GET', path: spec.path },
    example: { q: spec.example },
    run: async (ctx, { q, active, limit, cursor }) =>
      (await pageBy(ctx.store.collection(spec.collection), {
        key: 'nameKey',
        prefix: searchKey(q ?? ''),
        where: [active === undefined ? {} : { active }],
        limit,
        cursor,
        // The stored records are what `spec.output` answers; TypeScript cannot relate the two generics.
      })) as z.input<typeof output>,
  });
}
