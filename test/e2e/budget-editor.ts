import type { Page } from 'playwright-core';

/**
 * In the open budget editor, adds one line of `event` per tooth of `teeth` (FDI numbers) and marks
 * its occlusal face on the odontogram; the unit price is left to the price table.
 */
export async function addToothLines(page: Page, event: string, teeth: readonly string[]): Promise<void> {
  for (const tooth of teeth) {
    await page.getByRole('combobox', { name: 'Procedimento', exact: true }).selectOption({ label: event });
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('button', { name: `Dente ${tooth}`, exact: true }).click();
    await page.getByRole('button', { name: /^Faces O / }).click();
  }
}
