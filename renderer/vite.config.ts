import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Folder of this config: the Vite root, so `npm run web` and the build agree on paths. */
const rendererRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: rendererRoot,
  // Electron loads the build through file://, where an absolute `/assets/…` would point at the disk root.
  base: './',
  // Vite 8 transforms TSX with oxc; the automatic runtime matches tsconfig's `jsx: react-jsx`.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    // The outDir is outside the root, so Vite only empties it when told to.
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // zod and its configuration (renderer/src/zod-config.ts: no `new Function`, which the CSP forbids) in one
      // chunk, configuration right after zod: every chunk building a schema imports it first, so no schema is
      // built before `jitless` is set, however the other chunks are split.
      output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|zod-config/ }] } },
      onwarn(warning, warn) {
        // Mantine marks its modules "use client" for React Server Components; a client bundle has no use for it.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  // xmlbuilder2's main entry is CommonJS on Node's `events`; its browser bundle is the same builder, made
  // for browsers (the desk writes TISS messages with core/billing).
  resolve: { alias: { xmlbuilder2: 'xmlbuilder2/lib/xmlbuilder2.min.js' } },
  server: { host: '127.0.0.1', port: 5173 },
});
