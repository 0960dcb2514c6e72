import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBudgetPdf } from './budget-pdf.js';

// A loopback server answering as the sync server's budget PDF route does.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const auth = req.headers.authorization;
    if (auth !== 'Bearer good') return void res.writeHead(401).end('{}');
    if (req.url === '/budget/known/pdf') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ fileName: 'orcamento-7.pdf', mediaType: 'application/pdf', content: btoa('%PDF-1.7') }));
    } else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetching the budget PDF from the server', () => {
  it('decodes the base64 answer into the file', async () => {
    const answer = await fetchBudgetPdf(`${base}/`, 'good', 'known');
    expect(answer.kind).toBe('ok');
    if (answer.kind !== 'ok') return;
    expect(answer.fileName).toBe('orcamento-7.pdf');
    expect(new TextDecoder().decode(answer.bytes)).toBe('%PDF-1.7');
  });

  it('tells a budget the server does not have yet from a refusal and from no server', async () => {
    expect(await fetchBudgetPdf(base, 'good', 'unsynced')).toEqual({ kind: 'notYet' });
    expect(await fetchBudgetPdf(base, 'expired', 'known')).toEqual({ kind: 'failed', status: 401 });
    expect(await fetchBudgetPdf(base, undefined, 'known')).toEqual({ kind: 'offline' });
    server.closeAllConnections();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await fetchBudgetPdf(`http://127.0.0.1:${port}`, 'good', 'known')).toEqual({ kind: 'offline' });
  });
});
