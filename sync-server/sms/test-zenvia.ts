/**
 * A local HTTP server implementing the Zenvia API v2 endpoint the SMS adapter calls (test-only module):
 * `POST /v2/channels/sms/messages` with `X-API-TOKEN`, answering as Zenvia's documentation shows, and
 * the shape of its `MESSAGE_STATUS` webhook event. It is not Zenvia: the tests prove the adapter
 * speaks the documented API, not that Zenvia accepts it.
 */
import { startProviderDouble, type RecordedRequest } from '../testing/provider-double.js';

/** One request the fake got. */
export type ZenviaRequest = RecordedRequest;

/** The fake's controls. */
export interface TestZenvia {
  baseUrl: string;
  readonly requests: ZenviaRequest[];
  /** Answers the next sends with this error (null: accept). */
  refuseWith(error: { status: number; code: string; message: string } | null): void;
  close(): Promise<void>;
}

/** A `MESSAGE_STATUS` event as Zenvia posts it to a subscription's webhook. */
export function zenviaStatusEvent(messageId: string, code: string, description = '') {
  return {
    id: `evt-${messageId}-${code}`,
    timestamp: '2026-11-27T12:00:05.000Z',
    type: 'MESSAGE_STATUS',
    subscriptionId: 'sub-1',
    channel: 'sms',
    messageId,
    contentIndex: 0,
    messageStatus: {
      timestamp: '2026-11-27T12:00:04.000Z',
      code,
      description,
      ...(code === 'NOT_DELIVERED' ? { causes: [{ reason: 'UNREACHABLE', details: 'Número inexistente' }] } : {}),
    },
  };
}

/** Starts the fake on 127.0.0.1; `token` is the only X-API-TOKEN it accepts. */
export async function startTestZenvia(token: string): Promise<TestZenvia> {
  let refusal: { status: number; code: string; message: string } | null = null;
  let n = 0;
  const double = await startProviderDouble(({ request, url, json }) => {
    if (request.headers['x-api-token'] !== token) return json(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    if (request.method === 'POST' && url.pathname === '/v2/channels/sms/messages') {
      if (refusal) return json(refusal.status, { code: refusal.code, message: refusal.message });
      const input = JSON.parse(request.body) as { from: string; to: string; contents: unknown[] };
      return json(200, {
        id: `zv-${++n}-8f1c2e`,
        from: input.from,
        to: input.to,
        direction: 'OUT',
        channel: 'sms',
        contents: input.contents,
        timestamp: new Date().toISOString(),
      });
    }
    json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return Object.assign(double, { refuseWith: (error: typeof refusal) => void (refusal = error) });
}
