/**
 * The freed-slot offer in headless Chromium on the demonstration clinic (no server, so offline): a
 * cancellation whose slot fits wait-list entries offers them, most urgent first; Enter books the first
 * into exactly that slot and takes it off the list; Esc leaves everything as it was. A cancellation
 * nobody fits (the only entry is the cancelling patient's own) offers nothing. Screenshots go to
 * test-results/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const demo = demoClinic();

/** A grid cell by its accessible name: `HH:mm, Professional: what it holds`. */
const cell = (page: Page, text: string) => page.locator(`[data-cell][aria-label*="${text}"]`);

/** Adds `patient` (typed `search`) to the wait list for `professional`, at `priority` when given. */
async function addToWaitList(page: Page, search: string, patient: string, professional: string, priority?: string) {
  await page.getByRole('button', { name: 'Incluir na lista' }).click();
  const add = page.getByRole('dialog', { name: 'Incluir na lista de espera' });
  await add.getByRole('combobox', { name: 'Paciente' }).fill(search);
  await add.getByRole('option', { name: new RegExp(patient) }).click();
  await add.getByLabel('Profissional').selectOption({ label: professional });
  if (priority) await add.getByText(priority, { exact: true }).click();
  await page.keyboard.press('Control+Enter');
  await add.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Lista de espera' }).getByRole('row').filter({ hasText: patient }).waitFor();
}

/**
 * Opens `patient`'s appointment with `professional` on the day shown and cancels it from the keyboard
 * (X, the reason, Enter). @returns the slot's time, `HH:mm`.
 */
async function cancel(page: Page, professional: string, patient: string): Promise<string> {
  const taken = cell(page, `${professional}: ${patient}, Agendado`);
  const time = (await taken.getAttribute('aria-label'))!.slice(0, 5);
  await taken.click();
  const panel = page.getByTestId('appointment-panel');
  await panel.waitFor();
  await page.keyboard.press('x');
  await panel.getByLabel('Motivo').fill('Paciente viajou');
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
  return time;
}

const toWaitList = async (page: Page) => {
  await page.getByRole('button', { name: 'Lista de espera', exact: true }).click();
  await page.getByRole('table', { name: 'Lista de espera' }).waitFor();
};
const toAgenda = async (page: Page) => {
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor();
};

describe('offering a freed slot to the wait list on the demonstration clinic', () => {
  it('offers a cancelled slot to who fits it; Enter books the first, Esc changes nothing', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    // Gabriel (high) and Juliana (normal) want Dra. Helena at any time; Paulo wants Dr. Ricardo.
    await toWaitList(page);
    await addToWaitList(page, 'Juliana', 'Juliana Costa Almeida', 'Dra. Helena Martins');
    await addToWaitList(page, 'Gabriel', 'Gabriel Araújo Teixeira', 'Dra. Helena Martins', 'Alta');
    await addToWaitList(page, 'Paulo', 'Paulo Henrique Ribeiro', 'Dr. Ricardo Prado');

    // João cancels his slot with Dra. Helena: Gabriel and Juliana fit it, the most urgent first.
    await toAgenda(page);
    const time = await cancel(page, 'Dra. Helena Martins', 'João Pedro Oliveira');
    const offer = page.getByRole('dialog', {
      name: 'Horário liberado: 2 pessoas da lista de espera cabem neste horário',
    });
    await offer.waitFor();
    await offer.getByText(`${time}–`).first().waitFor();
    const people = offer.getByRole('listitem');
    expect(await people.count()).toBe(2);
    expect(await people.allInnerTexts()).toEqual([
      expect.stringMatching(
        /^Gabriel Araújo Teixeira\s+Alta\s+Dra\. Helena Martins · Qualquer horário\s+Celular \(11\) 9/i,
      ),
      expect.stringMatching(
        /^Juliana Costa Almeida\s+Normal\s+Dra\. Helena Martins · Qualquer horário\s+Celular \(11\) 9/i,
      ),
    ]);
    expect(await offer.getByText('Paulo Henrique Ribeiro').count()).toBe(0);
    // The first "Agendar aqui" has the focus: Enter books Gabriel.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Agendar aqui: Gabriel Araújo Teixeira',
    );
    await shot(page, 'freed-slot-offer.png');
    await page.keyboard.press('Enter');
    await offer.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Gabriel Araújo Teixeira agendado\(a\) para .* e retirado\(a\) da lista de espera/ })
      .waitFor();
    const booked = cell(page, `${time}, Dra. Helena Martins: Gabriel Araújo Teixeira, Agendado`);
    await booked.waitFor();
    await booked.scrollIntoViewIfNeeded();
    await shot(page, 'freed-slot-booked.png');

    // Ana cancels her slot with Dr. Ricardo: Paulo fits it; Esc closes the offer and books nobody.
    const ricardo = await cancel(page, 'Dr. Ricardo Prado', 'Ana Beatriz Santos');
    const single = page.getByRole('dialog', {
      name: 'Horário liberado: 1 pessoa da lista de espera cabe neste horário',
    });
    await single.getByRole('listitem', { name: 'Paulo Henrique Ribeiro' }).waitFor();
    await page.keyboard.press('Escape');
    await single.waitFor({ state: 'detached' });
    await cell(page, `${ricardo}, Dr. Ricardo Prado: livre`).waitFor();
    expect(await page.locator('.appt', { hasText: 'Paulo Henrique Ribeiro' }).count()).toBe(0);

    // The list: Gabriel left it; Juliana and Paulo are still waiting.
    await toWaitList(page);
    const list = page.getByRole('table', { name: 'Lista de espera' });
    await list.getByRole('row').filter({ hasText: 'Paulo Henrique Ribeiro' }).waitFor();
    expect(await list.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('Paciente'),
      expect.stringContaining('Juliana Costa Almeida'),
      expect.stringContaining('Paulo Henrique Ribeiro'),
    ]);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('offers nothing when nobody on the wait list fits the freed slot', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    // João waits for an earlier slot with Dra. Helena himself; Paulo wants Dra. Luana.
    await toWaitList(page);
    await addToWaitList(page, 'João', 'João Pedro Oliveira', 'Dra. Helena Martins');
    await addToWaitList(page, 'Paulo', 'Paulo Henrique Ribeiro', 'Dra. Luana Vasconcelos');

    // João's own cancellation: his own slot is not offered back to him, and nobody else fits.
    await toAgenda(page);
    const time = await cancel(page, 'Dra. Helena Martins', 'João Pedro Oliveira');
    await cell(page, `${time}, Dra. Helena Martins: livre`).waitFor();
    // The offer reads the local database in milliseconds; give it ample time to (wrongly) appear.
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'freed-slot-nobody.png');

    // The agenda's keys still work (no invisible offer holds them): ? opens the shortcut list.
    await page.keyboard.press('?');
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
