/**
 * The budget editor in headless Chromium on the demonstration clinic (no server): a dental budget
 * with three teeth and an instalment plan whose last parcel absorbs the rounding, the core's message
 * inline when a co-payment exceeds its line, approval from the list, and the PDF telling that it
 * needs the server. Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';
import { shot } from './screenshot.js';

const demo = demoClinic();

/** An amount the editor shows, with Intl's no-break space made plain. */
async function amount(page: Page, testId: string) {
  return (await page.getByTestId(testId).textContent())?.replace(/\s/g, ' ');
}

/** Adds a line of `event` and marks its tooth and faces on the odontogram. */
async function addLine(page: Page, event: string, unit: string, tooth: string, faces: string[]) {
  await page.getByRole('combobox', { name: 'Procedimento', exact: true }).selectOption({ label: event });
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  const n = await page.getByRole('table', { name: 'Procedimentos' }).getByRole('row').count(); // header + lines
  await page.getByLabel(`Valor unit. ${n - 1}`).fill(unit);
  await page.getByRole('button', { name: `Dente ${tooth}`, exact: true }).click();
  for (const face of faces) await page.getByRole('button', { name: new RegExp(`^Faces ${face} `) }).click();
}

describe('budgets on the demonstration clinic', () => {
  it('builds a dental budget with three teeth and instalments, approves it, and says the PDF needs the server', async () => {
    const { page, context, errors } = await demo.open();
    await page.getByRole('button', { name: 'Orçamentos', exact: true }).click({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Orçamentos' }).getByText('Maria Aparecida da Silva').waitFor();

    await page.getByRole('button', { name: 'Novo orçamento' }).click();
    const editor = page.getByRole('form', { name: 'Novo orçamento' });
    await editor.waitFor();
    await page.getByRole('combobox', { name: 'Paciente' }).fill('João');
    await page.getByRole('option', { name: /João Pedro Oliveira/ }).click();
    await page.getByLabel('Profissional').selectOption({ label: 'Dra. Helena Martins' });

    await addLine(page, 'Restauração em resina', '180,00', '36', ['O', 'M']);
    await addLine(page, 'Restauração em resina', '180,00', '46', ['O']);
    await addLine(page, 'Restauração em resina', '200,50', '11', ['M', 'I']);
    const lines = page.getByRole('table', { name: 'Procedimentos' });
    expect(await page.getByRole('button', { name: /^Linha \d: marcar dente$/ }).allTextContents()).toEqual([
      '36 O M',
      '46 O',
      '11 M I',
    ]);
    // The teeth of the other lines stay marked while line 3 is edited.
    expect(await page.getByRole('button', { name: 'Dente 11' }).getAttribute('aria-pressed')).toBe('true');

    // The core's own rule, inline: a co-payment above its line.
    await page.getByLabel('Coparticipação 1').fill('999');
    await lines.getByText('coparticipação maior que o total da linha').waitFor();
    await page.getByLabel('Coparticipação 1').fill('30');

    await page.getByLabel('Entrada (R$)').fill('100,00');
    await page.getByLabel('Parcelas').fill('4');
    await page.getByLabel('Forma').selectOption({ label: 'Cartão de crédito' });
    await page.getByLabel('Periodicidade').selectOption({ label: 'Mensal' });
    // 560,50 − 100,00 = 460,50 in 4: three of 115,13 and a last of 115,11 (the core's rounding).
    expect(await amount(page, 'budget-total')).toBe('R$ 560,50');
    expect(await amount(page, 'budget-parcel')).toBe('R$ 115,13');
    expect(await amount(page, 'budget-last-parcel')).toBe('R$ 115,11');
    await editor.getByText('3× de').waitFor();
    await shot(page, 'budget-editor.png');

    await page.keyboard.press('Control+Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /Orçamento nº 3 salvo/ })
      .waitFor();
    const row = page
      .getByRole('table', { name: 'Orçamentos' })
      .getByRole('row')
      .filter({ hasText: 'João Pedro Oliveira' });
    await row.getByText('Rascunho').waitFor();
    expect(await row.getByText('R$ 560,50').count()).toBe(1);
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await row.getByText('Aprovado', { exact: true }).waitFor();
    await shot(page, 'budget-list.png');

    // Approved: the editor reopens it read-only, teeth and plan as saved.
    await row.getByRole('button', { name: 'Abrir' }).click();
    await page.getByText('Orçamento aprovado ou executado: só leitura').waitFor();
    expect(await page.getByRole('button', { name: /^Linha \d: marcar dente$/ }).allTextContents()).toEqual([
      '36 O M',
      '46 O',
      '11 M I',
    ]);
    expect(await amount(page, 'budget-last-parcel')).toBe('R$ 115,11');
    await page.getByRole('button', { name: 'Voltar à lista' }).click();

    await row.getByRole('button', { name: 'PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Orçamento nº 3 em PDF' });
    await dialog.getByText('O PDF é gerado pelo servidor da clínica').waitFor();
    await shot(page, 'budget-pdf-demo.png');
    await page.keyboard.press('Escape');

    // Disapproval asks for the reason; the core refuses an empty one under the field.
    await row.getByRole('button', { name: 'Mais ações' }).click();
    await page.getByRole('menuitem', { name: 'Reprovar' }).click();
    const disapprove = page.getByRole('dialog', { name: 'Reprovar o orçamento nº 3' });
    await disapprove.getByRole('button', { name: 'Reprovar' }).click();
    await disapprove.getByText('informe o motivo').waitFor();
    await disapprove.getByLabel('Motivo').fill('Paciente vai fazer em etapas');
    await disapprove.getByRole('button', { name: 'Reprovar' }).click();
    await row.getByText('Reprovado', { exact: true }).waitFor();

    // Logical delete, asked once.
    await row.getByRole('button', { name: 'Mais ações' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir o orçamento nº 3?' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
