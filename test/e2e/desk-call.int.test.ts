/**
 * Calling from the agenda at this station's place, and marking a no-show, in headless Chromium on the
 * demonstration clinic (no server). The demo seeds three places and Maria checked in at the totem
 * (ticket N001, through `totem.checkIn` on the local core). With no place chosen "Chamar" calls only the
 * patient; once Settings says this station is "Guichê 2", "Chamar" also calls her ticket there and the
 * panel says so. "Faltou" (L) asks once, "Manter" changes nothing, and the confirmed no-show turns the
 * appointment red on the agenda. Screenshots go to test-results/desk-call/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const demo = demoClinic();

/** A grid cell by its accessible name: `HH:mm, Professional: patient, status…`. */
const cell = (page: Page, text: string) => page.locator(`[data-cell][aria-label*="${text}"]`);

/** Opens the appointment whose cell names `text`, and returns its panel. */
async function openAppointment(page: Page, text: string) {
  await cell(page, text).click();
  const panel = page.getByTestId('appointment-panel');
  await panel.waitFor();
  return panel;
}

async function closePanel(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('appointment-panel').waitFor({ state: 'detached' });
}

const toSection = async (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first().click();

describe('calling at this station’s place and marking a no-show on the demonstration clinic', () => {
  it('calls the totem ticket at the chosen place, and a confirmed Faltou turns the appointment red', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    const maria = 'Dra. Helena Martins: Maria Aparecida da Silva';

    // No place chosen: Chamar calls Maria as before, and no ticket is mentioned.
    let panel = await openAppointment(page, `${maria}, Aguardando`);
    await page.keyboard.press('h');
    await panel.getByTestId('panel-status').filter({ hasText: 'Chamado' }).waitFor();
    await page.waitForTimeout(500);
    expect(await panel.getByRole('status').count()).toBe(0);
    await closePanel(page);

    // Settings: this station is Guichê 2 of the demo clinic; kept on this computer.
    await toSection(page, 'Configurações');
    const place = page.getByLabel('Local de atendimento desta estação');
    await place.waitFor();
    expect(await place.locator('option').allInnerTexts()).toEqual([
      'Nenhum (o Chamar não chama senha)',
      'Consultório 1',
      'Guichê 1',
      'Guichê 2',
    ]);
    await place.selectOption({ label: 'Guichê 2' });
    await page
      .getByText('O “Chamar” da agenda chama também, neste local, a senha que o paciente tirou no totem.')
      .waitFor();
    await shot(page, 'desk-call/settings-place.png');

    // Back on the agenda, Chamar now calls Maria's ticket at Guichê 2 too, and says so.
    await toSection(page, 'Agenda');
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor();
    panel = await openAppointment(page, `${maria}, Chamado`);
    await panel.getByRole('button', { name: /^Chamar/ }).click();
    const notice = panel.getByRole('status').filter({ hasText: 'Senha N001 chamada — Guichê 2' });
    await notice.waitFor();
    await shot(page, 'desk-call/ticket-called.png');
    // The place survives a reload (this computer's setting), and the ticket is called only once: a
    // second Chamar calls the patient again but leaves the ticket to the queue's "Rechamar".
    await closePanel(page);
    await page.reload();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    panel = await openAppointment(page, `${maria}, Chamado`);
    await page.keyboard.press('h');
    await page.waitForTimeout(800);
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(await panel.getByRole('status').count()).toBe(0);
    await closePanel(page);

    // Faltou on Ana (scheduled): L asks once; Manter keeps her scheduled.
    const ana = 'Dr. Ricardo Prado: Ana Beatriz Santos';
    panel = await openAppointment(page, `${ana}, Agendado`);
    await page.keyboard.press('l');
    const ask = panel.getByText('Marcar falta? Não tem volta: para atender o paciente, agende de novo.');
    await ask.waitFor();
    await shot(page, 'desk-call/no-show-ask.png');
    await panel.getByRole('button', { name: 'Manter' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await panel.getByTestId('panel-status').textContent()).toBe('Agendado');

    // Asked again and confirmed (Enter on the focused "Marcar falta"): she is a no-show, in red.
    await page.keyboard.press('l');
    await panel.getByRole('button', { name: 'Marcar falta' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Marcar falta');
    await page.keyboard.press('Enter');
    await panel.getByTestId('panel-status').filter({ hasText: 'Faltou' }).waitFor();
    // No move is offered from a no-show (the status table has none), so neither is Faltou again.
    expect(await panel.getByRole('button', { name: /^Faltou/ }).count()).toBe(0);
    await closePanel(page);
    const missed = cell(page, `${ana}, Faltou`).locator('.appt');
    await missed.waitFor();
    expect(await missed.getAttribute('data-status')).toBe('6');
    expect(await missed.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(224, 49, 49)');
    await page.getByLabel('Legenda').getByText('Faltou').waitFor();
    await missed.scrollIntoViewIfNeeded();
    await shot(page, 'desk-call/no-show-agenda.png');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
