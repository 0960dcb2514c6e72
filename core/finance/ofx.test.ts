import { describe, expect, it } from 'vitest';
import { parseOfx } from './ofx.js';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261124120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>0001<ACCTID>67890-1<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261124
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261123100000[-3:BRT]
<TRNAMT>180,50
<FITID>2026112300001
<MEMO>PIX RECEBIDO JOAO PEREIRA
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261105
<TRNAMT>-1.250,90
<FITID>2026110500007
<CHECKNUM>000123
<NAME>IMOBILIARIA CENTRO
<MEMO>ALUGUEL &amp; CONDOMINIO
</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>
<BANKACCTFROM><BANKID>341</BANKID><ACCTID>12345-6</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261123</DTPOSTED><TRNAMT>75.00</TRNAMT><FITID>A1</FITID><NAME>TED MARIA</NAME></STMTTRN></BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('OFX statements', () => {
  it('reads OFX 1.x SGML: unclosed leaves, comma decimals, the account', () => {
    expect(parseOfx(SGML)).toEqual({
      bankId: '0001',
      accountId: '67890-1',
      currency: 'BRL',
      lines: [
        {
          fitId: '2026112300001',
          type: 'CREDIT',
          date: '2026-11-23',
          amountCentavos: 18050,
          memo: 'PIX RECEBIDO JOAO PEREIRA',
        },
        {
          fitId: '2026110500007',
          type: 'DEBIT',
          date: '2026-11-05',
          amountCentavos: -125090,
          memo: 'IMOBILIARIA CENTRO — ALUGUEL & CONDOMINIO',
          checkNumber: '000123',
        },
      ],
    });
  });

  it('reads OFX 2.x XML', () => {
    expect(parseOfx(XML)).toMatchObject({
      bankId: '341',
      accountId: '12345-6',
      lines: [{ fitId: 'A1', date: '2026-11-23', amountCentavos: 7500, memo: 'TED MARIA' }],
    });
  });

  it('refuses what is not OFX, or a line without its amount, naming it', () => {
    expect(() => parseOfx('data;valor\n2026-11-23;10')).toThrow(/OFX/);
    expect(() => parseOfx('<OFX><STMTTRN><FITID>1<DTPOSTED>20261123</STMTTRN></OFX>')).toThrowError(
      expect.objectContaining({ details: [{ path: 'content', message: 'o lançamento 1 não tem TRNAMT' }] }) as Error,
    );
  });
});
