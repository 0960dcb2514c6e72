/**
 * Recurring blocks from the agenda in headless Chromium on the demonstration clinic (no server):
 * lunch 12:00–13:00 repeated Monday to Friday for two weeks from next Monday, seen on another day
 * and in the professional's week; the series removed (asked first), undone, and removed again after
 * one occurrence went on its own (then without undo). Days are typed dd/mm/aaaa, as the desk shows them. Screenshots go to test-results/recurring-blocks/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#core/br/format.js';
import { addDays, dayIn, weekdayOf } from '#core/schedule/time.js';
import { demoClinic } from './demo-page.js';
import { shot as saveShot } from './screenshot.js';
import { ZONE } from './tomorrow.js';

const LUANA = 'Dra. Luana Vasconcelos';
const demo = demoClinic();

/** A day-view cell by its accessible name: `HH:mm, Professional: what it holds`. */
const cell = (page: Page, text: string) => page.locator(`[data-cell][aria-label*="${text}"]`);
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

describe('recurring blocks on the demonstration clinic', () => {
  it('blocks lunch on workdays for two weeks, shows it on other days, and removes the series', async () => {
    const { page, context, errors } = await demo.open();
    const shot = (name: string) => saveShot(page, `recurring-blocks/${name}`);
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    // Next Monday (never today: every slot of the series is ahead) and the second week's Friday.
    const today = dayIn(new Date(), ZONE);
    const monday = addDays(today, (8 - weekdayOf(today)) % 7 || 7);
    const lastFriday = addDays(monday, 11);

    await page.keyboard.press('b');
    const dialog = page.getByRole('dialog', { name: 'Bloquear horário' });
    await dialog.getByLabel('Profissional').selectOption({ label: LUANA });
    await dialog.getByLabel('Dia', { exact: true }).fill(formatDate(monday));
    await dialog.getByLabel('Das').fill('12:00');
    await dialog.getByLabel('Até', { exact: true }).fill('13:00');
    await dialog.getByLabel('Motivo').fill('Almoço');

    // Repetir, by keyboard: Space on the box ticks the block's own weekday; Tab walks the chips.
    await dialog.getByRole('checkbox', { name: 'Repetir' }).focus();
    await page.keyboard.press('Space');
    const chip = (name: string) => dialog.getByRole('checkbox', { name, exact: true });
    expect(await chip('seg').isChecked()).toBe(true);
    expect(await chip('ter').isChecked()).toBe(false);
    await chip('seg').focus();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
    }
    for (const day of ['seg', 'ter', 'qua', 'qui', 'sex']) expect(await chip(day).isChecked()).toBe(true);
    expect(await chip('sáb').isChecked()).toBe(false);
    expect(await chip('dom').isChecked()).toBe(false);

    // A last day before the first: the core's message, under the field; nothing is written.
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('Informe até que dia repetir').waitFor();
    await dialog.getByLabel('Até o dia').fill(formatDate(addDays(monday, -1)));
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('antes do primeiro bloqueio').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);

    await dialog.getByLabel('Até o dia').fill(formatDate(lastFriday));
    await dialog.getByText(`10 bloqueios, de seg., ${ddmm(monday)} a sex., ${ddmm(lastFriday)}`).waitFor();
    // The core's message spoke of the old day: it goes with the change.
    expect(await dialog.getByText('antes do primeiro bloqueio').count()).toBe(0);
    await dialog.getByLabel('Motivo').focus();
    await shot('dialog-repeat.png');
    await page.keyboard.press('Control+Enter');

    // The dialog stays on the core's count; the day's list marks the block as one of a series.
    await dialog.getByRole('status').filter({ hasText: '10 horários bloqueados.' }).waitFor();
    const listed = dialog.getByRole('listitem').filter({ hasText: `12:00–13:00 · ${LUANA} · Almoço` });
    await listed.getByText('série', { exact: true }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Repetir' }).isChecked()).toBe(false);
    await shot('dialog-saved.png');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Another day of the series: the second week's Wednesday, by the agenda's own day buttons.
    const wednesday = addDays(monday, 9);
    for (let day = today; day < wednesday; day = addDays(day, 1))
      await page.getByRole('button', { name: 'Próximo dia' }).click();
    const lunch = cell(page, `12:00, ${LUANA}: bloqueado (Almoço)`);
    await lunch.waitFor();
    const perDay = await page.locator('td.cell--blocked').count();
    expect(perDay).toBeGreaterThanOrEqual(2);
    expect(await cell(page, `12:00, Dra. Helena Martins: livre`).count()).toBe(1);

    // Luana's week: the five workdays blocked, the weekend free.
    await lunch.focus();
    await page.getByText('Semana', { exact: true }).click();
    await page.getByRole('heading', { level: 3, name: new RegExp(`^${LUANA} · `) }).waitFor();
    await expect.poll(() => page.locator('td.cell--blocked').count()).toBe(5 * perDay);
    await page.locator('td.cell--blocked').first().scrollIntoViewIfNeeded();
    await shot('week.png');
    await page.getByText('Dia', { exact: true }).click();
    await lunch.waitFor();

    // B on that Wednesday: remove the whole series, asked first; then undo it.
    await page.keyboard.press('b');
    await dialog.getByLabel('Dia', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Dia', { exact: true }).inputValue()).toBe(formatDate(wednesday));
    const row = dialog.getByRole('listitem').filter({ hasText: 'Almoço' });
    await row.getByRole('button', { name: `Desbloquear a série das 12:00 de ${LUANA}` }).click();
    const ask = dialog.getByRole('group', { name: 'Desbloquear a série inteira?' });
    await ask
      .getByText(`Remove os 10 bloqueios da série, de seg., ${ddmm(monday)} a sex., ${ddmm(lastFriday)}`)
      .waitFor();
    await ask.getByText('Dá para desfazer logo em seguida.').waitFor();
    await shot('series-ask.png');
    await ask.getByRole('button', { name: 'Desbloquear 10 horários' }).click();
    const removed = dialog.getByRole('status').filter({ hasText: '10 horários desbloqueados.' });
    await removed.waitFor();
    await dialog.getByText('Nenhum bloqueio neste dia.').waitFor();
    await removed.getByRole('button', { name: 'Desfazer' }).click();
    await row.getByText('série', { exact: true }).waitFor();

    // One occurrence on its own (undo offered, as before); the series then has a gap, so removing
    // it says it cannot be undone. Esc on the question cancels it, not the dialog.
    await row.getByRole('button', { name: `Desbloquear só este: 12:00 de ${LUANA}` }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Horário das 12:00 de ${LUANA} desbloqueado.` })
      .getByRole('button', { name: 'Desfazer' })
      .waitFor();
    await dialog.getByText('Nenhum bloqueio neste dia.').waitFor();
    await dialog.getByLabel('Dia', { exact: true }).fill(formatDate(addDays(wednesday, 1)));
    await row.getByRole('button', { name: `Desbloquear a série das 12:00 de ${LUANA}` }).click();
    await ask.getByText(/Não dá para desfazer/).waitFor();
    await ask.getByText(/Remove os 9 bloqueios/).waitFor();
    await shot('series-ask-no-undo.png');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await row.getByRole('button', { name: `Desbloquear a série das 12:00 de ${LUANA}` }).click();
    // The confirming button has the focus: Enter removes.
    await page.keyboard.press('Enter');
    const gone = dialog.getByRole('status').filter({ hasText: '9 horários desbloqueados.' });
    await gone.waitFor();
    expect(await gone.getByRole('button', { name: 'Desfazer' }).count()).toBe(0);
    await dialog.getByText('Nenhum bloqueio neste dia.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Gone from the agenda: this day and the week.
    await cell(page, `12:00, ${LUANA}: livre`).waitFor();
    expect(await page.locator('td.cell--blocked').count()).toBe(0);
    await cell(page, `12:00, ${LUANA}`).focus();
    await page.getByText('Semana', { exact: true }).click();
    await page.getByRole('heading', { level: 3, name: new RegExp(`^${LUANA} · `) }).waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^12:00, .*: livre$`) })
      .first()
      .waitFor();
    expect(await page.locator('td.cell--blocked').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
