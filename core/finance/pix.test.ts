import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, pixPayload, pixQrCode } from './pix.js';
import { billTxid } from './pix-ops.js';

/** The static example of the Banco Central's Manual do BR Code (key, name, city; no amount). */
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('PIX BR Code', () => {
  it("rebuilds the Banco Central manual's static example byte for byte, CRC 1D3D included", () => {
    const payload = pixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(payload).toBe(MANUAL_EXAMPLE);
    expect(crc16CcittFalse(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('carries the amount (field 54) and the txid (62→05), and the CRC covers them', () => {
    const payload = pixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Clínica Sorriso',
      merchantCity: 'São Paulo',
      amount: 1234.5,
      txid: billTxid('01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b'),
    });
    expect(payload).toContain('54071234.50');
    expect(payload).toContain('5915Clinica Sorriso6009Sao Paulo');
    expect(payload).toMatch(/62290525[A-Za-z0-9]{25}6304[0-9A-F]{4}$/);
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
  });

  it('refuses a txid the BR Code cannot hold', () => {
    expect(() =>
      pixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'A',
        merchantCity: 'B',
        txid: 'com espaço',
      }),
    ).toThrow(/PIX/);
  });

  it('draws the payload as a PNG data URL and an SVG', async () => {
    const qr = await pixQrCode(MANUAL_EXAMPLE);
    expect(qr.png).toMatch(/^data:image\/png;base64,/);
    expect(qr.svg).toMatch(/^<svg/);
  });
});
