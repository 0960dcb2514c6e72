/**
 * The inactivate/activate pair every reference record (events, specialties, insurances) offers:
 * `POST {path}/inactivation` and `POST {path}/activation`. Records are never deleted (history points
 * at them); inactivating hides them from pickers, activating brings them back after the group's own
 * uniqueness check.
 */
import { z } from 'zod';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { EXAMPLE_ID, idInput, setActive } from './records.js';

/** What differs between groups. */
export interface ActivationSpec<T extends RecordBase & { active: boolean }, O extends z.ZodType> {
  /** Operation name prefix, e.g. `insurance` → `insurance.inactivate`, `insurance.activate`. */
  name: string;
  group: string;
  /** The record's route, e.g. `/insurance/{id}`. */
  path: string;
  /** The write permission, e.g. `insurance:write`. */
  permission: string;
  collection: CollectionDef<T>;
  output: O;
  /** The record's pt-BR noun for not-found messages, e.g. `Convênio`. */
  what: string;
  summaries: { inactivate: string; activate: string };
  /**
   * Runs before a record comes back; throws `conflict` when an active record already holds its
   * unique key (name, code, ANS registry).
   */
  beforeActivating(ctx: OperationContext, current: Stored<T>): Promise<void>;
}

/** The pair of operations for one kind of record: `[inactivate, activate]`. */
export function activationOperations<T extends RecordBase & { active: boolean }, O extends z.ZodType>(
  spec: ActivationSpec<T, O>,
): [Operation, Operation] {
  const input = z.strictObject({ id: idInput });
  const common = { group: spec.group, permission: spec.permission, input, output: spec.output };
  const inactivate = defineOperation({
    ...common,
    name: `${spec.name}.inactivate`,
    summary: spec.summaries.inactivate,
    http: { method: 'POST', path: `${spec.path}/inactivation` },
    example: { id: EXAMPLE_ID },
    run: async (ctx, { id }) => (await setActive(ctx, spec.collection, id, false, spec.what)) as z.input<O>,
  });
  const activate = defineOperation({
    ...common,
    name: `${spec.name}.activate`,
    summary: spec.summaries.activate,
    http: { method: 'POST', path: `${spec.path}/activation` },
    example: { id: EXAMPLE_ID },
    run: async (ctx, { id }) =>
      (await setActive(ctx, spec.collection, id, true, spec.what, (current) =>
        spec.beforeActivating(ctx, current),
      )) as z.input<O>,
  });
  return [inactivate, activate];
}
