import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { events } from '#core/clinic/event-record.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { exportPriceTable } from './csv-export-ops.js';
import { importPriceCsv, importPriceTableCsv } from './csv-import-ops.js';
import type { CsvRowReader } from './csv-rows.js';
import { checkPricesOperation, pricesOfEventsOperation } from './price-lookup-ops.js';
import { alterPriceTable, createPriceTable, getPriceTable, listPrices } from './price-table-ops.js';
import { prices } from './price-table-record.js';

let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData();
});
afterAll(() => h.close());

const newTable = async (name: string) => (await h.run(createPriceTable, { name })).priceTable;
const counts = async () => ({
  events: await h.ctx.store.collection(events).count(),
  prices: await h.ctx.store.collection(prices).count(),
});

describe('price tables', () => {
  it('are created empty and altered with prices per event, insurance and plan', async () => {
    const table = await newTable('Particular 2026');
    expect(await h.run(getPriceTable, { id: table.id })).toMatchObject({ name: 'Particular 2026', priceCount: 0 });
    const consulta = (await h.run(createEvent, { name: 'Consulta', code: 'C001', type: 'consultation' })).event;
    const raio = (await h.run(createEvent, { name: 'Raio-X de tórax', code: 'C002', type: 'exam' })).event;
    const { insurance } = await h.run(createInsurance, {
      name: 'Vida Plena',
      plans: [{ name: 'Ouro' }, { name: 'Prata' }],
    });
    const [ouro, prata] = insurance.plans;
    const altered = await h.run(alterPriceTable, {
      id: table.id,
      name: 'Particular e convênios 2026',
      prices: [
        { event: consulta.id, value: 250 },
        { event: consulta.id, insurance: insurance.id, value: 120.5 },
        { event: consulta.id, insurance: insurance.id, insurancePlan: ouro!.id, value: 180.3 },
        { event: raio.id, value: 90.1 },
      ],
    });
    expect(altered).toMatchObject({
      pricesSet: 4,
      pricesRemoved: 0,
      priceTable: { name: 'Particular e convênios 2026' },
    });

    const of = (scope: Record<string, string>) =>
      h.run(pricesOfEventsOperation, { id: table.id, event: `${consulta.id},${raio.id}`, ...scope });
    expect((await of({})).items.map((i) => [i.code, i.value, i.scope])).toEqual([
      ['C001', 250, 'general'],
      ['C002', 90.1, 'general'],
    ]);
    expect((await of({ insurance: insurance.id, insurancePlan: ouro!.id })).items.map((i) => i.value)).toEqual([
      180.3, 90.1,
    ]);
    expect((await of({ insurance: insurance.id, insurancePlan: prata!.id })).items.map((i) => i.scope)).toEqual([
      'insurance',
      'general',
    ]);

    await h.run(alterPriceTable, {
      id: table.id,
      name: 'Particular e convênios 2026',
      prices: [{ event: raio.id, value: null }],
    });
    expect(await h.run(checkPricesOperation, { id: table.id, event: [consulta.id, raio.id] })).toEqual({
      complete: false,
      missing: [raio.id],
    });
    expect((await h.run(listPrices, { id: table.id, limit: 2 })).next).not.toBeNull();
  });

  it('refuse prices with a third decimal or for an event the account does not have', async () => {
    const table = await newTable('Tabela X');
    const event = (await h.run(createEvent, { name: 'Curativo' })).event;
    const decimals = await h.failure(alterPriceTable, {
      id: table.id,
      name: 'X',
      prices: [{ event: event.id, value: 10.005 }],
    });
    expect(decimals.details[0]?.path).toBe('prices.0.value');
    const unknown = await h.failure(alterPriceTable, {
      id: table.id,
      name: 'X',
      prices: [{ event: 'nao-existe', value: 1 }],
    });
    expect([unknown.code, unknown.details[0]?.path]).toEqual(['validation', 'prices.0.event']);
  });
});

const GOOD_CSV = [
  'Código;Descrição;Valor (R$);Tipo',
  '10101012;Consulta em consultório (no horário normal);"250,00";consulta',
  '40301630;Hemograma com contagem de plaquetas;1.234,56;exame',
  '',
  '40304361;"Glicose; dosagem";12.5;exame',
].join('\r\n');

