// The production build under its Content-Security-Policy (vite.config.ts): the policy is in the page, it is
// enforced, and the main views run under it without a single violation (the shared `test` fails on any).
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { annotatorState } from '../playwright.config'
import { startStubServer } from '../test/support/stub-server'
import type { StubServer } from '../test/support/stub-server'
import { chooseLanguage, expect, test } from './helpers'
import { serveBuild } from './staticSite'
import type { StaticSite } from './staticSite'

test.describe.configure({ mode: 'serial', timeout: 300_000 })

let built: StaticSite | undefined
let site = ''
let origin = ''
let stub: StubServer

test.beforeAll(async () => {
  // What is enforced is the page's meta tag: the static server sends no policy header of its own.
  built = await serveBuild('csp')
  site = built.dir
  origin = built.origin
  // The model server is another origin than the page, as a real endpoint is.
  stub = await startStubServer()
})

test.afterAll(async () => {
  await stub?.close()
  await built?.close()
})

/** The policy's directives, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  )
}

async function builtPage(browser: Browser): Promise<Page> {
  // A context of the test's own, as people.spec.ts makes them: the shared fixture watches it too.
  const context = await browser.newContext({ storageState: annotatorState(origin, 'csp'), baseURL: `${origin}/`, viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

test('the built index.html carries the policy, before any script, and has no inline script', async () => {
  const html = readFileSync(join(site, 'index.html'), 'utf8')
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)]
  expect(metas).toHaveLength(1)
  const policy = directives(metas[0]?.[1] ?? '')
  expect(policy.get('default-src')).toEqual(["'none'"])
  expect(policy.get('script-src')).toEqual(["'self'"])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'none'"])
  // No way to run a string as code, anywhere in the policy.
  for (const [name, values] of policy) for (const value of values) expect(`${name} ${value}`).not.toMatch(/unsafe-(eval|inline|hashes)|wasm-unsafe-eval|strict-dynamic|blob:|data:.*script|\*/)
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.search(/<script|<link/))
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
  expect(scripts.length).toBeGreaterThan(0)
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\ssrc="\.\/assets\/[^"]+\.js"/)
    expect(body?.trim()).toBe('')
  }
  // No inline event handler either (onload="…"), which the policy would block as inline script.
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
})

test('the policy is enforced, and the shared fixture sees a violation', async ({ browser, cspViolations }) => {
  const page = await builtPage(browser)
  await page.goto('./')
  await expect(page.getByRole('banner')).toContainText('Data set: Sample (Daniel Hayes) (50)', { timeout: 90_000 })
  const blocked = await page.evaluate(async () => {
    // In a timer, not in the evaluation itself: the browser lets a test's own evaluation eval, whatever the policy.
    const evalResult = await new Promise<string>((done) =>
      setTimeout(() => {
        try {
          done(String((0, eval)('"ran"')))
        } catch (err) {
          done(err instanceof Error ? err.name : String(err))
        }
      }),
    )
    const script = document.createElement('script')
    script.textContent = 'window.__inlineRan = true'
    document.head.append(script)
    const embed = document.createElement('object')
    embed.data = 'data:application/x-shockwave-flash,x'
    document.body.append(embed)
    await new Promise((r) => setTimeout(r, 100))
    return { evalResult, inline: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true }
  })
  expect(blocked).toEqual({ evalResult: 'EvalError', inline: false })
  // The fixture recorded each refusal (event and console), which would fail this test: seen, then cleared.
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src blocked eval/)
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src-elem blocked inline/)
  await expect.poll(() => cspViolations.join('\n')).toMatch(/object-src blocked data/)
  await expect.poll(() => cspViolations.join('\n')).toMatch(/^console error: .*Content Security Policy/m)
  cspViolations.length = 0
  await page.context().close()
})

