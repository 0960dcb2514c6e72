import { describe, expect, it } from 'vitest';
import { pricesToCsv } from '#core/price/csv-export-ops.js';
import { fileBytes, rejectedRows } from './price-files.js';

describe('price table export file', () => {
  it('is the core CSV as pt-BR Excel opens it: BOM, `;`, decimal comma without thousands dots (a number to Excel), CRLF, quotes where needed', () => {
    const csv = pricesToCsv([
      { event: 'a', code: '10101012', name: 'Consulta em consultório', type: 'consultation', value: 250 },
      { event: 'b', code: '81000065', name: 'Limpeza; profilaxia', type: 'procedure', tissTable: '22', value: 1234.5 },
    ]);
    const bytes = fileBytes(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1).split('\r\n')).toEqual([
      'codigo;descricao;valor;tipo;tabela',
      '10101012;Consulta em consultório;250,00;consulta;',
      '81000065;"Limpeza; profilaxia";1234,50;procedimento;22',
      '',
    ]);
  });
});

describe('rejectedRows', () => {
  it('reads line and column from each detail and orders them by line, file-wide problems first', () => {
    expect(
      rejectedRows([
        { path: 'csv.4.valor', message: 'linha 4: valor inválido' },
        { path: 'csv.2', message: 'linha 2: linha vazia' },
        { path: 'insurance', message: 'não existe' },
      ]),
    ).toEqual([
      { line: null, column: '', message: 'não existe' },
      { line: 2, column: '', message: 'linha vazia' },
      { line: 4, column: 'valor', message: 'valor inválido' },
    ]);
  });
});
