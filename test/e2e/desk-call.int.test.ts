/**
 * The desk's arrival and call reach the one queue (issue 19), and marking a no-show, in headless
 * Chromium at 1366×768 on the demonstration clinic (no server). The demo seeds three places and Maria
 * (76: priority by her record) checked in at the totem (ticket P001, through `totem.checkIn` on the
 * local core). A station with no place asks for one at its first "Chamar" (never "Nenhum" silently),
 * keeps it, and calls her ticket there; the desk's "Chegou" (with a priority the patient declares)
 * issues a ticket that its "Chamar" then calls. "Faltou" (L) asks once, "Manter" changes nothing, and the confirmed no-show turns the
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

describe('arriving and calling at this station’s place, and marking a no-show, on the demonstration clinic', () => {
  it('asks the place at the first call, calls the totem’s and the desk’s tickets there, and a confirmed Faltou turns red', async () => {
    const { page, context, errors } = await demo.open();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    const maria = 'Dra. Helena Martins: Maria Aparecida da Silva';

    // No place chosen yet: the first Chamar asks which place this station calls from, and calls nothing yet.
    let panel = await openAppointment(page, `${maria}, Aguardando`);
    await page.keyboard.press('h');
    const askPlace = panel.getByTestId('ask-place');
    await askPlace.getByText('De qual local esta estação chama? A escolha fica salva nesta estação.').waitFor();
    expect(await askPlace.getByRole('button').allInnerTexts()).toEqual([
      'Consultório 1',
      'Guichê 1',
      'Guichê 2',
      'Chamar sem senha no painel',
    ]);
    expect(await panel.getByTestId('panel-status').textContent()).toBe('Aguardando');
    await shot(page, 'desk-call/ask-place.png');
    await askPlace.getByRole('button', { name: 'Guichê 2' }).click();
    await panel.getByRole('status').filter({ hasText: 'Senha P001 chamada — Guichê 2' }).waitFor();
    await panel.getByTestId('panel-status').filter({ hasText: 'Chamado' }).waitFor();
    await shot(page, 'desk-call/ticket-called.png');
    await closePanel(page);

    // Settings shows the place kept for this station; "Nenhum" now means "ask at the first Chamar".
    await toSection(page, 'Configurações');
    const place = page.getByLabel('Local de atendimento desta estação');
    await place.waitFor();
    expect(await place.locator('option').allInnerTexts()).toEqual([
      'Nenhum (perguntar no primeiro Chamar)',
      'Consultório 1',
      'Guichê 1',
      'Guichê 2',
    ]);
    expect(await place.locator('option:checked').innerText()).toBe('Guichê 2');
    await shot(page, 'desk-call/settings-place.png');

    // Francisca (56) arrives at the desk and declares a disability: Chegou issues her priority ticket in
    // the same queue, and Chamar calls it.
    await toSection(page, 'Agenda');
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor();
    const francisca = 'Dra. Luana Vasconcelos: Francisca Lima Rocha';
    panel = await openAppointment(page, `${francisca}, Agendado`);
    const declared = panel.getByLabel('Prioridade legal na chegada');
    expect(await declared.locator('option').allInnerTexts()).not.toContain('Pessoa idosa (60+)');
    await declared.selectOption({ label: 'Pessoa com deficiência' });
    await shot(page, 'desk-call/declare-priority.png');
    await panel.getByRole('button', { name: /^Chegou/ }).click();
    await panel.getByRole('status').filter({ hasText: 'Chegada registrada — senha P002' }).waitFor();
    await panel.getByTestId('panel-status').filter({ hasText: 'Aguardando' }).waitFor();
    await shot(page, 'desk-call/arrived-ticket.png');
    await page.keyboard.press('h');
    await panel.getByRole('status').filter({ hasText: 'Senha P002 chamada — Guichê 2' }).waitFor();
    expect(await panel.getByTestId('ask-place').count()).toBe(0);
    await closePanel(page);

    // The place survives a reload (this computer's setting), and the ticket is called only once: a
    // second Chamar calls the patient again but leaves the ticket to the queue's "Rechamar".
    await page.reload();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    panel = await openAppointment(page, `${maria}, Chamado`);
    await page.keyboard.press('h');
    await page.waitForTimeout(800);
    expect(await panel.getByTestId('ask-place').count()).toBe(0);
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
