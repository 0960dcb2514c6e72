/**
 * The Asaas API v3 adapter behind the payment-provider port (core/finance/payment-provider.ts), as
 * Asaas documents it: `POST /v3/customers`, `POST /v3/payments` (billingType `PIX`, `CREDIT_CARD`,
 * `BOLETO`, `externalReference` = our bill), `GET /v3/payments/{id}/pixQrCode`,
 * `POST /v3/payments/{id}/refund`, `GET /v3/financialTransactions` (the digital account's extract)
 * and `POST /v3/transfers` (PIX key). The API key travels only in the `access_token` header and is
 * never part of an error or a log line.
 *
 * Tested against a local HTTP server implementing these documented endpoints (test-asaas.ts), not
 * against Asaas: it is not a proven live connection.
 */
import { ProviderError, type Charge, type ChargeMethod, type PaymentProvider } from '#core/finance/payment-provider.js';
import type { PaymentCredentials } from './payment-service.js';

const BILLING_TYPES: Record<ChargeMethod, string> = { pix: 'PIX', creditCard: 'CREDIT_CARD', bankSlip: 'BOLETO' };

/** Asaas's error body (`{ errors: [{ code, description }] }`). */
interface AsaasErrors {
  errors?: { code?: string; description?: string }[];
}

interface AsaasPayment {
  id: string;
  customer: string;
  value: number;
  status: string;
  invoiceUrl?: string;
}

interface AsaasList<T> {
  data: T[];
  hasMore: boolean;
  totalCount: number;
}

async function failure(res: Response, what: string): Promise<ProviderError> {
  const body = (await res.json().catch(() => ({}))) as AsaasErrors;
  const first = body.errors?.[0];
  // 429 and 5xx may pass; 4xx (refused data, bad key) will not.
  const transient = res.status === 429 || res.status >= 500;
  const detail = first?.description ? `: ${first.description}` : '';
  return new ProviderError(
    `O Asaas recusou ${what} (HTTP ${res.status}${first?.code ? `, ${first.code}` : ''})${detail}`,
    !transient,
    `asaas_${first?.code ?? res.status}`,
  );
}

/** The Asaas provider for one account's credentials; `fetcher` is `fetch` unless a test wraps it. */
export function asaasProvider(credentials: PaymentCredentials, fetcher: typeof fetch = fetch): PaymentProvider {
  async function call<T>(method: string, path: string, what: string, body?: unknown, signal?: AbortSignal) {
    let res: Response;
    try {
      res = await fetcher(`${credentials.baseUrl}/v3/${path}`, {
        method,
        headers: {
          access_token: credentials.apiKey,
          'user-agent': 'clinic',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw new ProviderError(`O Asaas não respondeu (${what})`, false, 'asaas_unreachable', { cause: error });
    }
    if (!res.ok) throw await failure(res, what);
    return (await res.json()) as T;
  }

  return {
    async createCharge(request, signal) {
      const customer =
        request.customer ??
        (
          await call<{ id: string }>(
            'POST',
            'customers',
            'o cadastro do pagador',
            {
              name: request.payer.name,
              cpfCnpj: request.payer.cpfCnpj,
              externalReference: request.payer.patient,
              ...(request.payer.email ? { email: request.payer.email } : {}),
              ...(request.payer.mobilePhone ? { mobilePhone: request.payer.mobilePhone } : {}),
              notificationDisabled: true,
            },
            signal,
          )
        ).id;
      const payment = await call<AsaasPayment>(
        'POST',
        'payments',
        'a cobrança',
        {
          customer,
          billingType: BILLING_TYPES[request.method],
          value: request.value,
          dueDate: request.dueDate,
          description: request.description,
          externalReference: request.bill,
        },
        signal,
      );
      const charge: Charge = {
        id: payment.id,
        customer,
        method: request.method,
        value: payment.value,
        status: payment.status,
        ...(payment.invoiceUrl ? { invoiceUrl: payment.invoiceUrl } : {}),
      };
      if (request.method === 'pix') {
        const qr = await call<{ encodedImage: string; payload: string; expirationDate: string }>(
          'GET',
          `payments/${encodeURIComponent(payment.id)}/pixQrCode`,
          'o QR Code PIX',
          undefined,
          signal,
        );
        charge.pix = { payload: qr.payload, encodedImage: qr.encodedImage, expirationDate: qr.expirationDate };
      }
      return charge;
    },

    async refundCharge(charge, description, signal, value) {
      // Asaas: `value` absent refunds the whole charge; present, that many reais of it.
      const payment = await call<AsaasPayment>(
        'POST',
        `payments/${encodeURIComponent(charge)}/refund`,
        'o estorno',
        value === undefined ? { description } : { value, description },
        signal,
      );
      return { status: payment.status };
    },

    async extract({ from, to, offset, limit }, signal) {
      const query = new URLSearchParams({
        startDate: from,
        finishDate: to,
        offset: String(offset),
        limit: String(limit),
      });
      const page = await call<
        AsaasList<{
          id: string;
          value: number;
          balance: number;
          type: string;
          date: string;
          description?: string;
          paymentId?: string | null;
        }>
      >('GET', `financialTransactions?${query.toString()}`, 'o extrato', undefined, signal);
      return {
        hasMore: page.hasMore,
        totalCount: page.totalCount,
        items: page.data.map((t) => ({
          id: t.id,
          value: t.value,
          balance: t.balance,
          type: t.type,
          date: t.date,
          description: t.description ?? '',
          ...(t.paymentId ? { charge: t.paymentId } : {}),
        })),
      };
    },

    async transfer(request, signal) {
      const made = await call<{ id: string; status: string; value: number; transferFee?: number }>(
        'POST',
        'transfers',
        'a transferência',
        {
          value: request.value,
          operationType: 'PIX',
          pixAddressKey: request.pixKey,
          pixAddressKeyType: request.pixKeyType,
          description: request.description,
          externalReference: request.reference,
        },
        signal,
      );
      return { id: made.id, status: made.status, value: made.value, fee: made.transferFee ?? 0 };
    },
  };
}
