// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const UI = ['**/phone/**', '**/panel/**', '**/api/**', '**/state/**', '**/app/**']

/** Import direction: core ← db ← state ← UI. Each layer names what it may not import. */
const layer = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message })) }] },
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layer(
    ['src/core/**'],
    [['react', 'react-dom', 'react/*', 'dexie', 'zustand', 'zustand/*', 'node:*', '**/db/**', ...UI]],
    'src/core is plain TypeScript: no React, no DOM, no Dexie, no Node, and nothing from the layers above it.',
  ),
  layer(['src/db/**'], [['react', 'react-dom', 'zustand', ...UI]], 'src/db is storage only: it may use core and Dexie.'),
  layer(
    ['src/runner/**'],
    [['react', 'react-dom', 'dexie', 'zustand', '**/db/**', ...UI]],
    'src/runner talks to models: it may use core only, so that Node and the page share it.',
  ),
  layer(
    ['src/state/**', 'src/phone/**', 'src/panel/**', 'src/api/**', 'src/app/**'],
    [['dexie']],
    'Storage stays behind src/db: use its services, never Dexie tables.',
  ),
)
