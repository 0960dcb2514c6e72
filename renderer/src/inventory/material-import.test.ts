import { describe, expect, it } from 'vitest';
import { previewMaterials } from './material-import.js';

describe('the materials import preview', () => {
  it('shows the rows the import would take and every row it would refuse, by line and column', async () => {
    const preview = await previewMaterials(
      [
        'Tabela;Código;Descrição;Unidade;Valor',
        '19;7000.0018;Fio de sutura nylon 4-0;UN;1.234,50',
        '21;4030;Exame sem tabela;UN;',
        '20;90000001;Lidocaína 2%;AMP;',
      ].join('\n'),
    );
    expect(preview.rows).toEqual([
      {
        line: 2,
        table: '19 · Materiais e OPME',
        code: '70000018',
        name: 'Fio de sutura nylon 4-0',
        unit: 'UN',
        price: 1234.5,
      },
      { line: 4, table: '20 · Medicamentos', code: '90000001', name: 'Lidocaína 2%', unit: 'AMP' },
    ]);
    expect(preview.rejected.map((r) => [r.line, r.column])).toEqual([
      [3, 'Tabela'],
      [3, 'Código'],
    ]);
  });

  it('reports a file without the required columns as a problem of its header', async () => {
    const preview = await previewMaterials('nome;valor\nLuva;1,00\n');
    expect(preview.rows).toEqual([]);
    expect(preview.rejected[0]).toMatchObject({ line: 1, column: '' });
    expect(preview.rejected[0]!.message).toMatch(/cabeçalho sem a coluna/);
  });
});
