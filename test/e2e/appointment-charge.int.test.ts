/**
 * Copart and payment method from the appointment panel, on the demo clinic in headless Chromium: a
 * bad amount is refused inline and saves nothing; a good one and PIX are kept across a reload.
 * Screenshot in test-results/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const demo = demoClinic();

async function openFirstAppointment(page: Page) {
  await page.locator('.appt').first().click();
  const panel = page.getByTestId('appointment-panel');
  await panel.waitFor();
  return panel.getByTestId('appointment-charge');
}

describe('copart and payment method of an appointment', () => {
  it('refuses a bad amount inline, then keeps R$ 35,50 by PIX across a reload', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    let charge = await openFirstAppointment(page);
    const copart = charge.getByLabel('Coparticipação');
    await copart.fill('35,5x');
    await charge.getByRole('button', { name: 'Salvar valores' }).click();
    await charge.getByText('Valor inválido: use por exemplo 35,50').waitFor();

    await copart.fill('35,50');
    await charge.getByLabel('Forma de pagamento').click();
    await page.getByRole('option', { name: 'PIX' }).click();
    await charge.getByRole('button', { name: 'Salvar valores' }).click();
    await charge.getByRole('button', { name: 'Salvo' }).waitFor();
    await shot(page, 'appointment-charge.png');

    await page.reload();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    charge = await openFirstAppointment(page);
    expect(await charge.getByLabel('Coparticipação').inputValue()).toBe('35,50');
    expect(await charge.getByLabel('Forma de pagamento').inputValue()).toBe('PIX');
    expect(await charge.getByRole('button', { name: 'Salvar valores' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
