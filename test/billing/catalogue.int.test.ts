/**
 * Coverage table of the spec's billing-related operations (§4.3 Schedule's insurance rows; §4.4
 * Billing, Insurance's TISS part, Unregulated, Integration) → our operation names. Every mapped
 * operation is served, documented in /openapi.json under its spec group's tag, with an example; the
 * ones not built yet map to `[]` and are listed by the last assertion, so what is missing stays
 * visible and building one means updating this table.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { specCoverageProblems, unbuilt, type SpecTable } from '../contract/spec-coverage.js';

/** Spec wording (group: operation) → our operation names. */
const SPEC: SpecTable = {
  'Billing: add attendances to a batch': ['billing.batch.addAttendances'],
  'Billing: add other expenses to an attendance': ['billing.attendance.addExpenses'],
  'Billing: create a honorary attendance or a procedure attendance to bill manually': ['billing.attendance.create'],
  'Billing: assign an authorization code': ['billing.attendance.authorize'],
  'Billing: create an authorization batch': ['billing.authorizationBatch.create', 'billing.authorizationBatch.get'],
  'Billing: remove all attendances from a batch and delete it': ['billing.batch.delete'],
  'Billing: generate a receivable record for a batch': ['billing.batch.receivable'],
  'Billing: justify or mark an attendance as return': ['billing.attendance.justify'],
  'Billing: request a refusal appeal for an attendance or batch': ['billing.appeal.create'],
  'Billing: check the status of a refusal appeal': ['billing.appeal.status'],
  'Billing: request the protocol status checking job to run as soon as possible': ['billing.protocolStatus.runNow'],
  'Billing: revalue attendance prices': ['billing.batch.revalue'],
  'Insurance: create a billing plan': ['insurance.billingPlan.create'],
  'Insurance: unregulated insurance solicitation': ['insurance.unregulatedSolicitation.create'],
  'Insurance: cancel the sending of a batch': ['insurance.batch.cancelSending'],
  'Insurance: TISS eligibility': ['insurance.tiss.eligibility'],
  'Insurance: get batch TISS XML': ['insurance.batch.tissXml'],
  'Insurance: get extra TISS parameters': ['insurance.tiss.parameters'],
  'Insurance: TISS integration request and status': [
    'insurance.tiss.integration.configure',
    'insurance.tiss.integration.status',
  ],
  'Insurance: get TISS authorization procedure status': ['insurance.tiss.authorizationStatus'],
  'Insurance: send a TISS billing batch': [
    'insurance.batch.send',
    'insurance.batch.protocol',
    'insurance.batch.sendOnline',
  ],
  'Unregulated: generate an XML file for a batch': ['unregulated.batch.xml'],
  'Schedule: get interactions with the insurance for an attendance': ['schedule.insuranceInteraction.list'],
  'Schedule: publish a response for an insurance interaction in an attendance': [
    'schedule.insuranceInteraction.respond',
  ],
  'Schedule: send insurance token to patient': ['schedule.insuranceToken.send'],
  'Schedule: do an action with a previously authorized procedure request': ['schedule.procedureRequest.action'],
  'Schedule: manually authorize a procedure in contingency': ['schedule.procedureRequest.authorizeManually'],
  'Schedule: create a procedure request': ['schedule.procedureRequest.create'],
  'Schedule: create a hospitalization request': ['schedule.hospitalizationRequest.create'],
  'Schedule: save a hospitalization request': ['schedule.hospitalizationRequest.save'],
  'Schedule: get procedure request status': ['schedule.procedureRequest.status', 'schedule.procedureRequest.get'],
  'Integration: create an insurance interaction for a code': ['integration.insuranceInteraction.create'],
  'Integration: return exam details for an attendance': ['integration.attendance.exams'],
  'Integration: get possible combinations of materials and exams': ['integration.materialExam.combinations'],
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it("serves and documents the spec's billing operations under their groups; lists the missing ones", async () => {
  expect(await specCoverageProblems(server, SPEC)).toEqual([]);
  // Every billing-related spec operation is built (issue 25): a new wording must map to an operation.
  expect(unbuilt(SPEC)).toEqual([]);
});
