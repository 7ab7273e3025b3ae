import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 5199)
/**
 * The tests run against a production build served from E2E_PREVIEW_DIR (default: a folder in the system's
 * temporary directory): a page loads a few bundled files instead of hundreds of modules transformed on
 * request, which makes the suite about a third faster, and what is tested is what ships (its
 * Content-Security-Policy included). Edits made meanwhile cannot reach a running test either.
 * E2E_DEV=1 uses the dev server instead, for quick iteration on one spec.
 */
const PREVIEW_DIR = process.env.E2E_DEV ? undefined : (process.env.E2E_PREVIEW_DIR ?? join(tmpdir(), `spieval-e2e-site-${PORT}`))
// The workers see another tmpdir() (test/support/tempRoot.ts): they find the build through the variable, which they inherit.
if (PREVIEW_DIR) process.env.E2E_PREVIEW_DIR = PREVIEW_DIR
/** The production build the web server serves, built before the specs run; none with E2E_DEV. */
export const SHARED_BUILD = PREVIEW_DIR

/**
 * Debian's Chromium, as its headless shell (the `chromium-headless-shell` package: the same engine without the
 * browser's own UI, the build Playwright itself uses for headless runs). Playwright's browser download does not work
 * on these machines. The full browser in headless mode took about twice the CPU time: the e2e suite ran 681 s with it
 * and 363 s with the shell, one after the other on a quiet 2-core machine.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
}

/** A browser profile whose settings name the annotator (the page asks for a name on a first visit). */
export function annotatorState(origin: string, actor: string) {
  const settings = { state: { language: 'en', access: 'browse', actor }, version: 0 }
  return { cookies: [], origins: [{ origin, localStorage: [{ name: 'spieval-settings', value: JSON.stringify(settings) }] }] }
}

/** A browser that never opened the page, with the annotator named: for tests about a first visit. */
export const FIRST_VISIT_STATE = annotatorState(`http://127.0.0.1:${PORT}`, 'e2e')

/**
 * The sample data set as a test's browser finds it stored (written by e2e/seed.setup.ts before the specs run). The
 * workers, which write and read it, see the run's temporary folder as tmpdir() (test/support/tempRoot.ts), so it goes
 * with the run.
 */
export const SEEDED_STATE = join(tmpdir(), `spieval-e2e-seeded-${PORT}.json`)

export default defineConfig({
  testDir: 'e2e',
  // Temporary folders (the specs' own, the browsers') go into one folder for the run, removed at its end; the commands
  // of cli/ that specs start are bundled once (test/support/cliBundleE2e.ts).
  globalSetup: ['./test/support/tempRoot.ts', './test/support/cliBundleE2e.ts'],
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    // An annotator is already named, so that the first-visit name dialog stays out of tests that are not about it.
    storageState: FIRST_VISIT_STATE,
    launchOptions: chromiumLaunch,
    // A failed test keeps its actions, console, network and sources, and a screenshot of the page as it failed. The
    // trace's DOM snapshots and screencast are left out: they cost every test about 15% of its time, failed or not.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'seed', testMatch: /seed\.setup\.ts$/ },
    // The specs' own browsers start with the sample stored; a spec about a first visit sets a storageState of its own.
    //
    // reuseContext: a worker keeps one context and one page, and Playwright resets them between tests (cookies, cache,
    // localStorage, sessionStorage and IndexedDB cleared and the storage state put back, other pages closed, routes,
    // bindings and init scripts removed, the viewport set again). A new context and page for each test cost about
    // 0.5 s of CPU more: the whole suite took 1,054 CPU-s and 9.5 min with them, 892 CPU-s and 8.0 min without,
    // one after the other on this 2-core machine. Not reset: permissions granted, geolocation, offline mode and extra
    // HTTP headers set during a test, and the history before the test; no spec changes them or goes back past its
    // own start (a spec that needs them uses a context of its own). helpers.ts starts each test's page on about:blank.
    { name: 'chromium', dependencies: ['seed'], use: { storageState: SEEDED_STATE, reuseContext: true } },
  ],
  webServer: {
    command: PREVIEW_DIR
      ? `npx vite build --logLevel warn --outDir ${PREVIEW_DIR} --emptyOutDir && npx vite preview --outDir ${PREVIEW_DIR} --port ${PORT} --strictPort --host 127.0.0.1`
      : `npx vite --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
})
