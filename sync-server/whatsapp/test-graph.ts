/**
 * A local HTTP server implementing the WhatsApp Business Cloud API endpoints the adapter calls
 * (test-only module): `POST /{version}/{phone-number-id}/messages`, `POST /{version}/{phone-number-id}/media`
 * and `GET /{version}/{waba-id}/message_templates`, answering as Meta's documentation shows. It is
 * not Meta: the tests prove the adapter speaks the documented API, not that Meta accepts it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake Graph API got. */
export interface GraphRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The fake's controls. */
export interface TestGraph {
  baseUrl: string;
  readonly requests: GraphRequest[];
  /** Answers the next message sends with this Graph error (null: accept). */
  refuseWith(error: { status: number; code: number; message: string } | null): void;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1; `token` is the only Bearer it accepts. */
export async function startTestGraph(
  token: string,
  templates: { name: string; status: string; category?: string; components?: { type: string; text?: string }[] }[],
): Promise<TestGraph> {
  const requests: GraphRequest[] = [];
  let refusal: { status: number; code: number; message: string } | null = null;
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${token}`) {
        return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      if (req.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(url.pathname)) {
        if (refusal)
          return json(refusal.status, {
            error: { message: refusal.message, type: 'OAuthException', code: refusal.code },
          });
        const body = JSON.parse(request.body) as { to: string };
        return json(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.TEST${++n}` }],
        });
      }
      if (req.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/media$/.test(url.pathname))
        return json(200, { id: `media-${++n}` });
      if (req.method === 'GET' && /^\/v\d+\.\d+\/[^/]+\/message_templates$/.test(url.pathname)) {
        const name = url.searchParams.get('name');
        return json(200, {
          data: templates.filter((t) => !name || t.name === name).map((t) => ({ ...t, language: 'pt_BR', id: '1' })),
        });
      }
      json(404, { error: { message: 'Unknown path', code: 100 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    refuseWith: (error) => void (refusal = error),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
