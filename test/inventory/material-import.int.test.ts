/**
 * The materials and exams import over REST (INV-012), on a SQLite file and on PostgreSQL where it
 * answers: the JSON form, the raw `text/csv` body and the multipart upload; all or nothing with every
 * rejected row reported (`items.<n>.<field>`, `csv.<line>.<column>`); a second import updates by table
 * and code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryModule } from '#core/inventory/module.js';
import { postgresUnreachable, skipWithoutPostgres } from '../../sync-server/testing/postgres.js';
import { openRestFixture, type Engine, type RestFixture } from '../master-data/rest-fixture.js';

const engines: Engine[] = skipWithoutPostgres(await postgresUnreachable(), 'materials import')
  ? ['sqlite']
  : ['sqlite', 'postgresql'];

describe.each(engines)('materials and exams import over REST (%s)', (engine) => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await openRestFixture(engine, {
      collections: inventoryModule.collections.map((c) => c.def),
      operations: inventoryModule.operations,
    });
  });
  afterAll(() => f.close());

  const list = async () =>
    ((await (await f.call('GET', '/materialOrExam/?limit=50')).json()) as { items: Record<string, unknown>[] }).items;
  const send = (type: string, body: BodyInit) =>
    f.app.request('/materialOrExam/import/csv', {
      method: 'POST',
      headers: { 'auth-bearer': f.keys.all, ...(type ? { 'content-type': type } : {}) },
      body,
    });

  it('refuses the whole JSON import, listing every bad item, and then takes a clean one', async () => {
    const bad = await f.call('POST', '/materialOrExam/import', {
      items: [
        { tussTable: '19', code: '70000018', name: 'Fio de sutura', unit: 'UN', price: 12.5 },
        { tussTable: '21', code: '7000001', name: 'Errado', unit: 'UN' },
        { tussTable: '20', code: '90000001', name: 'Lidocaína', unit: 'AMP', price: 1.234 },
        { tussTable: '19', code: '7000.0018', name: 'Repetido', unit: 'UN' },
      ],
    });
    expect(bad.status).toBe(400);
    const error = await f.errorOf(bad);
    expect(error.message).toMatch(/nada foi importado/);
    expect(error.details.map((d) => d.path).sort()).toEqual(
      ['items.1.code', 'items.1.tussTable', 'items.2.price', 'items.3.code'].sort(),
    );
    expect(await list()).toEqual([]);

    const ok = await f.call('POST', '/materialOrExam/import', {
      items: [
        { tussTable: '19', code: '70000018', name: 'Fio de sutura nylon 4-0', unit: 'UN', price: 12.5 },
        { tussTable: '22', code: '40301630', name: 'Hemograma completo', unit: 'UN' },
      ],
    });
    expect(ok.status, JSON.stringify(await ok.clone().json())).toBe(200);
    expect(await ok.json()).toMatchObject({ rows: 2, created: 2, updated: 0 });
    expect((await list()).map((m) => [m.tussTable, m.code, m.name, m.price])).toEqual([
      ['19', '70000018', 'Fio de sutura nylon 4-0', 12.5],
      ['22', '40301630', 'Hemograma completo', undefined],
    ]);
  });

  it('takes the CSV as a raw text/csv body, reporting bad lines by line and column, all or nothing', async () => {
    const bad = await send(
      'text/csv; charset=utf-8',
      '\uFEFFTabela;Código;Descrição;Unidade;Valor\n20;90000001;Lidocaína 2%;AMP;3,90\n20;9000;Curto;AMP;1,00\n19;70000026;Gaze;PCT;abc\n',
    );
    expect(bad.status).toBe(400);
    expect((await f.errorOf(bad)).details.map((d) => d.path)).toEqual(['csv.3.Código', 'csv.4.Valor']);
    expect(await list()).toHaveLength(2);

    const ok = await send(
      'text/csv',
      'tabela;codigo;descricao;unidade;valor\n20;90000001;Lidocaína 2%;AMP;3,90\n19;70000018;Fio de sutura nylon 4-0;UN;1.234,56\n',
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ rows: 2, created: 1, updated: 1 });
    const fio = (await list()).find((m) => m.code === '70000018');
    expect(fio).toMatchObject({ price: 1234.56, unit: 'UN' });
  });

  it('takes the CSV as a multipart upload (the file part), and names a missing file', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob(['tabela,codigo,descricao,unidade\n22,40302040,Glicose,UN\n'], { type: 'text/csv' }),
      'exames.csv',
    );
    form.set('delimiter', ',');
    const ok = await send('', form);
    expect(ok.status, JSON.stringify(await ok.clone().json())).toBe(200);
    expect(await ok.json()).toMatchObject({ rows: 1, created: 1 });

    const empty = new FormData();
    empty.set('delimiter', ';');
    const missing = await send('', empty);
    expect(missing.status).toBe(400);
    expect((await f.errorOf(missing)).details[0]?.path).toBe('file');
    // The JSON form of the CSV works too.
    const json = await f.call('POST', '/materialOrExam/import/csv', {
      csv: 'tabela;codigo;descricao;unidade\n19;;X;UN\n',
    });
    expect(json.status).toBe(400);
    expect((await f.errorOf(json)).details[0]?.path).toBe('csv.2.codigo');
  });
});
