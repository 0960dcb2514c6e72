import type { z } from 'zod';
import { can, type Actor } from './actor.js';
import { refuseControlCharacters } from './control-characters.js';
import type { Clock } from './clock.js';
import { DomainError, validationError } from './errors.js';
import type { IdGenerator } from './ids.js';
import type { NumberSource } from './numbering/number-source.js';
import type { Outbox } from './outbox.js';
import type { Store } from './store/port.js';

/**
 * Where a call comes from, for the audit log and rate limits (docs/architecture.md "Security": who, what, when,
 * from where). Not HTTP itself: the server fills it from the connection, a desk from its own address.
 */
export interface CallOrigin {
  /** Client IP address as the server sees it (`unknown` when it cannot tell). */
  ip: string;
  /** The client's User-Agent, cut to a sane length; empty when absent. */
  userAgent: string;
}

/** Everything an operation may touch. It never sees HTTP, Electron or the DOM. */
export interface OperationContext {
  /** Already confined to `actor.tenantId`. */
  store: Store;
  actor: Actor;
  clock: Clock;
  ids: IdGenerator;
  outbox: Outbox;
  /** Human sequence numbers (budgetNumber, tickets) of the tenant: the server's counter or a leased block. */
  numbers: NumberSource;
  /** Where the call comes from; absent for local calls (a desk running an operation on its own data). */
  origin?: CallOrigin;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where the REST server mounts an operation. `{name}` segments of `path` are path parameters and
 * must be keys of the input schema. The remaining input fields come from the query string for GET
 * and DELETE, from the JSON body otherwise.
 */
export interface HttpBinding {
  method: HttpMethod;
  /** The spec's path where it gives one, e.g. `/budget/` or `/appointment/{id}/patientConfirmation`. */
  path: string;
  /** Success status; 200 by default, 201 for creations (docs/architecture.md "REST conventions"). */
  status?: 200 | 201 | 202 | 204;
  /** True when the spec gives no response body (answers the status with an empty body). */
  emptyBody?: boolean;
  /**
   * Path parameters named `id` or `…Id` that are not record ids (a council's acronym `CRM`). Every
   * other such parameter is a UUID, checked and lower-cased by the REST layer (docs/decisions/
   * "Errors and REST").
   */
  textIds?: readonly string[];
  /**
   * A text field the body may also carry whole: as the raw body of `mediaType` (`text/csv`), or as the
   * part named `file` of a `multipart/form-data` upload (its other parts, and the query string of a
   * raw body, give the other fields). A JSON body still works as for any operation.
   */
  textBody?: { field: string; mediaType: string; file: string };
  /**
   * A binary file the body may also carry as the part named `file` of a `multipart/form-data` upload:
   * its bytes become `field` in base64, its file name `nameField` and its media type `typeField` (which
   * must start with `accept`, e.g. `audio/`); the other parts give the other fields. A JSON body still
   * works. `maxBytes` bounds the file, and the route's request body may exceed the server's body limit
   * (`CLINIC_BODY_LIMIT`) by as much as that file needs, in base64 JSON or multipart.
   */
  fileBody?: { field: string; file: string; nameField: string; typeField: string; accept: string; maxBytes: number };
}

/**
 * One operation of the catalogue, defined once (docs/architecture.md "One operation, defined once"). The
 * renderer calls it locally through {@link invoke}; the server mounts it as a REST route and
 * documents it in /openapi.json from the same schemas.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** `group.verb`, e.g. `budget.create`. */
  name: string;
  /** The spec's operation group, e.g. `Report Budget`; becomes the OpenAPI tag. */
  group: string;
  /** One line, pt-BR first. */
  summary: string;
  description?: string;
  /** Needed by the actor, e.g. `budget:write`. Ignored for {@link Operation.public} operations. */
  permission: string;
  /**
   * True for the few operations a caller runs before it has credentials (login, token refresh,
   * password reset, accepting an invitation): no actor is resolved and they prove identity themselves
   * from their input. Their context store refuses every collection; they reach data through the
   * server services they close over.
   */
  public?: boolean;
  /** Strict schema: unknown keys are a `validation` error, never silently stored. */
  input: I;
  output: O;
  http?: HttpBinding;
  /**
   * A valid input, shown in /openapi.json and used by registry-wide tests (e.g. the cross-tenant suite
   * sends it with another tenant's id). Every operation with an HTTP binding should have one.
   */
  example?: z.input<I>;
  /**
   * Set when every write of the run must land together: {@link invoke} opens the store transaction and
   * runs the operation inside it, with `ctx.store` the transaction's store (so the operation opens none
   * of its own and its writes reach the store in one call each; docs/architecture.md "From request to
   * row"). `before` runs first, outside the transaction: work that must not hold the store, such as a
   * desk leasing its next block of numbers over the network.
   */
  transaction?: { before?(ctx: OperationContext, input: z.output<I>): Promise<void> };
  run(ctx: OperationContext, input: z.output<I>): Promise<z.input<O>>;
}

/** Declares an operation with its types inferred from its schemas. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  return op;
}

/** What a caller of {@link invoke} adds between validation and the run. */
export interface InvokeOptions {
  /**
   * Runs on the parsed input before the operation, e.g. the server's check that every referenced id
   * is a record of the tenant (core/references.ts). What it throws is thrown as is.
   */
  beforeRun?(input: unknown): Promise<void>;
}

/**
 * Runs an operation for an actor: checks the permission, validates the input, runs it (in one store
 * transaction when the operation asks for {@link Operation.transaction}) and shapes the output through
 * the output schema (which drops store bookkeeping such as `_rev`).
 *
 * @throws DomainError `forbidden` when the actor lacks the permission (public operations skip that
 *   check); `validation` naming every bad field, a string holding a control character other than
 *   tab and line breaks included (core/control-characters.ts); whatever `options.beforeRun` or the
 *   operation throws. An output that does not match its schema is a programming
 *   error and throws a plain Error (the server answers 500 without details).
 */
export async function invoke<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  ctx: OperationContext,
  rawInput: unknown,
  options: InvokeOptions = {},
): Promise<z.output<O>> {
  if (!op.public && !can(ctx.actor, op.permission)) {
    throw new DomainError('forbidden', 'Sem permissão para esta operação', [{ path: '', message: op.permission }]);
  }
  refuseControlCharacters(rawInput);
  const parsed = op.input.safeParse(rawInput);
  if (!parsed.success) throw validationError(parsed.error);
  await options.beforeRun?.(parsed.data);
  const input = parsed.data;
  let result: z.input<O>;
  if (op.transaction) {
    await op.transaction.before?.(ctx, input);
    result = await ctx.store.transaction((store) => op.run({ ...ctx, store }, input));
  } else {
    result = await op.run(ctx, input);
  }
  const shaped = op.output.safeParse(result);
  if (!shaped.success)
    throw new Error(`operation ${op.name} produced output outside its schema: ${shaped.error.message}`);
  return shaped.data;
}
