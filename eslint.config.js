// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The views. Each is a feature: it may use core, db, state, api, i18n, runner and src/shared, never another feature
 * nor app. src/app is the composition root: it alone puts features together (it passes the phone to runs and replay).
 */
const FEATURES = ['phone', 'panel', 'people', 'runs', 'replay', 'analysis', 'present', 'authoring', 'datasets', 'studies', 'grading']
/** Everything above db, state's and the runner's layer: what core, db and the runner may not import. */
const UI = [...FEATURES, 'app', 'shared', 'api', 'state', 'i18n', 'runner']

const src = (names) => names.map((name) => `./src/${name}`)

/** Storage stores verdicts and never makes them (docs/verdicts.md): the scorer, the kernel and the re-scoring service are not src/db's to import. */
const STORAGE_NEVER_SCORES =
  'src/db stores verdicts and never scores: take the re-scoring service (src/core/verdict judgeAttempt) from the caller as an AttemptJudge, or its result as data.'
const SCORER_MODULES = ['**/core/verdict/rescore', '**/core/score/*', '**/core/attempt/attempt', '**/core/live/outcome', '**/core/live/verdict', '**/core/archive/build']
const SCORER_NAMES = ['judgeAttempt', 'kernelSteps', 'verifiedSteps', 'scoreTask', 'scoreLiveLine', 'liveOutcome', 'stateVerdict', 'Attempt', 'solveWithOracle', 'buildArchive', 'scoreResponses', 'scoreResponsesLazily']

/** Import direction: core ← db ← state ← UI. Each layer names the packages it may not import; the folders are zones below. */
const layer = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message })) }] },
})

/**
 * src/core's folders from the bottom up: each may import only the folders before it, so no two folders import each
 * other (docs/architecture.md). A new folder must be placed here; the config refuses to load until it is.
 */
const CORE_LAYERS = ['base', 'dataset', 'apps', 'search', 'tools', 'score', 'live', 'load', 'zip', 'seal', 'grades', 'authoring', 'agent', 'judge', 'attempt', 'results', 'host', 'study', 'stats', 'analysis', 'archive', 'verdict', 'trajectories']
const coreDir = path.join(import.meta.dirname, 'src', 'core')
const coreFolders = fs.readdirSync(coreDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
const unplaced = coreFolders.filter((name) => !CORE_LAYERS.includes(name))
if (unplaced.length > 0) throw new Error(`eslint.config.js: place src/core/${unplaced.join(', src/core/')} in CORE_LAYERS`)
const coreLayerZones = CORE_LAYERS.slice(0, -1).map((name, i) => ({
  target: `./src/core/${name}`,
  from: CORE_LAYERS.slice(i + 1).map((above) => `./src/core/${above}`),
  message: `src/core/${name} sits below ${CORE_LAYERS.slice(i + 1).join(', ')} (CORE_LAYERS in eslint.config.js): move what both need down, or the importer up.`,
}))
/** What outside core may import: src/core/index.ts, or a folder's index.ts (the entries a view loads on demand). */
const CORE_ENTRIES = ['./index.ts', ...coreFolders.filter((name) => fs.existsSync(path.join(coreDir, name, 'index.ts'))).map((name) => `./${name}/index.ts`)]

/** Every folder of src has its place in the zones below; the config refuses to load with one it does not know. */
const SRC_FOLDERS = ['core', 'db', 'state', 'api', 'runner', 'i18n', 'shared', 'app', 'server', ...FEATURES]
const unknownFolders = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SRC_FOLDERS.includes(entry.name))
  .map((entry) => entry.name)
if (unknownFolders.length > 0) throw new Error(`eslint.config.js: give src/${unknownFolders.join(', src/')} its zone (FEATURES, or a layer in SRC_FOLDERS)`)

