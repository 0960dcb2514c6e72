import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { openBudgetFixture, type BudgetFixture } from './budget-fixture.js';

let f: BudgetFixture;
beforeAll(async () => {
  f = await openBudgetFixture();
});
afterAll(() => f.server.close());

type Details = { path: string; message: string }[];
const paths = (body: Record<string, unknown>) =>
  ((body.error as { details: Details }).details ?? []).map((d) => d.path).sort();

async function count(): Promise<number> {
  const res = await f.call('GET', '/budget/?active=all&limit=100');
  return (res.body.items as unknown[]).length;
}

describe('POST /budget/ (spec §4.1)', () => {
  it('answers 201 with a message and the saved budget holding every field sent', async () => {
    const body = f.body();
    const res = await f.call('POST', '/budget/', body);
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/Orçamento nº \d+ salvo/);
    const budget = res.body.budget as Record<string, unknown>;
    expect(budget).toMatchObject(body);
    expect(budget).toMatchObject({
      id: expect.any(String) as string,
      budgetNumber: expect.any(Number) as number,
      createdAt: expect.stringMatching(/[+-]\d\d:\d\d$/) as string,
      updatedAt: expect.any(String) as string,
    });
    expect((await f.call('GET', `/budget/${budget.id as string}`)).body).toEqual(budget);
  });

  it('answers 401 without the auth-bearer header or with a wrong key, storing nothing', async () => {
    const before = await count();
    const none = await f.server.call('POST', '/budget/', { body: f.body() });
    expect(none.status).toBe(401);
    const wrong = await f.call('POST', '/budget/', f.body(), 'chave-que-nao-existe-de-jeito-nenhum');
    expect(wrong.status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('answers 400 naming each bad field, storing nothing', async () => {
    const before = await count();
    const body = f.body();
    const res = await f.call('POST', '/budget/', {
      ...body,
      clinic: undefined,
      status: 'aprovado',
      cellPhone: '123',
      extra: 1,
      items: [{ ...body.items[0], quantity: -1, tooth: '99', toothFace: ['O', 'O'] }],
      paymentInformation: { ...body.paymentInformation, period: 'anual' },
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(
      [
        'cellPhone',
        'clinic',
        'extra',
        'items.0.quantity',
        'items.0.tooth',
        'items.0.toothFace',
        'paymentInformation.period',
        'status',
      ].sort(),
    );
    expect(await count()).toBe(before);
  });

  it("answers 400 naming ids that are not the account's, whether missing or another account's", async () => {
    const before = await count();
    const body = f.body();
    const o = f.otherRefs;
    const res = await f.call('POST', '/budget/', {
      ...body,
      patient: o.patient,
      clinic: o.clinic,
      professional: o.professional,
      insurance: o.insurance,
      specialty: 'nao-existe',
      patientData: { insurancePlan: o.plan },
      items: [{ ...body.items[0], event: o.events[0], item: 'nao-existe' }],
      createdBy: undefined,
      approvedBy: undefined,
      value: undefined,
      paymentInformation: undefined,
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(
      ['clinic', 'insurance', 'items.0.event', 'items.0.item', 'patient', 'professional', 'specialty'].sort(),
    );
    expect(await count()).toBe(before);
  });

  it('answers 409 naming budgetNumber when the number is taken, and never reuses a number', async () => {
    const first = await f.call('POST', '/budget/', { ...f.body(), budgetNumber: 5000 });
    expect(first.status).toBe(201);
    const again = await f.call('POST', '/budget/', { ...f.body(), budgetNumber: 5000 });
    expect(again.status).toBe(409);
    expect(paths(again.body)).toEqual(['budgetNumber']);
    const numbers = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const res = await f.call('POST', '/budget/', f.body());
      numbers.add((res.body.budget as { budgetNumber: number }).budgetNumber);
    }
    expect(numbers.size).toBe(5);
  });
});

describe('the rest of Report Budget over REST', () => {
  it('edits, approves, refuses edits once approved, disapproves, turns into a treatment, deletes', async () => {
    const created = await f.call('POST', '/budget/', { ...f.body(), status: 1, approvedBy: undefined });
    const id = (created.body.budget as { id: string }).id;
    const edit = await f.call('PUT', `/budget/${id}`, {
      ...f.body(),
      approvedBy: undefined,
      value: undefined,
      status: 1,
    });
    expect(edit.status).toBe(200);
    const approve = await f.call('POST', `/budget/${id}/approval`, { approvedBy: f.refs.professional });
    expect(approve.body).toMatchObject({ status: 2, approvedBy: f.refs.professional });
    expect((await f.call('PUT', `/budget/${id}`, f.body())).status).toBe(409);
    const treatment = await f.call('POST', `/budget/${id}/treatment`);
    expect(treatment.status).toBe(201);
    expect((treatment.body.treatment as { steps: unknown[] }).steps).toHaveLength(2);
    expect((await f.call('POST', `/budget/${id}/treatment`)).status).toBe(409);
    expect((await f.call('GET', `/budget/${id}`)).body).toMatchObject({ status: 4 });
    const removed = await f.call('DELETE', `/budget/${id}`);
    expect(removed.body).toMatchObject({ active: false });
    const listed = await f.call('GET', `/budget/?patient=${f.refs.patient}&limit=100`);
    expect((listed.body.items as { id: string }[]).map((b) => b.id)).not.toContain(id);
    const other = await f.call('GET', `/budget/${id}`, undefined, f.otherKey);
    expect(other.status).toBe(404);
  });

  it('lists with filters and paging', async () => {
    const page = await f.call('GET', `/budget/?clinic=${f.refs.clinic}&status=1&from=2026-01-01&limit=2`);
    expect(page.status).toBe(200);
    expect((page.body.items as { status: number }[]).every((b) => b.status === 1)).toBe(true);
    const bad = await f.call('GET', '/budget/?status=9&from=ontem');
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['from', 'status']);
  });

  it('downloads a pt-BR PDF a clinic would hand to a patient', async () => {
    const created = await f.call('POST', '/budget/', f.body());
    const budget = created.body.budget as { id: string; budgetNumber: number };
    const res = await f.call('GET', `/budget/${budget.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fileName: `orcamento-${budget.budgetNumber}.pdf`, mediaType: 'application/pdf' });
    const bytes = Buffer.from(res.body.content as string, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      const { text } = await parser.getText();
      for (const expected of [
        'Clínica Sorriso',
        `ORÇAMENTO Nº ${budget.budgetNumber}`,
        'Maria Aparecida da Silva',
        'Dra. Ana Souza',
        'CRO-SP 12345',
        'Restauração em resina',
        'Dente 36',
        'OM',
        'Região ASAI',
        'R$ 650,50',
        'Coparticipação do paciente: R$ 50,00',
        'Entrada: R$ 50,50',
        '3 parcelas mensais de R$ 200,00',
        'Cartão de crédito',
        'Válido até 23/12/2026',
        'Odonto Exemplo — Essencial',
        'Paciente ou responsável',
        'Profissional responsável',
      ]) {
        expect(text).toContain(expected);
      }
      // One A4 page that renders (pdf.js, as a browser would): a PNG portrait in A4 proportions.
      const shot = await parser.getScreenshot({ scale: 1 });
      expect(shot.pages).toHaveLength(1);
      const png = Buffer.from(shot.pages[0]!.data);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(shot.pages[0]!.height / shot.pages[0]!.width).toBeCloseTo(297 / 210, 1);
    } finally {
      await parser.destroy();
    }
  });
});
