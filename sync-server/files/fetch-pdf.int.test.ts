/**
 * Copying a PDF from a URL refuses what an attacker would aim at (SSRF): loopback, private and
 * link-local literals, a name resolving to loopback, redirects, other schemes; and what is not a
 * PDF or is too large. With the account's "private networks" setting a local server is reached.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPdf } from './fetch-pdf.js';

let server: Server;
let base: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/laudo.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (req.url === '/pagina.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end('<html>oi</html>');
    if (req.url === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oi</html>');
    if (req.url === '/grande.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.concat([PDF, Buffer.alloc(4096)]));
    if (req.url === '/lento.pdf') return void setTimeout(() => res.writeHead(200).end(PDF), 2000);
    if (req.url === '/redireciona') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = async (url: string, allowPrivate = false) => {
  try {
    await fetchPdf(url, { allowPrivate, maxBytes: 1024, timeoutMs: 500 });
  } catch (error) {
    return error as { code: string; message: string; details: { path: string; message: string }[] };
  }
  throw new Error(`${url} was fetched`);
};

describe('fetchPdf (SSRF)', () => {
  it('refuses loopback, private, link-local and IPv6 loopback addresses unless private networks are allowed', async () => {
    for (const url of [
      `${base}/laudo.pdf`,
      'http://10.0.0.5/laudo.pdf',
      'http://192.168.1.10/laudo.pdf',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/laudo.pdf',
      'http://[::ffff:127.0.0.1]/laudo.pdf',
    ]) {
      const error = await refusal(url);
      expect(error.code, url).toBe('validation');
      expect(error.details[0]!.message, url).toMatch(/endereço não público/);
    }
    expect(Buffer.from(await fetchPdf(`${base}/laudo.pdf`, { allowPrivate: true })).equals(PDF)).toBe(true);
  });

  it('refuses a name that resolves to loopback (checked after DNS resolution)', async () => {
    const error = await refusal(`http://localhost:${new URL(base).port}/laudo.pdf`);
    expect(error.details[0]!.message).toMatch(/endereço não público: 127\.0\.0\.1|::1/);
  });

  it('refuses redirects, other schemes, credentials in the URL, non-PDF content, oversize and slow answers', async () => {
    expect((await refusal(`${base}/redireciona`, true)).message).toMatch(/redirecionou/);
    expect((await refusal('file:///etc/passwd')).details[0]!.message).toMatch(/http/);
    expect((await refusal('http://user:pw@example.com/a.pdf')).details[0]!.message).toMatch(/usuário/);
    expect((await refusal(`${base}/html`, true)).message).toMatch(/não aceito/);
    expect((await refusal(`${base}/pagina.pdf`, true)).message).toMatch(/não corresponde/);
    expect((await refusal(`${base}/grande.pdf`, true)).message).toMatch(/grande demais/);
    expect((await refusal(`${base}/lento.pdf`, true)).message).toMatch(/Tempo esgotado/);
    expect((await refusal(`${base}/nada.pdf`, true)).details[0]!.message).toBe('HTTP 404');
  });
});
