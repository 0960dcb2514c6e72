/**
 * Moving appointments and one professional's week, on the demonstration clinic in headless Chromium
 * (no server): drag an appointment to another professional's slot (it stays after a reload), a
 * refused drag onto a taken slot changes nothing, undo puts a move back, M and the arrows move by
 * keyboard; the week view shows the professional's days and books a free slot. Screenshots go to
 * test-results/schedule-week/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot as saveShot } from './screenshot.js';

const HELENA = 'Dra. Helena Martins';
const RICARDO = 'Dr. Ricardo Prado';
const LUANA = 'Dra. Luana Vasconcelos';
const demo = demoClinic();
let context: BrowserContext;
let page: Page;
let errors: string[];

/** The hour the demo seeds its appointments at (demo-seed.ts: the next hour, between 07 and 18). */
function seededHour(): number {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    ),
  );
  return Math.min(Math.max(hour + 1, 7), 18);
}
const hh = (h: number, m: string) => `${String(h).padStart(2, '0')}:${m}`;

/** A cell of the day, by its accessible name: `09:00, Dra. Ana: Maria…, Agendado`. */
const cell = (time: string, professional: string, text: string) =>
  page.getByRole('button', { name: new RegExp(`^${time}, ${professional}: ${text}`) });

/** Saves the page as test-results/schedule-week/`name`. */
const shot = (name: string) => saveShot(page, `schedule-week/${name}`);

beforeAll(async () => {
  ({ page, context, errors } = await demo.open());
  await page.getByText('5 agendamentos · 3 confirmados · 1 aguardando').waitFor({ timeout: 30_000 });
}, 60_000);

afterAll(async () => {
  await context?.close();
});

describe('moving appointments on the day schedule', () => {
  const h = seededHour();
  // Two hours after the seeded ones: free in every column, and on screen with them (the day opens
  // on the coming hour), so the drag needs no scrolling.
  const far = h + 2;

  it('drags an appointment to another professional’s free slot; it stays there after a reload', async () => {
    const joao = page.locator('.appt', { hasText: 'João Pedro Oliveira' });
    await joao.dragTo(cell(hh(far, '00'), RICARDO, 'livre'));
    await cell(hh(far, '00'), RICARDO, 'João Pedro Oliveira, Agendado, Confirmado').waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Agendamento de João Pedro Oliveira movido para ${hh(far, '00')} · ${RICARDO}` })
      .waitFor();
    expect(await cell(hh(h, '30'), HELENA, 'livre').count()).toBe(1);
    await cell(hh(far, '00'), RICARDO, 'João').scrollIntoViewIfNeeded();
    await shot('moved.png');

    await page.reload();
    await cell(hh(far, '00'), RICARDO, 'João Pedro Oliveira, Agendado').waitFor({ timeout: 30_000 });
    expect(await page.locator('.appt').count()).toBe(5);
  }, 60_000);

  it('shows the core’s refusal when dropped on a taken slot, and changes nothing', async () => {
    // Ana Beatriz (Ricardo, h:00) onto Carlos Eduardo (Ricardo, h+1:00).
    await page.locator('.appt', { hasText: 'Ana Beatriz Santos' }).dragTo(cell(hh(h + 1, '00'), RICARDO, 'Carlos'));
    const refusal = page.getByRole('alert').filter({ hasText: 'Horário ocupado ou bloqueado' });
    await refusal.waitFor();
    // What is in the way, one line in words and local time: whose appointment, from when to when.
    await refusal
      .getByText(`Já há agendamento de Carlos Eduardo Souza das ${hh(h + 1, '00')} às ${hh(h + 1, '30')}`, {
        exact: true,
      })
      .waitFor();
    expect(await refusal.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await cell(hh(h + 1, '00'), RICARDO, 'Carlos').scrollIntoViewIfNeeded();
    await shot('refused.png');
    await cell(hh(h, '00'), RICARDO, 'Ana Beatriz Santos').waitFor();
    expect(await cell(hh(h + 1, '00'), RICARDO, 'Carlos Eduardo Souza, Agendado').count()).toBe(1);
    await refusal.getByRole('button', { name: 'Fechar aviso' }).click();
  }, 60_000);

  it('undoes a move from its notice', async () => {
    await page.locator('.appt', { hasText: 'Ana Beatriz Santos' }).dragTo(cell(hh(far, '30'), HELENA, 'livre'));
    await cell(hh(far, '30'), HELENA, 'Ana Beatriz Santos').waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'movido para' });
    await notice.getByRole('button', { name: 'Desfazer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Agendamento de Ana Beatriz Santos de volta a ${hh(h, '00')} · ${RICARDO}` })
      .waitFor();
    await cell(hh(h, '00'), RICARDO, 'Ana Beatriz Santos').waitFor();
    expect(await cell(hh(far, '30'), HELENA, 'livre').count()).toBe(1);
  }, 60_000);

  it('moves by keyboard: M picks the selected appointment up, arrows choose, Enter drops', async () => {
    // Francisca (Luana, h:30) one slot later.
    await cell(hh(h, '30'), LUANA, 'Francisca').focus();
    const banner = page.getByRole('status').filter({ hasText: 'Movendo o agendamento de Francisca Lima Rocha' });
    await page.keyboard.press('m');
    await banner.waitFor();
    await page.keyboard.press('Escape');
    await banner.waitFor({ state: 'detached' });
    await page.keyboard.press('m');
    await banner.waitFor();
    await page.keyboard.press('ArrowDown');
    await shot('keyboard-move.png');
    await page.keyboard.press('Enter');
    await cell(hh(h + 1, '00'), LUANA, 'Francisca Lima Rocha, Agendado').waitFor();
    expect(await cell(hh(h, '30'), LUANA, 'livre').count()).toBe(1);
    // Ctrl+Z undoes it too.
    await page.keyboard.press('Control+z');
    await cell(hh(h, '30'), LUANA, 'Francisca Lima Rocha').waitFor();
  }, 60_000);
});

