/**
 * The procedure-request operations that reach the insurer, as the desk sends them to the server
 * (runOnServer only: sync-server/billing/request-ops.ts holds them, beside the insurer's web services
 * and the provider's sealed password; TISS-032). Inputs carry the server's limits, so a field message
 * shows before sending. The other request operations are core's and are imported from there.
 */
import { z } from 'zod';
import { interactionOutput } from '#core/billing/requests/interaction-record.js';
import { requestFieldsInput } from '#core/billing/requests/request-draft.js';
import { procedureRequestOutput } from '#core/billing/requests/request-record.js';
import { idInput } from '#core/common/records.js';
import type { Operation } from '#core/operation.js';

const createInput = z.strictObject({ appointment: idInput, draft: idInput.optional(), ...requestFieldsInput });
const sentAnswer = z.object({
  message: z.string(),
  contingency: z.boolean(),
  request: procedureRequestOutput,
  interaction: interactionOutput,
});
const statusInput = z.strictObject({ id: idInput });
const statusAnswer = z.object({ online: z.boolean(), request: procedureRequestOutput, interaction: interactionOutput });

/** `schedule.procedureRequest.create`: `POST /procedureRequest/` (201; `contingency` when the insurer was not reached). */
export const createProcedureRequest = {
  name: 'schedule.procedureRequest.create',
  http: { method: 'POST', path: '/procedureRequest/', status: 201 },
  input: createInput,
  output: sentAnswer,
} as unknown as Operation<typeof createInput, typeof sentAnswer>;

/** `schedule.procedureRequest.status`: `GET /procedureRequest/{id}/status` (asks the insurer, writes the answer). */
export const procedureRequestStatus = {
  name: 'schedule.procedureRequest.status',
  http: { method: 'GET', path: '/procedureRequest/{id}/status' },
  input: statusInput,
  output: statusAnswer,
} as unknown as Operation<typeof statusInput, typeof statusAnswer>;

/** A request as the server answers it. */
export type DeskProcedureRequest = z.infer<typeof procedureRequestOutput>;
/** An interaction as the server answers it. */
export type DeskInteraction = z.infer<typeof interactionOutput>;
