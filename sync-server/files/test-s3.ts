/**
 * A local HTTP server implementing S3's PutObject, GetObject and DeleteObject, path-style
 * (`/<bucket>/<key>`), as AWS documents them (test-only module): the request must carry a SigV4
 * `authorization` whose signature matches the known secret (recomputed from the request's own
 * method, path, signed headers and `x-amz-content-sha256`), and the body must hash to that value;
 * else 403 `SignatureDoesNotMatch` / 400 `XAmzContentSHA256Mismatch` with S3's XML error body.
 * It is not S3: the tests prove the adapter speaks the documented API, not that a provider accepts it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signV4 } from './sigv4.js';

/** The double's controls. */
export interface TestS3 {
  endpoint: string;
  readonly objects: Map<string, { bytes: Buffer; contentType: string }>;
  readonly requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const errorXml = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;

/** Starts the double on a free port of 127.0.0.1 for `bucket`, accepting `accessKeyId`/`secretAccessKey`. */
export async function startTestS3(bucket: string, accessKeyId: string, secretAccessKey: string): Promise<TestS3> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? '', path });
      const reply = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' }).end(errorXml(code));
      };
      const auth =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? '',
        );
      if (!auth || auth[1] !== accessKeyId) return reply(403, 'InvalidAccessKeyId');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== sha256Hex(body)) return reply(400, 'XAmzContentSHA256Mismatch');
      const signed = Object.fromEntries(
        auth[4]!
          .split(';')
          .filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n))
          .map((n) => [n, String(req.headers[n] ?? '')]),
      );
      const expected = signV4({
        method: req.method ?? '',
        path,
        host: req.headers.host ?? '',
        headers: signed,
        payloadHash,
        amzDate: String(req.headers['x-amz-date'] ?? ''),
        region: auth[3]!,
        accessKeyId,
        secretAccessKey,
      }).authorization;
      if (expected !== req.headers.authorization) return reply(403, 'SignatureDoesNotMatch');
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) return reply(404, 'NoSuchBucket');
      const key = decodeURIComponent(path.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return reply(404, 'NoSuchKey');
        return res.writeHead(200, { 'content-type': object.contentType }).end(object.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      reply(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
