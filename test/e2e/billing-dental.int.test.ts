/**
 * A dentist's attendance in the desk's Faturamento (issue 25, TISS-033, UI-091), in headless Chromium
 * against the real server (SQLite file): the admin is a dentist (CRO) whose approved budget became a
 * treatment with a tooth and faces and a region; the attended appointment lists as "Odontologia (GTO)",
 * its guide shows where in the mouth each line is, "Montar lote" builds an odonto batch (the server
 * refused the SP/SADT batch the desk used to build) and the batch's XML downloads with `guiaOdonto`.
 * Screenshots at 1366×768 and 1024×768 go to test-results/billing-dental/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncTestServer } from '../sync/sync-fixture.js';
import { deskEnvironment } from './desk-environment.js';
import { openClerkDesk } from './billing-clerk-desk.js';
import { shot } from './screenshot.js';

const env = deskEnvironment();
let page: Page;
const problems: string[] = [];

/** A dental account over REST: the admin a dentist, a treatment with teeth, today's attended appointment. */
async function seedDental(server: SyncTestServer, token: string, adminId: string): Promise<void> {
  const ok = async (method: string, path: string, body: unknown) => {
    const res = await server.call(method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as Record<string, { id: string } & Record<string, unknown>>;
  };
  const clinic = (await ok('POST', '/clinic/', { name: 'Sorriso', cnpj: '11.222.333/0001-81', cnes: '1234567' }))
    .clinic!.id;
  const restoration = (
    await ok('POST', '/event/', { name: 'Restauração em resina 2 faces', code: '85100196', tissTable: '22' })
  ).event!.id;
  const scaling = (await ok('POST', '/event/', { name: 'Raspagem supragengival', code: '85300039', tissTable: '22' }))
    .event!.id;
  const table = (await ok('POST', '/priceTable/', { name: 'Odonto 2026' })).priceTable!.id;
  await ok('PUT', `/priceTable/${table}`, {
    name: 'Odonto 2026',
    prices: [
      { event: restoration, value: 180.35 },
      { event: scaling, value: 60.1 },
    ],
  });
  const insurance = (
    await ok('POST', '/insurance/', {
      name: 'Odonto Exemplo',
      ansRegistry: '654321',
      priceTable: table,
      plans: [{ name: 'Odonto Plus Nacional' }],
    })
  ).insurance!;
  const plan = (insurance['plans'] as { id: string }[])[0]!.id;
  const specialty = (await ok('POST', '/specialty/', { name: 'Dentística', cbo: '223208', council: 'CRO' })).specialty!
    .id;
  await ok('PUT', `/user/${adminId}`, {
    name: 'Dr. Caio Dentes',
    council: 'CRO',
    councilNumber: '54321',
    councilState: 'SP',
    specialties: [specialty],
  });
  const patient = (
    await ok('POST', '/patient/', {
      name: 'Helena Prado',
      insurances: [{ insurance: insurance.id, identificationOnInsurance: '0098765432', insurancePlan: plan }],
    })
  ).patient!.id;
  const budget = (
    await ok('POST', '/budget/', {
      type: 'dental',
      patient,
      clinic,
      insurance: insurance.id,
      professional: adminId,
      specialty,
      validUntil: '2099-12-31',
      items: [
        { typeModel: 'Event', event: restoration, quantity: 1, totalValue: 180.35, tooth: '16', toothFace: ['O', 'M'] },
        { typeModel: 'Event', event: scaling, quantity: 1, totalValue: 60.1, toothRegion: 'AS' },
      ],
      value: 240.45,
      paymentInformation: { quantity: 1, entry: 240.45, parcelValue: 0 },
    })
  ).budget!.id;
  await ok('POST', `/budget/${budget}/approval`, {});
  await ok('POST', `/budget/${budget}/treatment`, {});
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const appointment = (
    await ok('POST', '/appointment/', {
      clinic,
      patient,
      professional: adminId,
      specialty,
      events: [restoration, scaling],
      insurance: insurance.id,
      insurancePlan: plan,
      start: `${today}T09:00:00-03:00`,
      end: `${today}T10:00:00-03:00`,
    })
  ).appointment!.id;
  for (const step of ['attendance', 'attendance/start', 'attendance/end'])
    await ok('POST', `/appointment/${appointment}/${step}`, {});
}

beforeAll(async () => {
  ({ page } = await openClerkDesk(env, { name: 'Clinica Sorriso', domain: 'sorriso.test' }, problems, seedDental, {
    acceptDownloads: true,
  }));
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    console.log('page problems', problems);
    await shot(page, 'billing-dental/failed.png');
  }
});

describe('Faturamento of a dentist', () => {
  it('lists the attendance as a GTO, shows tooth and faces, builds an odonto batch and downloads its XML', async () => {
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('button', { name: 'Faturamento' })
      .click();
    const billable = page.getByRole('table', { name: 'Atendimentos a faturar' });
    const helena = billable.getByRole('row', { name: /Helena Prado/ });
    await helena.getByText('Odontologia (GTO)').waitFor({ timeout: 30_000 });
    await shot(page, 'billing-dental/billable.png');

    await billable.getByRole('button', { name: 'Faturar atendimento de Helena Prado' }).click();
    await billable.getByRole('button', { name: /Editar guia \d+/ }).click();
    const dialog = page.getByRole('dialog', { name: /Guia \d+ · Helena Prado/ });
    const lines = dialog.getByRole('table', { name: 'Linhas da guia' });
    const restoration = lines.getByRole('row', { name: /Restauração em resina/ });
    await restoration.waitFor({ timeout: 30_000 });
    expect(await restoration.textContent()).toContain('Dente 16 · faces O, M');
    expect(await lines.getByRole('row', { name: /Raspagem supragengival/ }).textContent()).toContain('Região AS');
    // A GTO has no place for other expenses: the form is not offered.
    expect(await dialog.getByRole('region', { name: 'Outras despesas' }).count()).toBe(0);
    await lines.scrollIntoViewIfNeeded();
    await shot(page, 'billing-dental/guide.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'billing-dental/guide-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await billable.getByRole('checkbox', { name: /Selecionar Helena Prado/ }).check();
    await page.getByRole('button', { name: 'Montar lote (1)' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Lote \d+ montado com 1 guia\./ })
      .waitFor({ timeout: 30_000 });
    const row = page.getByRole('table', { name: 'Lotes' }).getByRole('row', { name: /Odontologia \(GTO\)/ });
    await row.getByText('R$ 240,45').waitFor({ timeout: 30_000 });
    await helena.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Baixar XML do lote/ }).click(),
    ]);
    const xml = fs.readFileSync(await download.path()).toString('latin1');
    expect(xml.match(/<ans:guiaOdonto>/g)).toHaveLength(1);
    expect(xml).toContain(
      '<ans:denteRegiao><ans:codDente>16</ans:codDente></ans:denteRegiao><ans:denteFace>OM</ans:denteFace>',
    );
    expect(xml).toContain('<ans:denteRegiao><ans:codRegiao>AS</ans:codRegiao></ans:denteRegiao>');
    expect(xml).toContain('<ans:numeroCarteira>0098765432</ans:numeroCarteira>');
    await page
      .getByRole('status')
      .filter({ hasText: /XML do lote \d+ baixado/ })
      .waitFor();
    await shot(page, 'billing-dental/downloaded.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'billing-dental/downloaded-1024.png');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(problems).toEqual([]);
  }, 120_000);
});
