// Bundles the Electron main process into dist/electron/main.js, after `tsc -p electron/tsconfig.json` has
// type-checked and emitted the preload. The installer ships no node_modules (build/electron-builder.json),
// so main's runtime dependencies (electron-updater and its few helpers) must travel inside this one file;
// `electron` itself is provided by the runtime.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes the bundled main process.
 * @param {string} outfile where to write it (dist/electron/main.js for the app; tests use a temp folder).
 */
export async function bundleMain(outfile = path.join(root, 'dist', 'electron', 'main.js')) {
  await build({
    entryPoints: [path.join(root, 'electron', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Electron 38 runs Node 22.
    target: 'node22',
    external: ['electron'],
    sourcemap: true,
    logLevel: 'warning',
    // electron-updater is CommonJS and requires Node built-ins; an ESM bundle has no `require` of its own.
    banner: {
      js: "import { createRequire as __clinicRequire } from 'node:module'; const require = __clinicRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleMain();
