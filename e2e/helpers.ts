import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import type { AxeResults } from 'axe-core'
import { test as base, expect as baseExpect } from '@playwright/test'
import type { BrowserContext, ConsoleMessage, Locator, Page } from '@playwright/test'
import { parameterLabel } from '../src/core/apps/parameters'

export { baseExpect }
// crash.spec.ts launches its own Chromium; it takes `chromium` from here with `test`, on one import line.
export { chromium } from '@playwright/test'

/**
 * The test machines are shared and sometimes heavily loaded: a first visit imports the sample data set into
 * IndexedDB, which can take several seconds there. Waits are generous; nothing here sleeps.
 */
export const expect = baseExpect.configure({ timeout: 15_000 })

const CSP_BINDING = '__spievalCspViolation'

/**
 * Records every Content-Security-Policy violation in a context's pages: the `securitypolicyviolation` event (caught
 * on the window, in the capture phase, from the first script of each document on) and the console error the
 * browser prints for it. The built page carries a strict policy (vite.config.ts); the dev server has none, so
 * there this finds nothing unless a page sets a policy of its own.
 */
async function watchCsp(context: BrowserContext, reports: string[]): Promise<() => void> {
  await context.exposeBinding(CSP_BINDING, ({ frame }, text: string) => void reports.push(`${frame.url()}: ${text}`))
  await context.addInitScript((binding: string) => {
    addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as Record<string, ((text: string) => void) | undefined>)[binding]
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber} ${e.sample}`.trim())
      },
      true,
    )
  }, CSP_BINDING)
  const onConsole = (message: ConsoleMessage) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) reports.push(`console ${message.type()}: ${message.text()}`)
  }
  context.on('console', onConsole)
  return () => context.off('console', onConsole)
}

/**
 * Every spec's `test`: as Playwright's, and each test fails on any Content-Security-Policy violation in any
 * context of its browser (the default one and those a test makes itself). `cspViolations` is the list so far; a
 * test may read it (and empty it, when a violation was what it wanted to see).
 */
export const test = base.extend<{ cspViolations: string[]; failureReport: Map<Page, string[]> }>({
  /**
   * Each worker keeps one browser context and one page for its tests (`reuseContext` in playwright.config.ts), and
   * Playwright resets them between tests. The reset leaves the page on the site's own address, on an empty document it
   * stored the browser's data from; a test's first `goto('./#/…')` would then only change the hash of that empty
   * document instead of loading the app. The page starts each test on about:blank, as a new page does.
   */
  page: async ({ page, failureReport }, use) => {
    if (page.url() !== 'about:blank') await page.goto('about:blank')
    const problems: string[] = []
    failureReport.set(page, problems)
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`)
    }
    const onPageError = (error: Error) => void problems.push(`page error: ${error.message}`)
    page.on('console', onConsole)
    page.on('pageerror', onPageError)
    await use(page)
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
  },
  /**
   * What a failed test's pages showed, printed with its output (reportPage): every page still open in the browser,
   * the shared one if the test used it and those of contexts the test made itself (another person, a first visit).
   * For every test, not only those that use `page`, and with a time of its own: after a test times out, its own time
   * is spent. The value is the console problems the `page` fixture collects, by page.
   */
  failureReport: [
    async ({ browser, context }, use, testInfo) => {
      const problems = new Map<Page, string[]>()
      await use(problems)
      if (testInfo.status === testInfo.expectedStatus) return
      for (const [page, seen] of problems) if (!page.isClosed()) await reportPage('The page', page, seen)
      const own = browser
        .contexts()
        .filter((open) => open !== context)
        .flatMap((open) => open.pages())
        .filter((page) => !page.isClosed())
      for (const [i, page] of own.entries()) await reportPage(`Page ${i + 1} of the test's own contexts`, page, [])
    },
    { scope: 'test', auto: true, timeout: 30_000 },
  ],
  cspViolations: [
    async ({ browser, context }, use) => {
      const reports: string[] = []
      const watched = new Set<BrowserContext>([context])
      // The default context is watched before the `page` fixture opens a page in it.
      const stopWatching = await watchCsp(context, reports)
      const onContext = (created: BrowserContext) => {
        if (watched.has(created)) return
        watched.add(created)
        // A context closed as soon as it was made needs no watching; any other failure would leave it unwatched, so it fails the test.
        void watchCsp(created, reports).catch((err: unknown) => {
          if (!/closed/i.test(String(err))) reports.push(`could not watch a new context: ${String(err)}`)
        })
      }
      browser.on('context', onContext)
      await use(reports)
      browser.off('context', onContext)
      // The context outlives the test when it is reused: its next test must not hear this one's console.
      stopWatching()
      baseExpect(reports, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * What a failed test's page showed, printed with the test's output: a CI log carries the output but not the
 * attachments (the screenshot, the trace, error-context.md), and "element(s) not found" alone does not say whether the
 * page was still loading, showed an error, or another view.
 */
async function reportPage(which: string, page: Page, problems: readonly string[]): Promise<void> {
  const shown = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5_000 })
    .catch((err: unknown) => `(no snapshot: ${String(err).split('\n')[0]})`)
  const lines = shown.split('\n')
  const cut = lines.length > 90 ? [...lines.slice(0, 90), `… ${lines.length - 90} more lines`] : lines
  console.log([`${which} at the failure: ${page.url()}`, ...cut, ...(problems.length ? ['Its console:', ...problems.slice(-20)] : [])].join('\n'))
}

/** The phone frame (a named region: "SPIEval Phone", "SPIEval 手机"). */
export function phoneOf(page: Page): Locator {
  return page.getByRole('region', { name: /^SPIEval / })
}

/** The task panel beside the phone. */
export function panelOf(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Task' })
}

/** Opens a task by its deep link and waits for the home screen. */
export async function openTask(page: Page, id: string): Promise<Locator> {
  await page.goto(`./#/task/${encodeURIComponent(id)}`)
  const phone = phoneOf(page)
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue(id)
  return phone
}

/** Taps an app icon on the home screen. */
export async function openApp(page: Page, app: string): Promise<void> {
  const phone = phoneOf(page)
  await phone.getByRole('button', { name: app, exact: true }).click()
  await expect(phone.getByRole('heading', { name: app, exact: true })).toBeVisible()
}

/** Types a pattern in the app's search bar, presses Enter, and waits until the call is in the trajectory. */
export async function searchIn(page: Page, app: string, pattern: string): Promise<void> {
  const box = phoneOf(page).getByRole('searchbox', { name: `Search ${app}` })
  await box.fill(pattern)
  await box.press('Enter')
  await expect(panelOf(page).getByText(`"pattern":${JSON.stringify(pattern)}`).last()).toBeVisible()
  // The phone draws the answer in its own frame: wait for it too, so that a row tapped next is one of the hits
  // (a tap on the list as it was before the answer landed on another row, once, under load in CI).
  await expect(phoneOf(page).locator('.result-bar')).toBeVisible()
}

/** Finds a contact by searching "Tom" in Contacts and voice-calls them through the phone's form: one pending action. */
export async function callTomFromContacts(page: Page, contact: 'Tom Ruiz' | 'Tom Becker'): Promise<void> {
  await openApp(page, 'Contacts')
  await searchIn(page, 'Contacts', 'Tom')
  await phoneOf(page).getByRole('button', { name: contact }).click()
  await phoneOf(page).getByRole('button', { name: 'Voice call' }).click()
  await phoneOf(page).getByRole('button', { name: 'Submit' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')).toHaveCount(1)
}

/**
 * Opens a row of the list by its accessible name (the record's title) and waits for its detail. When several rows
 * have that title, the one whose text holds `fact` is taken. The detail must show `fact`.
 */
export async function openRecord(page: Page, title: string, fact?: string): Promise<void> {
  const phone = phoneOf(page)
  const rows = phone.getByRole('button', { name: title, exact: true })
  await expect(rows.first()).toBeVisible()
  const row = fact && (await rows.count()) > 1 ? rows.filter({ hasText: fact }) : rows
  await row.first().click()
  await expect(phone.getByRole('region', { name: title, exact: true })).toBeVisible()
  if (fact) await expect(phone.getByText(fact, { exact: false }).first()).toBeVisible()
}

/** Presses an action button (in the app header or the record's detail) and waits for its form. */
export async function startAction(page: Page, button: string, formTitle: string = button): Promise<Locator> {
  const phone = phoneOf(page)
  await phone.getByRole('button', { name: button, exact: true }).click()
  const form = phone.getByRole('region', { name: formTitle, exact: true })
  await expect(form.getByRole('button', { name: 'Submit' })).toBeVisible()
  return form
}

/** A form field is named by its parameter's English label (the raw name is its hint). */
function named(param: string): { name: string; exact: true } {
  return { name: parameterLabel(param, 'en'), exact: true }
}

export async function fillText(form: Locator, param: string, value: string | number): Promise<void> {
  const box = form.getByRole('textbox', named(param)).or(form.getByRole('spinbutton', named(param)))
  await box.fill(String(value))
}

export async function choose(form: Locator, param: string, label: string): Promise<void> {
  await form.getByRole('combobox', named(param)).selectOption({ label })
}

/** An array parameter: type each item, then Add. */
export async function addChips(form: Locator, param: string, values: readonly string[]): Promise<void> {
  const group = form.getByRole('group', named(param))
  for (const value of values) {
    await group.getByRole('textbox').fill(value)
    await group.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(group.getByRole('listitem').filter({ hasText: value })).toBeVisible()
  }
}

export async function checkDays(form: Locator, param: string, days: readonly string[]): Promise<void> {
  const group = form.getByRole('group', named(param))
  for (const day of days) await group.getByRole('checkbox', { name: day, exact: true }).check()
}

/** Submits the form and waits until the call is among the actions to submit. */
export async function submit(page: Page, form: Locator, tool: string): Promise<void> {
  const pending = panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')
  const before = await pending.count()
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(form).toBeHidden()
  await expect(pending).toHaveCount(before + 1)
  await expect(pending.last()).toContainText(tool)
}

/** From any screen back to the home screen, with Escape as a person on a keyboard would. */
export async function goHome(page: Page): Promise<void> {
  const phone = phoneOf(page)
  for (let i = 0; i < 3; i++) {
    if (await phone.getByRole('button', { name: 'Contacts', exact: true }).isVisible()) return
    await page.keyboard.press('Escape')
  }
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
}

/** Presses "Finish and check", expects "Correct", and returns the stored attempt's calls. */
export async function finishCorrect(page: Page): Promise<{ name: string; arguments: unknown; source: string; ok: boolean }[]> {
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(page).getByRole('status')).toHaveText('Correct')
  const current = await page.evaluate(async () => {
    if (!window.spieval) throw new Error('no window.spieval')
    return window.spieval.current()
  })
  expect(current).not.toBeNull()
  expect(current?.finished).toBe(true)
  return current?.calls ?? []
}

/** Runs `body` in the page with `api` bound to window.spieval, and gives back what it returns. */
export async function api<T>(page: Page, body: string): Promise<T> {
  return page.evaluate(`(async () => { const api = window.spieval; ${body} })()`) as Promise<T>
}

/** An attempt row as IndexedDB holds it, with the fields the specs read (see src/db/schema.ts for all of them). */
export interface StoredAttemptRow {
  id: string
  taskId: string
  actor: string
  finished: boolean
  afterGold?: boolean
  run?: { model: string }
  verdict?: { correct: boolean; errorType: string | null }
}

/** Every attempt row IndexedDB holds (read straight from the store, as another program would). */
export async function storedAttempts(page: Page): Promise<StoredAttemptRow[]> {
  return page.evaluate(
    () =>
      new Promise<StoredAttemptRow[]>((resolve, reject) => {
        const open = indexedDB.open('spieval-phone')
        open.onerror = () => reject(open.error ?? new Error('no database'))
        open.onsuccess = () => {
          const db = open.result
          const req = db.transaction('attempts', 'readonly').objectStore('attempts').getAll()
          req.onsuccess = () => {
            db.close()
            resolve(req.result as StoredAttemptRow[])
          }
          req.onerror = () => reject(req.error ?? new Error('no attempts'))
        }
      }),
  )
}

/** How many call rows IndexedDB holds for an attempt (read straight from the store, as another program would). */
export async function storedCallCount(page: Page, attemptId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('spieval-phone')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity])
          const req = db.transaction('calls', 'readonly').objectStore('calls').count(range)
          req.onsuccess = () => {
            db.close()
            resolve(req.result)
          }
          req.onerror = () => reject(req.error)
        }
      }),
    attemptId,
  )
}

