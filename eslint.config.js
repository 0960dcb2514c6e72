// One lint config that encodes the architecture: promise and import hygiene for all, import boundaries
// that keep core/ pure TypeScript, and core reached as `#core/…` (docs/architecture.md "The shape").
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noFocusedTests = {
  selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
  message: 'Focused tests hide the rest of the suite from CI.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'test-results/', 'build/icons/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noFocusedTests],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/sync-server/**', '**/electron/**'],
              message: 'core/ imports none of the other folders.',
            },
            { group: ['node:*'], message: 'core/ runs in the renderer too: no Node built-ins.' },
            { group: ['../*'], message: 'reach another part of core as #core/… (package.json "imports"), not ../' },
            {
              group: ['#core/*/index.js', './index.js'],
              message:
                "inside core, import the file that defines it: a group's index.ts is for the desk, server and tests",
            },
            {
              group: [
                'react',
                'react-dom',
                'react/*',
                'react-dom/*',
                'electron',
                'hono',
                'hono/*',
                'kysely',
                'better-sqlite3',
                'pg',
                'pino',
              ],
              message: 'core/ is pure TypeScript: no UI, server or platform libraries.',
            },
          ],
          paths: [
            'fs',
            'path',
            'os',
            'crypto',
            'child_process',
            'http',
            'https',
            'net',
            'stream',
            'url',
            'util',
            'events',
            'buffer',
            'worker_threads',
          ].map((name) => ({
            name,
            message: 'core/ runs in the renderer too: no Node built-ins.',
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        noFocusedTests,
        {
          selector: 'ImportExpression[source.value=/^node:/]',
          message: 'core/ runs in the renderer too: no Node built-ins, not even imported lazily (use a port).',
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'navigator',
        'process',
        'Buffer',
        'require',
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'sync-server/**/*.ts', 'test/**/*.ts', 'electron/**/*.ts', '*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../**/core/**', './core/**'], message: 'import core as #core/… (package.json "imports")' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
