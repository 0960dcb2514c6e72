/**
 * A local HTTP server implementing the Evolution API v2 endpoints the adapter calls (test-only module):
 * `POST /instance/create`, `GET /instance/connect/{instance}`, `GET /instance/connectionState/{instance}`,
 * `POST /message/sendText/{instance}`, `POST /message/sendMedia/{instance}`, `DELETE /instance/delete/{instance}`,
 * each checking the `apikey` header (the global key, or the instance's own `token` given at creation),
 * answering as Evolution's documentation shows. It is not Evolution: the tests prove the adapter speaks
 * the documented API, and {@link TestEvolution.event} shapes its webhook events as Evolution posts them.
 */
import { startProviderDouble, type RecordedRequest } from '../testing/provider-double.js';

/** One request the fake got. */
export type EvolutionRequest = RecordedRequest;

interface Instance {
  name: string;
  token: string;
  state: string;
  webhook: string | null;
}

/** The fake's controls. */
export interface TestEvolution {
  baseUrl: string;
  readonly requests: EvolutionRequest[];
  readonly instances: Map<string, Instance>;
  /** Answers `connect` with a rendered PNG (`base64`) or, as some versions do, only the raw `code`. */
  qrAs(mode: 'base64' | 'code'): void;
  /** Sets the instance's state, as a phone scanning the QR does. */
  setState(instance: string, state: string): void;
  /**
   * A webhook event of `instance` as Evolution posts it: the webhook URL it was created with and the
   * body (the test sends it to the app, which does not listen on a port).
   */
  event(instance: string, event: string, data: unknown, apikey?: string): { url: string; body: string };
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1; `globalKey` is the key instance creation and deletion need. */
export async function startTestEvolution(globalKey: string): Promise<TestEvolution> {
  const instances = new Map<string, Instance>();
  let qrMode: 'base64' | 'code' = 'code';
  let n = 0;
  const double = await startProviderDouble(({ request: req, url, json }) => {
    const body = req.body;
    const error = (status: number, message: string) =>
      json(status, { status, error: status === 401 ? 'Unauthorized' : 'Error', response: { message: [message] } });
    const key = req.headers.apikey;
    if (req.method === 'POST' && url.pathname === '/instance/create') {
      if (key !== globalKey) return error(401, 'Unauthorized');
      const input = JSON.parse(body) as { instanceName: string; token: string; webhook?: { url: string } };
      if (instances.has(input.instanceName)) return error(403, `This name "${input.instanceName}" is already in use.`);
      instances.set(input.instanceName, {
        name: input.instanceName,
        token: input.token,
        state: 'close',
        webhook: input.webhook?.url ?? null,
      });
      return json(201, {
        instance: {
          instanceName: input.instanceName,
          instanceId: `inst-${++n}`,
          integration: 'WHATSAPP-BAILEYS',
          status: 'created',
        },
        hash: input.token,
        webhook: input.webhook ?? {},
      });
    }
    const match =
      /^\/(instance\/connect|instance\/connectionState|message\/sendText|message\/sendMedia|instance\/delete)\/([^/]+)$/.exec(
        url.pathname,
      );
    const instance = match ? instances.get(decodeURIComponent(match[2]!)) : undefined;
    if (!match || !instance) return error(404, 'The instance does not exist');
    const route = `${req.method} ${match[1]}`;
    const byInstance = key === instance.token || key === globalKey;
    if (route === 'DELETE instance/delete') {
      if (key !== globalKey) return error(401, 'Unauthorized');
      instances.delete(instance.name);
      return json(200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
    }
    if (!byInstance) return error(401, 'Unauthorized');
    if (route === 'GET instance/connect') {
      if (instance.state === 'open') return json(200, { instance: { instanceName: instance.name, state: 'open' } });
      instance.state = 'connecting';
      const code = `2@fake-qr-${instance.name}-${++n}`;
      return json(
        200,
        qrMode === 'base64'
          ? { pairingCode: 'WZYEH1YY', code, base64: 'data:image/png;base64,iVBORw0KGgo=', count: n }
          : { pairingCode: 'WZYEH1YY', code, count: n },
      );
    }
    if (route === 'GET instance/connectionState')
      return json(200, { instance: { instanceName: instance.name, state: instance.state } });
    if (route === 'POST message/sendText' || route === 'POST message/sendMedia') {
      if (instance.state !== 'open') return error(400, 'Connection Closed');
      const input = JSON.parse(body) as { number: string };
      return json(201, {
        key: { remoteJid: `${input.number}@s.whatsapp.net`, fromMe: true, id: `3EB0TEST${++n}` },
        messageTimestamp: Math.floor(Date.now() / 1000),
        status: 'PENDING',
      });
    }
    error(404, 'Not Found');
  });
  return {
    baseUrl: double.baseUrl,
    requests: double.requests,
    instances,
    qrAs: (mode) => void (qrMode = mode),
    setState(name, state) {
      instances.get(name)!.state = state;
    },
    event(name, event, data, apikey) {
      const instance = instances.get(name)!;
      return {
        url: instance.webhook!,
        body: JSON.stringify({
          event,
          instance: name,
          data,
          destination: instance.webhook,
          date_time: new Date().toISOString(),
          server_url: double.baseUrl,
          apikey: apikey ?? instance.token,
        }),
      };
    },
    close: double.close,
  };
}
