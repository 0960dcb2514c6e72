/**
 * A local HTTP server implementing the Asaas API v3 endpoints the adapter calls (test-only module),
 * answering with the shapes Asaas documents: `POST /v3/customers`, `POST /v3/payments`,
 * `GET /v3/payments/{id}/pixQrCode`, `POST /v3/payments/{id}/refund`, `GET /v3/financialTransactions`
 * and `POST /v3/transfers`, all behind the `access_token` header. `pay()` marks a charge received and
 * sends the payment webhook (`PAYMENT_RECEIVED`, header `asaas-access-token`) over HTTP, as Asaas does.
 * It is not Asaas: the tests prove the adapter speaks the documented API, not that Asaas accepts it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake got. */
export interface AsaasRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface FakePayment {
  object: 'payment';
  id: string;
  customer: string;
  value: number;
  netValue: number;
  billingType: string;
  status: string;
  dueDate: string;
  description: string;
  externalReference: string | null;
  invoiceUrl: string;
  /** Reais refunded so far (partial refunds). */
  refunded?: number;
}

/** The fake's controls. */
export interface TestAsaas {
  baseUrl: string;
  readonly requests: AsaasRequest[];
  readonly payments: Map<string, FakePayment>;
  /** Marks the charge received and posts `event` to `webhookUrl` with `token`; @returns the HTTP status. */
  pay(chargeId: string, webhookUrl: string, token: string, event?: string): Promise<number>;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1; `apiKey` is the only `access_token` it accepts. */
export async function startTestAsaas(apiKey: string): Promise<TestAsaas> {
  const requests: AsaasRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const transactions: {
    id: string;
    value: number;
    type: string;
    date: string;
    description: string;
    paymentId: string | null;
  }[] = [];
  let n = 0;
  const record = (value: number, type: string, description: string, paymentId: string | null) => {
    transactions.push({ id: `ft_${++n}`, value, type, date: '2026-11-23', description, paymentId });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const refuse = (status: number, code: string, description: string) =>
        send(status, { errors: [{ code, description }] });
      if (req.headers.access_token !== apiKey) return refuse(401, 'invalid_access_token', 'Chave de API inválida');
      const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/v3/customers') {
        if (typeof input.cpfCnpj !== 'string' || !/^\d{11}(\d{3})?$/.test(input.cpfCnpj))
          return refuse(400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
        return send(200, { object: 'customer', id: `cus_${String(++n).padStart(12, '0')}`, name: input.name });
      }
      if (req.method === 'POST' && url.pathname === '/v3/payments') {
        if (!['PIX', 'CREDIT_CARD', 'BOLETO', 'UNDEFINED'].includes(String(input.billingType)))
          return refuse(400, 'invalid_billingType', 'Forma de pagamento inválida.');
        if (input.billingType === 'BOLETO' && Number(input.value) < 5)
          return refuse(400, 'invalid_value', 'O valor mínimo de cobranças por boleto é R$ 5,00.');
        const id = `pay_${String(++n).padStart(12, '0')}`;
        const payment: FakePayment = {
          object: 'payment',
          id,
          customer: String(input.customer),
          value: Number(input.value),
          netValue: Number(input.value),
          billingType: String(input.billingType),
          status: 'PENDING',
          dueDate: String(input.dueDate),
          description: typeof input.description === 'string' ? input.description : '',
          externalReference: (input.externalReference as string | undefined) ?? null,
          invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
        };
        payments.set(id, payment);
        return send(200, payment);
      }
      const payment = parts[0] === 'v3' && parts[1] === 'payments' ? payments.get(parts[2] ?? '') : undefined;
      if (req.method === 'GET' && parts[3] === 'pixQrCode') {
        if (!payment) return refuse(404, 'not_found', 'Cobrança não encontrada.');
        return send(200, {
          encodedImage:
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          payload: `00020101021226820014br.gov.bcb.pix2560qrpix-h.bradesco.com.br/9d36b84f-c70b-478f-b95c-${payment.id}5204000053039865802BR5905ASAAS6009Joinville6304ABCD`,
          expirationDate: '2027-11-23 23:59:59',
        });
      }
      if (req.method === 'POST' && parts[3] === 'refund') {
        if (!payment) return refuse(404, 'not_found', 'Cobrança não encontrada.');
        if (payment.status !== 'RECEIVED' && payment.status !== 'CONFIRMED')
          return refuse(400, 'invalid_action', 'Só é possível estornar cobranças recebidas.');
        // `value` absent: what is left of the charge; present: that many reais, at most what is left.
        const left = Math.round((payment.value - (payment.refunded ?? 0)) * 100) / 100;
        const value = input.value === undefined ? left : Number(input.value);
        if (!(value > 0) || value > left)
          return refuse(
            400,
            'invalid_value',
            `O valor a estornar deve estar entre R$ 0,01 e R$ ${left.toFixed(2).replace('.', ',')}.`,
          );
        payment.refunded = Math.round(((payment.refunded ?? 0) + value) * 100) / 100;
        if (payment.refunded >= payment.value) payment.status = 'REFUNDED';
        record(-value, 'PAYMENT_REVERSAL', `Estorno da cobrança ${payment.id}`, payment.id);
        return send(200, payment);
      }
      if (req.method === 'GET' && url.pathname === '/v3/financialTransactions') {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        let running = 0;
        const all = transactions.map((t) => ({ object: 'financialTransaction', ...t, balance: (running += t.value) }));
        const data = all.slice(offset, offset + limit);
        return send(200, {
          object: 'list',
          hasMore: offset + limit < all.length,
          totalCount: all.length,
          limit,
          offset,
          data,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v3/transfers') {
        const id = `${String(++n).padStart(8, '0')}-737d-49bf-a1cc-beca916797c4`;
        record(-Number(input.value), 'TRANSFER', 'Transferência PIX', null);
        return send(200, { object: 'transfer', id, status: 'PENDING', value: input.value, transferFee: 0 });
      }
      refuse(404, 'not_found', 'Recurso não encontrado.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    payments,
    async pay(chargeId, webhookUrl, token, event = 'PAYMENT_RECEIVED') {
      const payment = payments.get(chargeId);
      if (!payment) throw new Error(`cobrança desconhecida: ${chargeId}`);
      if (payment.status === 'PENDING') {
        payment.status = 'RECEIVED';
        record(payment.value, 'PAYMENT_RECEIVED', `Cobrança recebida ${payment.id}`, payment.id);
      }
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        body: JSON.stringify({
          id: `evt_${chargeId}&${++n}`,
          event,
          dateCreated: '2026-11-23 09:00:00',
          payment: { ...payment, paymentDate: '2026-11-23', clientPaymentDate: '2026-11-23' },
        }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
