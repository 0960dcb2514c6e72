/**
 * Bundles a bench's in-page script (a file beside this one, run in headless Chromium) with esbuild into
 * one ES module, so a bench evaluates the real core/renderer code in the page without a renderer build.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * The bundled JavaScript of `file` (a name in test/bench, e.g. `desk-seed-page.ts`), for the browser, ES2022.
 * @throws esbuild's error when the file does not build.
 */
export async function pageScript(file: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    // As the renderer's Vite config: xmlbuilder2's browser bundle (its main entry needs Node's `events`).
    alias: { xmlbuilder2: 'xmlbuilder2/lib/xmlbuilder2.min.js' },
  });
  return result.outputFiles[0]!.text;
}
