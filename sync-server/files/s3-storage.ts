/**
 * Files in S3-compatible object storage (AWS S3, MinIO, Ceph, Backblaze B2, Cloudflare R2), path-style
 * (`<endpoint>/<bucket>/<key>`), through the documented PutObject, GetObject and DeleteObject calls
 * signed with SigV4 (sigv4.ts). Tested against a local HTTP double of those three calls
 * (test-s3.ts), not against a provider.
 */
import type { Clock } from '#core/clock.js';
import { checkKey, type FileStorage, type StoredBytes } from './file-storage.js';
import { amzDateOf, encodeSegment, sha256Hex, signV4 } from './sigv4.js';

/** Where and as whom (`CLINIC_FILES_S3_*`). The secret is never logged. */
export interface S3Settings {
  /** `https://s3.sa-east-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (`clinic/`), default none. */
  prefix?: string;
}

/** A {@link FileStorage} in an S3 bucket. @throws Error from calls when the service answers an error. */
export function s3Storage(settings: S3Settings, clock: Clock, fetcher: typeof fetch = fetch): FileStorage {
  const base = new URL(settings.endpoint);
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: StoredBytes) => {
    const objectKey = `${settings.prefix ?? ''}${checkKey(key)}`;
    const path = `${base.pathname.replace(/\/$/, '')}/${encodeSegment(settings.bucket)}/${objectKey.split('/').map(encodeSegment).join('/')}`;
    const headers = signV4({
      method,
      path,
      host: base.host,
      headers: body ? { 'content-type': body.mediaType, 'content-length': String(body.bytes.length) } : {},
      payloadHash: sha256Hex(body?.bytes ?? ''),
      amzDate: amzDateOf(clock.now()),
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    });
    delete headers.host;
    delete headers['content-length'];
    return fetcher(new URL(path, base), {
      method,
      headers,
      ...(body ? { body: Buffer.from(body.bytes) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  };
  const fail = async (what: string, res: Response) => {
    const text = (await res.text()).slice(0, 200);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`S3 ${what}: HTTP ${res.status} ${code}`.trim());
  };
  return {
    kind: 's3',
    async put(key, file) {
      const res = await send('PUT', key, file);
      if (!res.ok) throw await fail('PutObject', res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return undefined;
      }
      if (!res.ok) throw await fail('GetObject', res);
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        mediaType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail('DeleteObject', res);
      await res.arrayBuffer();
    },
  };
}
