/**
 * PIX static BR Code (Banco Central, Manual do BR Code; EMV QRCPS-MPM): the "copia e cola" payload a
 * patient's bank app reads, built by `@brazilian-utils/brazilian-utils` and checked here field by
 * field. Layout: TLV fields `ID(2) LEN(2) VALUE`; `00`=`01`; `26` the merchant account (`00` =
 * `br.gov.bcb.pix`, `01` = key); `52`=`0000`; `53`=`986` (BRL); `54` amount with two decimals; `58`=`BR`;
 * `59` name (≤ 25); `60` city (≤ 15); `62`→`05` txid (≤ 25 `[A-Za-z0-9]`, or `***`); `63` the CRC.
 */
import { generatePixPayload, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import QRCode from 'qrcode';
import { DomainError } from '#core/errors.js';

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of `text`'s UTF-8 bytes,
 * as the BR Code's field `63`: four upper-case hex digits. The BR Code takes it over the whole
 * payload up to and including the literal `6304`.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** What a static PIX charge carries. */
export interface PixCharge {
  /** The receiving account's PIX key (CPF, CNPJ, e-mail, phone or random key). */
  key: string;
  /** Receiver's name as the payer sees it (folded to ASCII, cut to 25). */
  merchantName: string;
  /** Receiver's city (folded to ASCII, cut to 15). */
  merchantCity: string;
  /** Reais with at most 2 decimals; absent lets the payer type it. */
  amount?: number | undefined;
  /** 1–25 of `[A-Za-z0-9]`; absent writes `***`. */
  txid?: string | undefined;
}

/**
 * The BR Code payload of a static PIX charge, its CRC checked again here (the library's output is
 * verified, not trusted).
 *
 * @throws DomainError `validation` when the key, amount or txid cannot form a valid BR Code.
 */
export function pixPayload(charge: PixCharge): string {
  const payload = generatePixPayload({
    key: charge.key,
    merchantName: charge.merchantName,
    merchantCity: charge.merchantCity,
    ...(charge.amount === undefined ? {} : { amount: charge.amount }),
    ...(charge.txid === undefined ? {} : { txid: charge.txid }),
  });
  if (!payload || !isValidPixPayload(payload) || crc16CcittFalse(payload.slice(0, -4)) !== payload.slice(-4)) {
    throw new DomainError('validation', 'Não foi possível gerar o código PIX', [
      { path: 'key', message: 'chave PIX, valor ou identificador (txid) inválidos' },
    ]);
  }
  return payload;
}

/** The payload as a QR code: a PNG data URL (`data:image/png;base64,…`) and an SVG document. */
export async function pixQrCode(payload: string): Promise<{ png: string; svg: string }> {
  // Level M: the BR Code manual's recommendation; a printed receipt survives a crease.
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const [png, svg] = await Promise.all([
    QRCode.toDataURL(payload, options),
    QRCode.toString(payload, { ...options, type: 'svg' }),
  ]);
  return { png, svg };
}
