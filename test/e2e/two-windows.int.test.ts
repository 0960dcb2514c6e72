/**
 * One window per local database: a second tab of the web build waits while the first holds the
 * station's IndexedDB, says so, and opens the day by itself once the first tab closes.
 */
import { describe, expect, it } from 'vitest';
import { demoClinic } from './demo-page.js';

const demo = demoClinic();

describe('two windows of the same station', () => {
  it('keeps the second window waiting with a message until the first closes', async () => {
    const { page: first, context, errors, another } = await demo.open();
    await first.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });

    // A session lives in its tab: the second tab signs in (here, enters the demo) on its own.
    const second = await another();
    await second.getByRole('alert').filter({ hasText: 'Aberta em outra janela' }).waitFor({ timeout: 15_000 });
    expect(await second.getByRole('columnheader', { name: 'Dra. Helena Martins' }).count()).toBe(0);

    await first.close();
    await second.getByRole('columnheader', { name: 'Dra. Helena Martins' }).waitFor({ timeout: 30_000 });
    expect(await second.getByRole('alert').filter({ hasText: 'Aberta em outra janela' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
