// Type-aware linting for the whole repository: one config, one tsconfig.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layerWalls } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Services are plain functions over parsed input (EXAMPLES.md rule 2): no Fastify at run time,
  // and never the app, whose routes import the services (that loop is what issue 7 removed).
  {
    files: ['server/services/**'],
    rules: {
      // typescript-eslint's version of the core rule: it knows `import type` (allowTypeImports).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              message: 'Services take parsed values, never the request.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@fastify/*'],
              message: 'Services take parsed values, never the request.',
              allowTypeImports: true,
            },
            {
              group: ['**/app', '**/app.js'],
              message: 'server/app.ts builds the app from routes that import services.',
            },
          ],
        },
      ],
    },
  },
  // The walls between layers, as docs/architecture.md draws them (eslint.layers.js).
  ...layerWalls(),
  { files: ['eslint.config.js', 'eslint.layers.js'], ...tseslint.configs.disableTypeChecked },
);