describe('CSV import of a reference price table', () => {
  it('imports every row, creating the events it does not know, and exports back the same file', async () => {
    const table = await newTable('Referência 2026');
    const result = await h.run(importPriceTableCsv, { id: table.id, csv: `\uFEFF${GOOD_CSV}` });
    expect(result).toMatchObject({ rows: 3, createdEvents: 3, pricesSet: 3 });
    const exported = await h.run(exportPriceTable, { id: table.id, format: 'csv' });
    expect(exported.content).toBe(
      '\uFEFFcodigo;descricao;valor;tipo;tabela\r\n' +
        '10101012;Consulta em consultório (no horário normal);250,00;consulta;\r\n' +
        '40301630;Hemograma com contagem de plaquetas;1234,56;exame;\r\n' +
        '40304361;"Glicose; dosagem";12,50;exame;\r\n',
    );
    const again = await newTable('Cópia');
    const reimport = await h.run(importPriceTableCsv, { id: again.id, csv: exported.content });
    expect(reimport).toMatchObject({ rows: 3, createdEvents: 0, pricesSet: 3 });
    const json = JSON.parse((await h.run(exportPriceTable, { id: again.id, format: 'json' })).content) as {
      prices: { code: string; value: number }[];
    };
    expect(json.prices.map((p) => [p.code, p.value])).toEqual([
      ['10101012', 250],
      ['40301630', 1234.56],
      ['40304361', 12.5],
    ]);
  });

  it('rejects the file when any row is bad, reporting each by line and column, and imports nothing', async () => {
    const table = await newTable('Com erros');
    const before = await counts();
    const csv = [
      'codigo,descricao,valor',
      '10101012,Consulta,100',
      '20202020,Sessão de fisioterapia,abc',
      ',Sem código,10',
      '99999999,"Descrição',
      'com quebra de linha","10,999"',
      '10101012,Consulta repetida,100',
      '30303030,,50',
    ].join('\n');
    const error = await h.failure(importPriceTableCsv, { id: table.id, csv });
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(/nada foi importado/);
    expect(error.details.map((d) => d.path)).toEqual(['csv.3.valor', 'csv.4.codigo', 'csv.5.valor', 'csv.7.codigo']);
    expect(error.details[0]?.message).toBe('linha 3: valor inválido "abc"');
    expect(await counts()).toEqual(before);

    const unnamed = await h.failure(importPriceTableCsv, { id: table.id, csv: 'codigo;valor\n30303030;50\n' });
    expect(unnamed.details.map((d) => d.path)).toEqual(['csv.2.descricao']);
    expect(await counts()).toEqual(before);
  });

  it('reports malformed CSV, a missing column and an empty file by line', async () => {
    const table = await newTable('Malformada');
    const quote = await h.failure(importPriceTableCsv, {
      id: table.id,
      csv: 'codigo;descricao;valor\n1;"aberta;10\n2;b;3',
    });
    expect(quote.details).toEqual([
      { path: 'csv.2', message: 'linha 2: CSV malformado: aspas abertas e não fechadas' },
    ]);
    const stray = await h.failure(importPriceTableCsv, { id: table.id, csv: 'codigo;descricao;valor\n1;a"b;10\n' });
    expect(stray.details).toEqual([
      { path: 'csv.2', message: 'linha 2: CSV malformado: aspas no meio de um campo sem aspas' },
    ]);
    const header = await h.failure(importPriceTableCsv, { id: table.id, csv: 'descricao;preço\nConsulta;10' });
    expect(header.details[0]?.message).toMatch(/sem a coluna código/);
    const empty = await h.failure(importPriceTableCsv, { id: table.id, csv: '\n\n' });
    expect(empty.details[0]?.message).toMatch(/arquivo vazio/);
  });

  it('streams: rows arrive chunk by chunk, split anywhere, and a custom reader can be injected', async () => {
    const table = await newTable('Em pedaços');
    async function* tiny(text: string) {
      for (let at = 0; at < text.length; at += 3) yield await Promise.resolve(text.slice(at, at + 3));
    }
    const report = await importPriceCsv(h.ctx, tiny(GOOD_CSV), { table: table.id });
    expect(report.rows).toBe(3);
    const lines: number[] = [];
    const spy: CsvRowReader = async function* (chunks, options) {
      const { readCsvRows } = await import('./csv-rows.js');
      for await (const row of readCsvRows(chunks, options)) {
        lines.push(row.line);
        yield row;
      }
    };
    await importPriceCsv(h.ctx, tiny(GOOD_CSV), { table: table.id, reader: spy });
    expect(lines).toEqual([1, 2, 3, 4, 5]);
  });
});