describe('one professional’s week', () => {
  it('opens the selected professional’s week, moves between days by keyboard and books a free slot', async () => {
    await cell(hh(seededHour(), '00'), RICARDO, 'Ana Beatriz').focus();
    await page.getByText('Semana', { exact: true }).click();
    const title = page.getByRole('heading', { level: 3, name: new RegExp(`^${RICARDO} · `) });
    await title.waitFor();
    // The demo clinic opens every day: seven columns, Monday first.
    const headers = page.getByRole('columnheader');
    await expect.poll(() => headers.count()).toBe(8);
    expect((await headers.nth(1).innerText()).toLowerCase()).toContain('seg');
    await shot('week.png');

    // Next week is all ahead: its first day's first slot is free and bookable.
    const thisMonday = await headers.nth(1).innerText();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => headers.nth(1).innerText()).not.toBe(thisMonday);
    await page
      .getByRole('button', { name: new RegExp(`^07:00, .*: livre$`) })
      .first()
      .focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Horário').inputValue()).toContain('T07:30');
    expect(await dialog.getByLabel('Profissional').inputValue()).toBeTruthy();
    await page.keyboard.type('Gabriel');
    await dialog.getByRole('option', { name: /Gabriel Araújo Teixeira/ }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByTestId('picked-patient').filter({ hasText: 'Gabriel Araújo Teixeira' }).waitFor();
    await shot('week-booking.png');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    const booked = page.getByRole('button', { name: /^07:30, .*: Gabriel Araújo Teixeira, Agendado/ });
    await booked.waitFor();
    expect(await page.getByText('Agendamentos na semana: 1').count()).toBe(1);
    await shot('week-booked.png');

    // Dragged to the next day at 08:00 in the week, then back with Ctrl+Z.
    await page
      .locator('.appt', { hasText: 'Gabriel Araújo Teixeira' })
      .dragTo(page.getByRole('button', { name: /^08:00, quarta-feira, .*: livre$/ }));
    await page.getByRole('button', { name: /^08:00, quarta-feira, .*: Gabriel Araújo Teixeira/ }).waitFor();
    await page.keyboard.press('Control+z');
    await booked.waitFor();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Atalhos de teclado' }).getByText('Semana de um profissional').waitFor();
    await shot('shortcuts.png');
    await page.keyboard.press('Escape');

    // D opens that day with every professional; the booking is in Ricardo's column.
    await page.keyboard.press('d');
    await page.getByRole('columnheader', { name: HELENA }).waitFor();
    await cell('07:30', RICARDO, 'Gabriel Araújo Teixeira, Agendado').waitFor();
    expect(errors).toEqual([]);
  }, 90_000);
});
