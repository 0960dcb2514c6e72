/**
 * Server-only user operations the administration calls by their REST route. `user.create` lives in
 * sync-server (it needs the credential store and sends the invitation), so the desk knows only its
 * route and input schema, built from the same core schemas the server uses (spec: `POST /user/`).
 */
import { z } from 'zod';
import { emailSchema, nameSchema, roleSchema, userOutput } from '#core/access/user.js';
import type { Operation } from '#core/operation.js';

const createUserInput = z.strictObject({ name: nameSchema, email: emailSchema.optional(), role: roleSchema });
const createUserOutput = z.object({ message: z.string(), user: userOutput });

/**
 * `user.create` as the desk sends it to the server (name, e-mail, role; the server mails the
 * invitation). Runs only through runOnServer: it has no local implementation.
 */
export const createUserOnServer = {
  name: 'user.create',
  http: { method: 'POST', path: '/user/', status: 201 },
  input: createUserInput,
  output: createUserOutput,
} as unknown as Operation<typeof createUserInput, typeof createUserOutput>;
