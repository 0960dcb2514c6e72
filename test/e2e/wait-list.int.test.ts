/**
 * The wait list, schedule blocks and the encaixe in headless Chromium on the demonstration clinic (no
 * server): an entry is added and fitted into a free slot that then shows on the agenda; a block
 * shades its slots, a booking there is refused with the core's message, and unblocking frees them;
 * an encaixe books over an occupied slot. Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayIn } from '#core/schedule/time.js';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const ZONE = 'America/Sao_Paulo';
const demo = demoClinic();

/** A grid cell by its accessible name: `HH:mm, Professional: what it holds`. */
const cell = (page: Page, text: string) => page.locator(`[data-cell][aria-label*="${text}"]`);

describe('wait list, blocks and encaixe on the demonstration clinic', () => {
  it('fits a wait-list entry into a free slot, blocks and unblocks a range, and squeezes in over a taken slot', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    // Wait list: Gabriel wants Dr. Ricardo, any time, high priority.
    await page.getByRole('button', { name: 'Lista de espera', exact: true }).click();
    await page.getByText('Ninguém na lista de espera.').waitFor();
    await page.keyboard.press('n');
    const add = page.getByRole('dialog', { name: 'Incluir na lista de espera' });
    await add.getByRole('combobox', { name: 'Paciente' }).fill('Gabriel');
    await add.getByRole('option', { name: /Gabriel Araújo Teixeira/ }).waitFor();
    await page.keyboard.press('Enter');
    await add.getByLabel('Profissional').selectOption({ label: 'Dr. Ricardo Prado' });
    await add.getByText('Alta', { exact: true }).click();
    await add.getByLabel('Observações').fill('Prefere o primeiro horário que abrir');
    await shot(page, 'wait-list-add.png');
    await page.keyboard.press('Control+Enter');
    await add.waitFor({ state: 'detached' });
    const list = page.getByRole('table', { name: 'Lista de espera' });
    const row = list.getByRole('row').filter({ hasText: 'Gabriel Araújo Teixeira' });
    await row.getByText('Dr. Ricardo Prado').waitFor();
    expect(await row.getByText('Alta').count()).toBe(1);
    expect(await row.getByText('Qualquer horário').count()).toBe(1);
    await shot(page, 'wait-list.png');

    // A second entry, normal priority, lists below the high one (the core's order); its edit shows the
    // core's message under the period's end, and removal asks once.
    await page.getByRole('button', { name: 'Incluir na lista' }).click();
    await add.getByRole('combobox', { name: 'Paciente' }).fill('Juliana');
    await add.getByRole('option', { name: /Juliana Costa Almeida/ }).click();
    await add.getByLabel('Profissional').selectOption({ label: 'Dra. Helena Martins' });
    await add.getByRole('button', { name: 'Incluir', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    const second = list.getByRole('row').filter({ hasText: 'Juliana Costa Almeida' });
    await second.waitFor();
    expect(await list.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('Paciente'),
      expect.stringContaining('Gabriel Araújo Teixeira'),
      expect.stringContaining('Juliana Costa Almeida'),
    ]);
    await second.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar entrada da lista de espera' });
    await edit.getByTestId('picked-patient').filter({ hasText: 'Juliana Costa Almeida' }).waitFor();
    await edit.getByRole('button', { name: 'Adicionar período' }).click();
    // The weekday chips are checkboxes: focus and Space, as from the keyboard.
    await edit.getByRole('checkbox', { name: 'seg' }).focus();
    await page.keyboard.press('Space');
    expect(await edit.getByRole('checkbox', { name: 'seg' }).isChecked()).toBe(true);
    await edit.getByLabel('Das').fill('12:00');
    await edit.getByLabel('Até').fill('08:00');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await edit.getByText('início antes do fim').waitFor();
    await shot(page, 'wait-list-edit-refused.png');
    await edit.getByLabel('Até').fill('18:00');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    await second.getByText('seg 12:00–18:00').waitFor();
    await second.getByRole('button', { name: 'Remover' }).click();
    const remove = page.getByRole('dialog', { name: 'Remover Juliana Costa Almeida da lista de espera?' });
    await remove.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Juliana Costa Almeida saiu da lista de espera.').waitFor();
    await second.waitFor({ state: 'detached' });

    // Encaixar: the first fitting free slot is Dr. Ricardo's; booking it takes Gabriel off the list.
    await row.getByRole('button', { name: 'Encaixar' }).click();
    const fit = page.getByRole('dialog', { name: 'Encaixar Gabriel Araújo Teixeira' });
    const firstSlot = fit.getByRole('radio').first();
    await firstSlot.waitFor();
    expect(await firstSlot.isChecked()).toBe(true);
    const start = (await firstSlot.getAttribute('data-start'))!;
    expect(await fit.getByRole('radio', { name: /Dra\./ }).count()).toBe(0);
    await shot(page, 'wait-list-fit.png');
    await fit.getByRole('button', { name: 'Agendar e tirar da lista' }).click();
    await fit.waitFor({ state: 'detached' });
    await page.getByText(/Gabriel Araújo Teixeira agendado\(a\) para .* e retirado\(a\) da lista de espera/).waitFor();
    await page.getByText('Ninguém na lista de espera.').waitFor();

    // On the agenda, on the slot's day (today, unless today's last slots are gone).
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Dr. Ricardo Prado' }).waitFor();
    const today = dayIn(new Date(), ZONE);
    for (let day = today; day < start.slice(0, 10);) {
      await page.getByRole('button', { name: 'Próximo dia' }).click();
      day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    const booked = cell(page, `${start.slice(11, 16)}, Dr. Ricardo Prado: Gabriel Araújo Teixeira, Agendado`);
    await booked.waitFor();
    await booked.scrollIntoViewIfNeeded();
    await shot(page, 'wait-list-on-agenda.png');

    // Block Dra. Luana 20:00–21:00 today (the demo books nobody there): B from the agenda.
    await page.getByRole('button', { name: 'Hoje', exact: true }).click();
    await page.keyboard.press('b');
    const block = page.getByRole('dialog', { name: 'Bloquear horário' });
    await block.getByLabel('Profissional').selectOption({ label: 'Dra. Luana Vasconcelos' });
    await block.getByLabel('Das').fill('20:00');
    await block.getByLabel('Até').fill('21:00');
    await block.getByRole('button', { name: 'Bloquear', exact: true }).click();
    // The reason is asked before anything is written.
    await block.getByText('Informe o motivo').waitFor();
    await block.getByLabel('Motivo').fill('Curso de atualização');
    await page.keyboard.press('Control+Enter');
    await block.waitFor({ state: 'detached' });
    const shaded = cell(page, '20:00, Dra. Luana Vasconcelos: bloqueado (Curso de atualização)');
    await shaded.waitFor();
    await cell(page, '20:30, Dra. Luana Vasconcelos: bloqueado (Curso de atualização)').waitFor();
    expect(await page.locator('td.cell--blocked').count()).toBe(2);
    await shaded.scrollIntoViewIfNeeded();
    await shot(page, 'block-shaded.png');

    // Booking there without encaixe: the core refuses with its own message.
    await page.getByRole('button', { name: 'Encaixe' }).click();
    const squeeze = page.getByRole('dialog', { name: 'Agendar em horário digitado ou encaixe' });
    await squeeze.getByRole('combobox', { name: 'Paciente' }).fill('Paulo');
    await squeeze.getByRole('option', { name: /Paulo Henrique Ribeiro/ }).click();
    await squeeze.getByLabel('Profissional').selectOption({ label: 'Dra. Luana Vasconcelos' });
    await squeeze.getByLabel('Horário').fill('20:00');
    await squeeze.getByRole('button', { name: 'Agendar', exact: true }).click();
    await squeeze
      .getByRole('alert')
      .filter({ hasText: 'Horário ocupado ou bloqueado para este profissional; use encaixe para marcar assim mesmo' })
      .waitFor();
    // What is there, in words and local time, under the time: no record id on screen.
    await squeeze.getByText('Bloqueado das 20:00 às 21:00: Curso de atualização', { exact: true }).waitFor();
    expect(await squeeze.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/).count()).toBe(0);
    await shot(page, 'block-refused.png');
    await page.keyboard.press('Escape');
    await squeeze.waitFor({ state: 'detached' });
    expect(await page.locator('.appt', { hasText: 'Paulo Henrique Ribeiro' }).count()).toBe(0);

    // Unblock from the day's list; the slots are free again.
    await page.keyboard.press('b');
    await block.getByText('Curso de atualização').waitFor();
    await block.getByRole('button', { name: 'Desbloquear 20:00 de Dra. Luana Vasconcelos' }).click();
    await block.getByText('Horário das 20:00 de Dra. Luana Vasconcelos desbloqueado.').waitFor();
    await block.getByText('Nenhum bloqueio neste dia.').waitFor();
    await shot(page, 'block-unlocked.png');
    await page.keyboard.press('Escape');
    await block.waitFor({ state: 'detached' });
    await cell(page, '20:00, Dra. Luana Vasconcelos: livre').waitFor();
    expect(await page.locator('td.cell--blocked').count()).toBe(0);

    // Encaixe over Dra. Helena's first seeded appointment: booked, shown beside it as "encaixe".
    const taken = page.locator('[data-cell][aria-label*="Dra. Helena Martins: Maria Aparecida da Silva"]');
    const time = (await taken.getAttribute('aria-label'))!.slice(0, 5);
    await page.keyboard.press('e');
    await squeeze.getByRole('combobox', { name: 'Paciente' }).fill('Rafael');
    await squeeze.getByRole('option', { name: /Rafael Martins Barbosa/ }).click();
    await squeeze.getByLabel('Profissional').selectOption({ label: 'Dra. Helena Martins' });
    await squeeze.getByLabel('Horário').fill(time);
    await squeeze.getByRole('button', { name: 'Agendar', exact: true }).click();
    await squeeze.getByRole('alert').filter({ hasText: 'use encaixe' }).waitFor();
    // The refusal hands focus to the encaixe box: Space ticks it.
    await page.keyboard.press('Space');
    expect(await squeeze.getByRole('checkbox', { name: /Encaixe/ }).isChecked()).toBe(true);
    await squeeze.getByRole('button', { name: 'Encaixar', exact: true }).click();
    await squeeze.waitFor({ state: 'detached' });
    const both = cell(page, `${time}, Dra. Helena Martins: Maria Aparecida da Silva`);
    await page.locator('.appt', { hasText: 'Rafael Martins Barbosa' }).filter({ hasText: 'encaixe' }).waitFor();
    expect(await both.locator('.appt').count()).toBe(2);
    await both.scrollIntoViewIfNeeded();
    await shot(page, 'encaixe-on-agenda.png');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
