/**
 * A local HTTP server implementing the WhatsApp Business Cloud API endpoints the adapter calls
 * (test-only module): `POST /{version}/{phone-number-id}/messages`, `POST /{version}/{phone-number-id}/media`
 * and `GET /{version}/{waba-id}/message_templates`, answering as Meta's documentation shows. It is
 * not Meta: the tests prove the adapter speaks the documented API, not that Meta accepts it.
 */
import { startProviderDouble, type RecordedRequest } from '../testing/provider-double.js';

/** One request the fake Graph API got. */
export type GraphRequest = RecordedRequest;

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
  let refusal: { status: number; code: number; message: string } | null = null;
  let n = 0;
  const double = await startProviderDouble(({ request, request: req, url, json }) => {
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
  return Object.assign(double, { refuseWith: (error: typeof refusal) => void (refusal = error) });
}
