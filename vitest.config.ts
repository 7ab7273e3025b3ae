import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * A test file that holds state in module scope starts from fresh modules: the page's stores and storage (everything
 * in src outside core), fake-indexeddb, and vi's mocks, stubs, spies and fake timers. Those files form the `page`
 * project: they share a worker's process, and test/support/freshPageModules.ts evaluates the page's modules again and
 * gives each an empty IndexedDB and the worker's globals. A process of their own for each (Vitest's isolation) cost
 * the 59 files 148 CPU-s and 80 s against 84 CPU-s and 46 s, one after the other on a quiet 2-core machine. The
 * rest (core, the command line) share a worker's modules outright, which saves importing core again for every file.
 */
const NEEDS_FRESH_MODULES = /fake-indexeddb|from '(\.\.\/)+src\/(?!core\/)|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(/
/** Module mocks outlive a file in a shared worker (freshPageModules.ts cannot undo them): such a file gets a process of its own. */
const MOCKS_MODULES = /vi\.(mock|doMock)\(/
const SUPPORT_IMPORT = /from '\.\.?\/(?:support\/)?([\w-]+)'/g

/** Whether a test file, or a support file it imports, says what `pattern` matches. */
function mentions(path: string, pattern: RegExp): boolean {
  const text = readFileSync(path, 'utf8')
  if (pattern.test(text)) return true
  return [...text.matchAll(SUPPORT_IMPORT)].some(([, name]) => existsSync(`test/support/${name}.ts`) && mentions(`test/support/${name}.ts`, pattern))
}

const testFiles = readdirSync('test').filter((name) => name.endsWith('.test.ts')).map((name) => `test/${name}`)
const fresh = testFiles.filter((path) => mentions(path, NEEDS_FRESH_MODULES))
const mocking = fresh.filter((path) => mentions(path, MOCKS_MODULES))
const page = fresh.filter((path) => !mocking.includes(path))

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
      { extends: true, test: { name: 'page', include: page, isolate: false, setupFiles: ['test/support/freshPageModules.ts'] } },
      // An empty include would mean every file: the project is there only while a file mocks a module.
      ...(mocking.length > 0 ? [{ extends: true as const, test: { name: 'mocks', include: mocking, isolate: true } }] : []),
      { extends: true, test: { name: 'core', include: ['test/**/*.test.ts'], exclude: fresh, isolate: false } },
    ],
  },
})