test('the main views of the built app run under the policy: phone, people, a model run, replay, analysis with its charts', async ({ browser, cspViolations }) => {
  const page = await builtPage(browser)
  const views = page.getByRole('navigation', { name: 'Views' })
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })

  // The phone: a person solves 推理1 through a search, a record and the call form.
  await page.goto('./#/task/推理1')
  await expect(page.getByText('“Call whoever is covering for my manager”')).toBeVisible({ timeout: 90_000 })
  await phone.getByRole('button', { name: 'Contacts', exact: true }).click()
  await phone.getByRole('searchbox', { name: 'Search Contacts' }).fill('Tom')
  await phone.getByRole('searchbox', { name: 'Search Contacts' }).press('Enter')
  await expect(phone.getByRole('status')).toContainText('2 results')
  await phone.getByRole('button', { name: 'Tom Ruiz' }).click()
  await phone.getByRole('button', { name: 'Voice call' }).click()
  await phone.getByRole('button', { name: 'Submit' }).click()
  await expect(phone.getByText('New', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Finish and check' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Correct' })).toBeVisible()
  expect(cspViolations).toEqual([])

  // People: its three tabs.
  await views.getByRole('button', { name: 'People' }).click()
  for (const tab of ['Exports and imports', 'Cross-validation', 'Human baseline']) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  }
  expect(cspViolations).toEqual([])

  // Agent runs: a scripted model on another origin (connect-src), watched live on the phone.
  await views.getByRole('button', { name: 'Agent runs' }).click()
  await page.getByLabel('Model', { exact: true }).selectOption('endpoint')
  await page.getByLabel('Base URL').fill(stub.url)
  await page.getByLabel('API key', { exact: true }).fill('sk-csp-test')
  await page.getByLabel('Model name').fill('solve-推理1')
  await page.getByLabel('Repeats').fill('1')
  await page.getByLabel('Tasks to run').selectOption(['推理1'])
  await page.getByLabel('Watch on the phone').selectOption('推理1')
  await page.getByRole('button', { name: 'Start run' }).click()
  const run = page.getByRole('article', { name: /^solve-推理1 · / })
  await expect(run.getByRole('status')).toHaveText('done', { timeout: 60_000 })
  await expect(run.getByTestId('repeat-0')).toHaveText('1/1 tasks · 1 correct · 440 tokens')
  expect(stub.requests.filter((r) => r.model === 'solve-推理1').map((r) => r.authorization)).toEqual(Array(4).fill('Bearer sk-csp-test'))
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download response.jsonl of run solve-推理1' }).click()
  expect((await download).suggestedFilename()).toBe('response.jsonl')
  expect(cspViolations).toEqual([])

  // Replay: the run's attempt, stepped and played on the phone.
  await views.getByRole('button', { name: 'Replay' }).click()
  await page.getByRole('region', { name: /^Recorded attempts/ }).getByRole('button', { name: 'Replay 推理1 by solve-推理1' }).click()
  const player = page.getByRole('region', { name: 'Player' })
  await expect(player.getByText('Step 1 / 4')).toBeVisible()
  await player.getByRole('button', { name: 'Step forward' }).click()
  await expect(player.getByText('Step 2 / 4')).toBeVisible()
  await player.getByRole('button', { name: 'Play' }).click()
  await expect(player.getByText('Step 4 / 4')).toBeVisible({ timeout: 30_000 })
  expect(cspViolations).toEqual([])

  // Analysis: Table 2 and every chart drawn (recharts, a lazily loaded chunk with its own CSS), one exported as PNG.
  await views.getByRole('button', { name: 'Analysis' }).click()
  await expect(page.getByTestId('table2')).toBeVisible({ timeout: 30_000 })
  for (const title of ['Accuracy by capability', 'Accuracy by setting', 'Error types', 'Retrievals on solved vs failed tasks', 'Retrieval modes', 'Retrieval scope'])
    await expect(page.getByRole('figure', { name: title }).getByRole('application', { name: title })).toBeVisible()
  const png = page.waitForEvent('download')
  await page.getByRole('figure', { name: 'Accuracy by capability' }).getByRole('button', { name: 'Download “Accuracy by capability” as PNG' }).click()
  expect((await png).suggestedFilename()).toMatch(/^analysis-.*\.png$/)
  // Chinese labels too: the language switch re-renders every view's text.
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('heading', { name: '分析', level: 2 })).toBeVisible()
  expect(cspViolations).toEqual([])
  await page.context().close()
})

test('every spec takes `test` from ./helpers, so that each one fails on a policy violation', () => {
  const dir = import.meta.dirname
  const bypassing = readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => {
      const source = readFileSync(join(dir, f), 'utf8')
      const fromHelpers = /^import \{[^}]*\btest\b[^}]*\} from '\.\/helpers'$/m.test(source)
      const fromPlaywright = /^import \{[^}]*\btest\b[^}]*\} from '@playwright\/test'$/m.test(source)
      return !fromHelpers || fromPlaywright
    })
  expect(bypassing).toEqual([])
})
