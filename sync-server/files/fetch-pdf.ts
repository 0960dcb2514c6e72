/**
 * Fetches a PDF from a URL for "copy a PDF from a URL into the service's file storage" (spec §4.4
 * Medical Record), with the webhooks' SSRF guard (../webhooks/address-guard.ts): the host is resolved
 * and every address checked at connect time (no DNS rebinding), private, loopback and link-local
 * addresses refused unless the account allows private networks (the webhook setting). No redirect is
 * followed (a public host could send us to 169.254.169.254); `http:` and `https:` only; a size limit
 * counted while reading; an overall timeout; the answer must say `application/pdf` and start with `%PDF-`.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DomainError } from '#core/errors.js';
import { BlockedAddressError, checkLiteralHost, guardedLookup } from '../webhooks/address-guard.js';
import { checkFile, MAX_FILE_BYTES } from './file-storage.js';

/** Limits of one fetch. */
export interface FetchLimits {
  allowPrivate: boolean;
  maxBytes?: number;
  /** Whole request, connect to last byte; default 15 s. */
  timeoutMs?: number;
}

const refused = (message: string, detail: string) =>
  new DomainError('validation', message, [{ path: 'url', message: detail }]);

/**
 * Downloads the PDF at `url`.
 * @returns the bytes (checked: `%PDF-`, at most `maxBytes`).
 * @throws DomainError `validation` (400, path `url`): not http(s), a non-public address
 *   ("endereço não público"), a redirect, an HTTP error, not a PDF, too large, a timeout.
 */
export async function fetchPdf(url: string, limits: FetchLimits): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw refused('URL inválida', 'use uma URL http(s) completa');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw refused('URL inválida', 'só http ou https');
  if (target.username || target.password) throw refused('URL inválida', 'sem usuário e senha na URL');
  const maxBytes = limits.maxBytes ?? MAX_FILE_BYTES;
  try {
    checkLiteralHost(target.hostname, limits.allowPrivate);
  } catch (error) {
    if (error instanceof BlockedAddressError) throw refused('Endereço não permitido', error.message);
    throw error;
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const { bytes, mediaType } = await new Promise<{ bytes: Uint8Array; mediaType: string }>((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'GET',
        lookup: guardedLookup(limits.allowPrivate),
        headers: { accept: 'application/pdf', 'user-agent': 'Clinic/1 (copia de laudo)' },
        timeout: limits.timeoutMs ?? 15_000,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return reject(refused('O endereço redirecionou', `HTTP ${status}: informe a URL final do PDF`));
        }
        if (status !== 200) {
          res.resume();
          return reject(refused('O endereço não entregou o arquivo', `HTTP ${status}`));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(refused('Arquivo grande demais', `no máximo ${Math.floor(maxBytes / 1024 / 1024)} MiB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(refused('Arquivo grande demais', `no máximo ${Math.floor(maxBytes / 1024 / 1024)} MiB`));
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), mediaType: res.headers['content-type'] ?? '' }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(limits.timeoutMs ?? 15_000, () =>
      req.destroy(refused('Tempo esgotado', 'o endereço não respondeu a tempo')),
    );
    const deadline = setTimeout(
      () => req.destroy(refused('Tempo esgotado', 'o download passou do tempo limite')),
      limits.timeoutMs ?? 15_000,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (error) => {
      if (error instanceof DomainError) return reject(error);
      if (error instanceof BlockedAddressError) return reject(refused('Endereço não permitido', error.message));
      reject(refused('Não foi possível baixar o arquivo', (error as NodeJS.ErrnoException).code ?? error.message));
    });
    req.end();
  });
  checkFile(bytes, mediaType, 'url', maxBytes);
  return bytes;
}
