/**
 * A local HTTP server implementing the documented `POST /v1/audio/transcriptions` endpoint (OpenAI
 * audio API; test-only): parses the multipart form with the platform's own parser (undici's
 * `Request.formData`), checks the bearer key and the fields, records what it received, and answers
 * `{ "text": … }` as the API documents, or its error shape `{ "error": { "message" } }`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the double received in one request. */
export interface ReceivedAudio {
  authorization: string | undefined;
  contentType: string;
  fileName: string;
  fileType: string;
  size: number;
  firstBytes: number[];
  model: string;
  language: string;
  responseFormat: string;
}

/** The running double. */
export interface TestWhisper {
  baseUrl: string;
  received: ReceivedAudio[];
  /** The next answers' status (to play a failing provider); 200 by default. */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** A text field of the form ('' when absent or a file). */
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Starts the double on a free port of 127.0.0.1; `apiKey` undefined accepts requests without one. */
export async function startTestWhisper(apiKey: string | undefined): Promise<TestWhisper> {
  const received: ReceivedAudio[] = [];
  const state: TestWhisper = { baseUrl: '', received, failWith: undefined, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
          return send(404, { error: { message: 'not found' } });
        if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`)
          return send(401, { error: { message: 'Incorrect API key provided' } });
        const contentType = req.headers['content-type'] ?? '';
        const form = await new Request('http://double/', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: Buffer.concat(chunks),
        })
          .formData()
          .catch(() => undefined);
        const file = form?.get('file');
        if (!form || !(file instanceof File)) return send(400, { error: { message: "'file' is required" } });
        const bytes = new Uint8Array(await file.arrayBuffer());
        received.push({
          authorization: req.headers.authorization,
          contentType,
          fileName: file.name,
          fileType: file.type,
          size: bytes.byteLength,
          firstBytes: [...bytes.slice(0, 4)],
          model: field(form, 'model'),
          language: field(form, 'language'),
          responseFormat: field(form, 'response_format'),
        });
        if (!form.get('model')) return send(400, { error: { message: "'model' is required" } });
        if (state.failWith) return send(state.failWith, { error: { message: 'The server had an error' } });
        send(200, {
          text: ` Paciente refere dor de garganta há dois dias (${file.name}, ${bytes.byteLength} bytes). `,
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
