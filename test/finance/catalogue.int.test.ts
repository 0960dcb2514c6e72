/**
 * Every operation the spec's Finance and Payment groups name (§4.4) is served, documented in
 * /openapi.json under its group's tag, and carries an example there (the provider-backed ones
 * included, which only the server mounts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';

/** The spec's catalogue (§4.4 Finance, Payment; Clinic's provider status) → our operation names. */
const SPEC: Record<string, string[]> = {
  'create, edit, list and remove accounts': [
    'finance.account.create',
    'finance.account.update',
    'finance.account.list',
    'finance.account.remove',
  ],
  'create, edit, list and remove categories': [
    'finance.category.create',
    'finance.category.update',
    'finance.category.list',
    'finance.category.remove',
  ],
  'open a new register and start closing the previous one': ['finance.register.open'],
  'confirm a financial transfer': ['finance.digitalAccount.confirmTransfer'],
  'create bills to pay and to receive': [
    'finance.bill.create',
    'finance.bill.fromAppointment',
    'finance.bill.fromBudget',
  ],
  'create cash-register withdraw, supply and transfer to an account': [
    'finance.register.withdraw',
    'finance.register.supply',
    'finance.register.transfer',
  ],
  'edit a bill to pay and a receivable bill': ['finance.bill.update'],
  'get payment information for a patient': ['finance.patient.paymentInformation'],
  'retrieve a PIX QR code': ['finance.bill.pix'],
  'return the registers flux': ['finance.register.flux'],
  'split a finance record into parcels': ['finance.bill.split'],
  'create an online payment for a patient receivable': ['finance.bill.onlinePayment'],
  'mark a finance as paid with discount and increase details': ['finance.bill.pay'],
  'pay a batch of finances with expected values': ['finance.bill.payBatch'],
  'return the extract of the digital account': ['finance.digitalAccount.extract'],
  'refund a digital finance record': ['finance.bill.refund'],
  'resend a transfer token': ['finance.digitalAccount.resendTransferToken'],
  'unmark a receivable as received': ['finance.bill.unmark'],
  'Payment: delete and update a transfer': ['payment.transfer.delete', 'payment.transfer.update'],
  'Payment: create a payable linked to medical transfers': ['payment.transfer.create'],
  'Clinic: check the payment-provider configuration status': ['finance.provider.status'],
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('serves and documents every Finance and Payment operation of the spec, each with an example', async () => {
  const doc = (await (await server.app.request('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
  };
  const documented = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.tags ?? []] as const),
    ),
  );
  const problems: string[] = [];
  for (const [wording, names] of Object.entries(SPEC)) {
    for (const name of names) {
      const op = server.registry.get(name);
      if (!op?.http) {
        problems.push(`${wording}: ${name} not served`);
        continue;
      }
      const tags = documented.get(`${op.http.method} ${op.http.path}`);
      if (!tags?.includes(op.group)) problems.push(`${name}: not in /openapi.json under ${op.group}`);
      if (op.example === undefined) problems.push(`${name}: no example`);
    }
  }
  expect(problems).toEqual([]);
  const finance = server.registry.list().filter((op) => ['Finance', 'Payment'].includes(op.group));
  expect(finance.filter((op) => op.example === undefined).map((op) => op.name)).toEqual([]);
});