/** Folders that may not import each other, by the file an import resolves to (so core/analysis is not src/analysis). */
const zones = [
  {
    target: './src/core',
    from: src(['db', ...UI]),
    message: 'src/core is plain TypeScript: no React, no DOM, no Dexie, no Node, and nothing from the layers above it.',
  },
  { target: './src/db', from: src(UI), message: 'src/db is storage only: it may use core and Dexie.' },
  {
    target: './src/runner',
    from: src(['db', ...UI.filter((name) => name !== 'runner')]),
    message: 'src/runner talks to models: it may use core only, so that Node and the page share it.',
  },
  {
    target: src(['state', 'api']),
    from: src([...FEATURES, 'app', 'shared']),
    message: 'state and api sit below the views: they may not import a view, app or src/shared.',
  },
  ...FEATURES.map((name) => ({
    target: `./src/${name}`,
    from: src([...FEATURES.filter((other) => other !== name), 'app']),
    message: `src/${name} is a feature: it may not import another feature nor app; move what they share to src/shared, or let app pass it in.`,
  })),
  {
    target: './src/i18n',
    from: src(['db', ...UI.filter((name) => name !== 'i18n')]),
    message: 'src/i18n holds the strings: it may use core only.',
  },
  {
    target: './src/shared',
    from: src([...FEATURES, 'app']),
    message: 'src/shared is what features share: it may not import a feature nor app.',
  },
  ...coreLayerZones,
  {
    target: src(['db', 'server', ...UI]),
    from: './src/core',
    except: CORE_ENTRIES,
    message: 'Outside src/core, import core from its public entry (src/core, or a folder with an index.ts); export what you need there.',
  },
  ...['core', 'db', ...UI].map((name) => ({
    target: `./src/${name}`,
    from: './src/server',
    message: 'src/server is the Node episode server (npm run serve): a host on top of core, which nothing else in src may import.',
  })),
]

/**
 * Keys of outside data (task ids, field names, arguments, file names) are set as own properties: `obj[key] = v` with
 * `key` equal to "__proto__" replaces the prototype and the key vanishes. Constant keys (literals) are fine, and so
 * are the usual names of array indexes (`a[i]`, `a[step.seq]`); any other computed assignment goes through setOwn or a Map.
 */
const ARRAY_INDEX = '/^(i|j|k|w|n|index|at|seq|word|position|p|q)$/'
const computedAssignment = {
  selector: [
    'AssignmentExpression > MemberExpression.left[computed=true]',
    ":not([property.type='Literal'])",
    `:not([property.name=${ARRAY_INDEX}]):not([property.property.name=${ARRAY_INDEX}])`,
    // A template that starts with text (`r${i}`) cannot spell a prototype's name.
    ":not([property.type='TemplateLiteral'][property.quasis.0.value.raw=/./])",
  ].join(''),
  message: 'Assigning obj[key] drops a key named "__proto__": use setOwn(obj, key, value) (src/core/base/own.ts) or a Map.',
}

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
  { files: ['src/**/*.ts', 'src/**/*.tsx', 'cli/**/*.ts'], rules: { 'no-restricted-syntax': ['error', computedAssignment] } },
  layer(
    ['src/core/**'],
    [['react', 'react-dom', 'react/*', 'dexie', 'zustand', 'zustand/*', 'node:*']],
    'src/core is plain TypeScript: no React, no DOM, no Dexie, no Node, and nothing from the layers above it.',
  ),
  {
    files: ['src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'zustand'], message: 'src/db is storage only: it may use core and Dexie.' },
            { group: SCORER_MODULES, message: STORAGE_NEVER_SCORES },
            { group: ['**/core', '**/core/index', '**/core/verdict', '**/core/attempt', '**/core/archive'], importNames: SCORER_NAMES, message: STORAGE_NEVER_SCORES },
          ],
        },
      ],
    },
  },
  layer(
    ['src/runner/**'],
    [['react', 'react-dom', 'dexie', 'zustand']],
    'src/runner talks to models: it may use core only, so that Node and the page share it.',
  ),
  layer(
    ['src/state/**', 'src/api/**', 'src/i18n/**', 'src/shared/**', 'src/main.tsx', ...FEATURES.map((name) => `src/${name}/**`), 'src/app/**'],
    [['dexie']],
    'Storage stays behind src/db: use its services, never Dexie tables.',
  ),
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
)
