// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'functions/lib/**',
      'web/dist/**',
      'web/dev-dist/**',
      '.data/**',
      'coverage/**',
      '.stack-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      // Imports flow one way (style.md): core depends on nothing of ours; the web app's layers
      // go app → features → lib/core and a feature never reaches into another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './core', from: ['./web', './functions', './emulators', './tests'] },
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/features', from: './web/src/app' },
            { target: './web', from: ['./functions', './emulators'] },
            { target: './functions', from: ['./web'] },
            { target: './functions/src/handlers', from: './functions/src/triggers' },
            { target: './emulators', from: ['./web', './functions', './core'] },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
);
