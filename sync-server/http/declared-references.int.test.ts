/**
 * Every id field of every operation's body is a checked reference (issue 20 point 7: an unknown id
 * answers 400 naming the field), walked over the server's whole registry, so operations added later
 * are covered without touching this file. A static check of the schemas: it runs once, not per
 * database as the input-rule walk does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { Operation } from '#core/operation.js';
import { referencePaths } from '#core/references.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { pathParams } from './request-input.js';

type Json = Record<string, unknown>;

const bound = (op: Operation): op is Operation & { http: NonNullable<Operation['http']> } => op.http !== undefined;
const isQuery = (op: Operation) => op.http!.method === 'GET' || op.http!.method === 'DELETE';

let server: TestServer;
let ops: Operation[];
beforeAll(async () => {
  server = await startTestServer();
  ops = server.registry.list().filter(bound);
});
afterAll(() => server?.close());

it('declares every id field of every body as a checked reference, but for the listed exceptions', () => {
  const ID_NAMES =
    /^(clinic|patient|professional|specialty|insurance|event|item|events|specialties|clinics|professionals|createdBy|approvedBy|disapprovedBy|sharedWith|duplicate|priceTable|appointment|rescheduledTo|blocks|ticket|insurancePlan|place|placeId|series|person|account)$/;
  const named = (json: Json, path: string[], out: string[]) => {
    for (const [key, value] of Object.entries((json.properties ?? {}) as Record<string, Json>)) {
      if (ID_NAMES.test(key)) out.push([...path, key].join('.'));
      named(value, [...path, key], out);
      if (value.items) named(value.items as Json, [...path, key, '0'], out);
      for (const option of (value.anyOf ?? []) as Json[]) named(option, [...path, key], out);
    }
  };
  const plain: string[] = [];
  for (const op of ops) {
    if (isQuery(op)) continue; // list filters are not references: naming nothing lists nothing
    const fields: string[] = [];
    named(z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }), [], fields);
    const refs = new Set(referencePaths(op.input));
    const params = pathParams(op.http!.path);
    for (const field of new Set(fields)) {
      if (!refs.has(field) && !refs.has(`${field}.0`) && !params.includes(field)) plain.push(`${op.name} ${field}`);
    }
  }
  // Sub-records (a plan of an insurance, a place of a clinic, a block series) are checked by their
  // operation, 400 too; accounts and people are server tables, not collections; the ticket, totem,
  // installation and panel operations still answer their own 404 (clinic scope); a webhook's `events` are
  // the catalogue's event types.
  const exceptions = plain.filter(
    (entry) =>
      !/ (.*\.)?insurancePlan$| place$| placeId$| series$/.test(entry) &&
      !/^(ticket|totem)\.|^session\.create account$|^user\.invite person$|^installation\.|^websocket\./.test(entry) &&
      // Event type names of the webhook catalogue, not record ids.
      !/^webhook\.(create|edit)Endpoint events$/.test(entry) &&
      // A product, kit or material/exam by its typeModel: checked by the operation (BUD-040).
      !/^priceTable\.alter prices\.0\.item$/.test(entry),
  );
  expect(exceptions).toEqual([]);
});
