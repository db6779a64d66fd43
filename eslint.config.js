// ESLint: the recommended rules of JavaScript, TypeScript, Astro components and React hooks.
// Formatting is Prettier's (npm run lint runs both).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      // Files served as they are; no code (/admin's scripts live in src/cms).
      'public/',
      'src/content/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // An argument or caught error named with a leading underscore is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // A function of more than 100 lines is split into named steps, or says in an eslint-disable
    // comment why it cannot be (decision 0093). Tests and benches are lists of cases, not functions.
    files: ['src/**', 'tools/**', 'scripts/**', 'netlify/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
