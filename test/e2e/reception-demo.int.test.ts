/**
 * The local-only demonstration clinic in headless Chromium: entered from the sign-in screen with no
 * server at all, seeded through the operations, with the keyboard shortcuts' help. Screenshots go to
 * test-results/.
 */
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const demo = demoClinic();

describe('the demonstration clinic, with no server', () => {
  it('opens a seeded day from the sign-in screen, lists the shortcuts, approves a budget, keeps the data after a reload', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Demonstração' }).waitFor();
    // Five appointments of today: two confirmed and one already waiting, as seeded.
    await page.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 15_000 });
    expect(await page.locator('.appt').count()).toBe(5);
    await shot(page, 'reception-demo.png');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atalhos de teclado' });
    await help.waitFor();
    expect(await help.getByRole('row').count()).toBeGreaterThanOrEqual(16);
    await shot(page, 'reception-shortcuts.png');
    await page.keyboard.press('Escape');

    // Budgets: the one awaiting the patient's answer is approved from the list.
    await page.getByRole('button', { name: 'Orçamentos', exact: true }).click();
    const budgets = page.getByRole('table', { name: 'Orçamentos' });
    const first = budgets.getByRole('row').filter({ hasText: 'Maria Aparecida da Silva' });
    await first.getByText('Aguardando aprovação').waitFor();
    expect(await first.getByText('R$ 510,00').count()).toBe(1);
    await first.getByRole('button', { name: 'Aprovar' }).click();
    await first.getByText('Aprovado', { exact: true }).waitFor();
    expect(await first.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    await shot(page, 'reception-budgets.png');
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();

    // IndexedDB keeps the demo: a reload shows the same day, seeded once.
    await page.reload();
    await page.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
