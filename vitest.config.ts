import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * A test file that holds state in module scope runs in a fresh module graph: the page's stores and storage
 * (everything in src outside core), fake-indexeddb, and vi's mocks, stubs, spies and fake timers. The rest (core,
 * the command line) share a worker's modules, which saves importing core again for every file: the unit tests took
 * 163 s isolated and 112 s shared, one after the other, but three page files failed shared.
 */
const NEEDS_FRESH_MODULES = /fake-indexeddb|from '(\.\.\/)+src\/(?!core\/)|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(/
const SUPPORT_IMPORT = /from '\.\.?\/(?:support\/)?([\w-]+)'/g

/** Whether a test file, or a support file it imports, needs its own modules. */
function needsFreshModules(path: string): boolean {
  const text = readFileSync(path, 'utf8')
  if (NEEDS_FRESH_MODULES.test(text)) return true
  return [...text.matchAll(SUPPORT_IMPORT)].some(([, name]) => existsSync(`test/support/${name}.ts`) && needsFreshModules(`test/support/${name}.ts`))
}

const testFiles = readdirSync('test').filter((name) => name.endsWith('.test.ts')).map((name) => `test/${name}`)
const isolated = testFiles.filter(needsFreshModules)

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's default leaves one core free: on the 2-core test machines that is one worker, and the unit tests took
    // 192 s instead of 132 s with two (measured one after the other; three workers, or threads, were slower again).
    maxWorkers: 2,
    // The commands of cli/ are bundled once, and the tests start the bundles (test/support/cliBundle.ts says why).
    // Temporary folders go into one folder for the run, removed at its end (test/support/tempRoot.ts).
    globalSetup: ['test/support/tempRoot.ts', 'test/support/cliBundle.ts'],
    projects: [
      { extends: true, test: { name: 'page', include: isolated, isolate: true } },
      { extends: true, test: { name: 'core', include: ['test/**/*.test.ts'], exclude: isolated, isolate: false } },
    ],
  },
})
