/**
 * Bench (issue 7): initial sync in headless Chromium, RxDB on Dexie/IndexedDB as the renderer runs it,
 * from a server child on PostgreSQL, in docs/s, against a plain RxDB bulkInsert of as many patients in
 * the same page (sync-browser-page.ts, bundled by esbuild). The page is served at the server's own
 * origin (playwright answers its URL), so sync requests are same-origin as in the packaged app.
 */
import { launchChromium } from '../e2e/browser.js';
import { pageScript } from './page-script.js';
import {
  benchSchema,
  dropSchema,
  openBenchDatabase,
  seedDesks,
  seedPatients,
  startServerChild,
  type ServerChild,
} from './sync-bench-servers.js';

/** What the bench measured. */
export interface BrowserSyncFigures {
  docs: number;
  syncDocsPerSecond: number;
  bulkInsertDocsPerSecond: number;
  /** sync ÷ bulkInsert. */
  ratio: number;
}

/**
 * Runs the bench over `docs` patients (`BENCH_BROWSER_DOCS`, default 100 000); `pullBatchSize`
 * (`BENCH_PULL_BATCH`) overrides `startSync`'s default, to compare batch sizes.
 */
export async function benchBrowserSync(
  docs = Number(process.env.BENCH_BROWSER_DOCS ?? 100_000),
  pullBatchSize = process.env.BENCH_PULL_BATCH ? Number(process.env.BENCH_PULL_BATCH) : undefined,
): Promise<BrowserSyncFigures> {
  const schema = benchSchema();
  let child: ServerChild | undefined;
  try {
    const seedDb = await openBenchDatabase(schema);
    const { tenantId, deskTokens } = await seedDesks(seedDb, 1);
    await seedPatients(seedDb, tenantId, docs);
    await seedDb.close();
    child = await startServerChild(schema, 45_000 + (process.pid % 1000));
    const script = await pageScript('sync-browser-page.ts');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      page.on('pageerror', (err) => console.error(`página: ${err.message}`));
      await page.route(`${child.url}/bench.html`, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><meta charset="utf-8"><script type="module">${script.replace(/<\/script/g, '<\\/script')}</script>`,
        }),
      );
      await page.goto(`${child.url}/bench.html`);
      await page.waitForFunction(() => 'benchSync' in globalThis);
      const bulkMs = await page.evaluate(
        ([t, n]) => (globalThis as unknown as { benchBulk: (t: string, n: number) => Promise<number> }).benchBulk(t, n),
        [tenantId, docs] as const,
      );
      const syncMs = await page.evaluate(
        ([t, token, n, batch]) =>
          (
            globalThis as unknown as { benchSync: (t: string, k: string, n: number, b?: number) => Promise<number> }
          ).benchSync(t, token, n, batch),
        [tenantId, deskTokens[0]!, docs, pullBatchSize] as const,
      );
      const syncDocsPerSecond = Math.round(docs / (syncMs / 1000));
      const bulkInsertDocsPerSecond = Math.round(docs / (bulkMs / 1000));
      return { docs, syncDocsPerSecond, bulkInsertDocsPerSecond, ratio: syncDocsPerSecond / bulkInsertDocsPerSecond };
    } finally {
      await browser.close();
    }
  } finally {
    await child?.stop();
    await dropSchema(schema);
  }
}