/** The editor asks before it shows the gold of a task the person has not finished: agrees (their later attempts at it are then practice). */
export async function agreeToSeeGold(page: Page, taskId: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Show the gold of ${taskId}?` })
  // A first visit imports the sample data set first: on a busy machine that takes a while.
  await expect(dialog).toBeVisible({ timeout: 40_000 })
  await dialog.getByRole('button', { name: 'Show the gold' }).click()
  await expect(dialog).toHaveCount(0)
}

/**
 * Axe's full results for the page (or for what `include` selects), from axe-core run in the page itself, as
 * `AxeBuilder`'s legacy mode runs it. Its default mode also opens a blank page (a new renderer) for each analysis
 * and injects axe into both, to join the results of frames: about 2 s a call here against 0.3 s, and axe was a
 * sixth of the e2e suite's time. Without frames both give the same violations, passes and incomplete results; a
 * page with frames still goes through `AxeBuilder`. Axe is injected once per document.
 */
export async function axeResults(page: Page, include?: string): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page })
    return (include ? builder.include(include) : builder).analyze()
  }
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
  if (!injected) await page.evaluate(axe.source)
  return page.evaluate(
    (selector) => (window as unknown as { axe: typeof axe }).axe.run(selector === null ? document : { include: [selector], exclude: [] }, {}),
    include ?? null,
  )
}

/**
 * Waits until every finite animation on the page has ended: a sheet or menu still sliding and fading in is measured
 * between two states (text at part opacity, a 44-pixel box a float's rounding under 44).
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
}

/** Axe's serious and critical violations on the page (or within `include`), once every running animation has ended. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsEnded(page)
  const result = await axeResults(page, include)
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * Chooses the page's language in the top bar and waits until the page is drawn in it: Chinese strings load when
 * Chinese is first chosen, so the page stays in English for a moment after the choice.
 */
export async function chooseLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  const [from, to] = language === 'zh' ? ['Language', '语言'] : ['语言', 'Language']
  await page.getByRole('combobox', { name: from }).selectOption(language)
  await expect(page.getByRole('combobox', { name: to })).toBeVisible()
}

/**
 * Resizes the page and waits for the layout of that size. The page turns phone-first below 601 px through a
 * media-query listener, so its layout follows a resize a moment later: a width measured or a control looked for
 * right after `setViewportSize` could still see the other layout (a study table 411 px wide at 390 px, once, under load).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size)
  const banner = page.getByRole('banner')
  if (size.width <= 600) await expect(banner).toHaveClass(/\bcompact\b/)
  else await expect(banner).not.toHaveClass(/\bcompact\b/)
}

/** The bundled planner sample, loaded from the Data sets dialog and made active. */
export async function loadPlannerSample(page: Page): Promise<void> {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  await page.getByRole('button', { name: 'Data sets' }).click()
  const dialog = page.getByRole('dialog', { name: 'Data sets' })
  await dialog.getByRole('button', { name: 'Load the planner sample' }).click()
  await expect(page.getByRole('banner')).toContainText('(24)', { timeout: 40_000 })
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()
}
