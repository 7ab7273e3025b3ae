// The in-page agent runner against a local OpenAI-compatible stub server (test/support/stub-server.ts).
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chooseLanguage, expect, test, seriousViolations } from './helpers'
import type { Page } from '@playwright/test'
import { startStubServer } from '../test/support/stub-server'
import type { StubServer } from '../test/support/stub-server'

const KEY = 'sk-test-SECRET-4f9a7c1e'
let stub: StubServer

test.beforeAll(async () => {
  stub = await startStubServer()
})
test.afterAll(async () => stub.close())

async function openRuns(page: Page): Promise<void> {
  await page.goto('./#/runs')
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeVisible({ timeout: 40_000 })
}

interface RunOptions {
  agent: 'oracle' | 'keyword' | 'endpoint'
  model?: string
  tasks?: string[]
  repeats?: number
  maxTurns?: number
  concurrency?: number
  watch?: string
}

/** Fills the settings and starts a run; returns its card. */
async function startRun(page: Page, o: RunOptions) {
  await page.getByLabel('Model', { exact: true }).selectOption(o.agent)
  if (o.agent === 'endpoint') {
    await page.getByLabel('Base URL').fill(stub.url)
    await page.getByLabel('API key', { exact: true }).fill(KEY)
    await page.getByLabel('Model name').fill(o.model ?? '')
    await page.getByLabel('Extra request JSON').fill('{"reasoning_effort": "high"}')
  }
  await page.getByLabel('Repeats').fill(String(o.repeats ?? 1))
  await page.getByLabel('Max turns').fill(String(o.maxTurns ?? 50))
  await page.getByLabel('Concurrency').fill(String(o.concurrency ?? 4))
  await page.getByLabel('Tasks to run').selectOption(o.tasks ?? [])
  await page.getByLabel('Watch on the phone').selectOption(o.watch ?? '')
  await page.getByRole('button', { name: 'Start run' }).click()
  const name = o.agent === 'endpoint' ? (o.model ?? '') : o.agent
  return page.getByRole('article', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `) }).first()
}

async function download(page: Page, model: string, file: string): Promise<string> {
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${file} of run ${model}` }).first().click(),
  ])
  return readFileSync(await dl.path(), 'utf8')
}

type Line = { id: string; run: number; model: string; setting: string; turns: number; stop?: string; calls?: unknown[]; messages: { role: string; content?: string | null; tool_calls?: unknown[] }[] }
const linesOf = (text: string): Line[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line)

/** Everything in every IndexedDB store of the page, as text. */
async function allIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: unknown[] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of [...db.objectStoreNames]) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll()
          req.onsuccess = () => resolve(req.result as unknown[])
          req.onerror = () => reject(req.error)
        })
        dump.push({ store, rows })
      }
      db.close()
    }
    return JSON.stringify(dump)
  })
}

/** `npm run score` on an export, over the run's tasks: its result.json. */
function scoreExport(responses: string, tasks?: string[]): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'runs-score-'))
  const input = readFileSync('public/data/input_data.jsonl', 'utf8').split('\n').filter(Boolean)
  const picked = tasks ? input.filter((l) => tasks.includes((JSON.parse(l) as { id: string }).id)) : input
  writeFileSync(join(dir, 'input_data.jsonl'), picked.join('\n') + '\n')
  writeFileSync(join(dir, 'response.jsonl'), responses)
  execFileSync('npx', ['tsx', 'cli/score.ts', '--input_data', join(dir, 'input_data.jsonl'), '--input_response_data', join(dir, 'response.jsonl'), '--output_file', join(dir, 'result.json'), '--tools', 'public/data/tools.json'], { stdio: 'pipe' })
  return JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'))
}

test('scripted endpoint runs: parallel calls, malformed arguments, the 50-turn cap; watched on the phone; the key stays out of storage and exports', async ({ page }) => {
  test.setTimeout(180_000)
  await openRuns(page)

  // Parallel calls in the first turn; the run is watched live on the phone.
  const solve = await startRun(page, { agent: 'endpoint', model: 'solve-推理1', tasks: ['推理1'], watch: '推理1' })
  const watch = page.getByRole('complementary', { name: 'Watching 推理1 live' })
  await expect(watch.getByRole('region', { name: 'SPIEval Phone' })).toBeVisible()
  await expect(solve.getByTestId('repeat-0')).toHaveText('1/1 tasks · 1 correct · 440 tokens')
  await expect(solve.getByRole('status')).toHaveText('done')
  expect(page.url()).toMatch(/#\/runs$/)
  // The watched attempt is the phone's open attempt: its calls went through the one tool path, as the agent's.
  const current = await page.evaluate(() => window.spieval?.current())
  expect(current?.finished).toBe(true)
  expect(current?.calls.map((c) => [c.name, c.source])).toEqual([
    ['search_contacts', 'agent'],
    ['search_voicemail', 'agent'],
    ['search_contacts', 'agent'],
    ['Phone_Call', 'agent'],
  ])
  const solveRequests = stub.requests.filter((r) => r.model === 'solve-推理1')
  expect(solveRequests.map((r) => r.turn)).toEqual([0, 1, 2, 3])
  expect(solveRequests[0]).toMatchObject({ tools: 21, extra: { reasoning_effort: 'high' }, authorization: `Bearer ${KEY}` })
  const solveLines = linesOf(await download(page, 'solve-推理1', 'response.jsonl'))
  expect(solveLines).toHaveLength(1)
  expect(solveLines[0]).toMatchObject({ id: '推理1', run: 0, model: 'solve-推理1', setting: 'paginated', turns: 4, stop: 'answered' })
  // The episode fields `npm run agent` writes too: wall time, turns, token usage under OpenAI's names.
  expect(solveLines[0]).toMatchObject({ usage: { prompt_tokens: 400, completion_tokens: 40 }, wall_ms: expect.any(Number) })
  expect(solveLines[0]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])

  // Arguments that are not JSON get an error result, and the loop goes on.
  const malformed = await startRun(page, { agent: 'endpoint', model: 'malformed', tasks: ['推理1'] })
  await expect(malformed.getByTestId('repeat-0')).toHaveText('1/1 tasks · 1 correct · 330 tokens')
  const malformedText = await download(page, 'malformed', 'response.jsonl')
  expect(linesOf(malformedText)[0]?.messages.find((m) => m.role === 'tool')?.content).toMatch(/arguments are not valid JSON/)
  // The call that could not be read changed nothing: the export's `calls` are the kept valid calls, and
  // `npm run score` on it gives the page's verdict (scored from `messages`, the bad call would count).
  expect(linesOf(malformedText)[0]?.calls).toEqual([{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }])
  const malformedResult = JSON.parse(await download(page, 'malformed', 'result.json')) as unknown
  expect(malformedResult).toMatchObject({ overall: { mean: 100 } })
  expect(scoreExport(malformedText, ['推理1'])).toEqual(malformedResult)

  // An endless loop stops at 50 turns, two tasks at once.
  const loop = await startRun(page, { agent: 'endpoint', model: 'loop', tasks: ['推理1', '推理2'], concurrency: 2 })
  await expect(loop.getByRole('status')).toHaveText('done', { timeout: 90_000 })
  await expect(loop.getByTestId('repeat-0')).toHaveText('2/2 tasks · 0 correct · 11,000 tokens')
  expect(stub.requests.filter((r) => r.model === 'loop')).toHaveLength(100)
  const loopText = await download(page, 'loop', 'response.jsonl')
  for (const line of linesOf(loopText)) {
    expect(line).toMatchObject({ turns: 50, stop: 'max_turns' })
    expect(line.messages.filter((m) => m.role === 'assistant')).toHaveLength(50)
    expect(line.messages.filter((m) => m.role === 'tool')).toHaveLength(50)
  }

  // The page's numbers are `npm run score`'s on the export.
  const pageResult = JSON.parse(await download(page, 'solve-推理1', 'result.json')) as unknown
  expect(pageResult).toMatchObject({ runs: 1, overall: { mean: 100, std: 0 } })
  expect(scoreExport(solveLines.map((l) => JSON.stringify(l)).join('\n') + '\n', ['推理1'])).toEqual(pageResult)
  const details = linesOf(await download(page, 'loop', 'details.jsonl')) as unknown as { id: string; correct: boolean; error_type: string }[]
  expect(details.map((d) => [d.id, d.correct, d.error_type])).toEqual([
    ['推理1', false, 'wrong_count'],
    ['推理2', false, 'wrong_count'],
  ])

  // The key is in no IndexedDB store, no export and no localStorage (it was not remembered).
  const stored = await allIndexedDb(page)
  expect(stored).toContain('solve-推理1') // the dump does hold the runs
  expect(stored).not.toContain(KEY)
  for (const text of [malformedText, loopText, JSON.stringify(solveLines), JSON.stringify(pageResult)]) expect(text).not.toContain(KEY)
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(KEY)

  // The Analysis view over these stored runs: every task of the data set counts in every run (50 tasks, 10 per
  // capability), so one solved 推理 task is 10.0 % in Reasoning and 2.0 % overall.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  const table2 = page.getByTestId('table2')
  const row = (name: string) => table2.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  await expect(row('solve-推理1 · paginated')).toContainText('10.0 ± 0.0')
  expect(await row('solve-推理1 · paginated').getByRole('cell').allInnerTexts()).toEqual(['1', '10.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '2.0 ± 0.0'])
  expect(await row('malformed · paginated').getByRole('cell').allInnerTexts()).toEqual(['1', '10.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '2.0 ± 0.0'])
  expect(await row('loop · paginated').getByRole('cell').allInnerTexts()).toEqual(['1', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0'])
  // The loop's two tasks failed for the wrong number of calls; the other 48 have no response.
  const errors = page.getByRole('figure', { name: 'Error types' })
  await errors.locator('summary').click()
  const loopErrors = errors.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'loop · paginated', exact: true }) })
  await expect(loopErrors).toBeVisible()
  // failures, then counts and shares (%) of wrong value, wrong count, missing parameter, wrong tool, other, no response
  expect(await loopErrors.getByRole('cell').allInnerTexts()).toEqual(['50', '0', '2', '0', '0', '0', '48', '0.0', '4.0', '0.0', '0.0', '0.0', '96.0'])
})

test('a stopped run resumes from its stored turns and still ends at the turn cap', async ({ page }) => {
  test.setTimeout(120_000)
  await openRuns(page)
  const run = await startRun(page, { agent: 'endpoint', model: 'slow:loop', tasks: ['推理1'], maxTurns: 12 })
  await expect.poll(() => stub.requests.filter((r) => r.model === 'slow:loop').length).toBeGreaterThanOrEqual(4)
  await page.getByRole('button', { name: 'Stop run slow:loop' }).click()
  await expect(run.getByRole('status')).toHaveText('stopped')
  await expect(run.getByTestId('repeat-0')).toContainText('0/1 tasks')
  const stoppedAt = stub.requests.filter((r) => r.model === 'slow:loop').length
  expect(stoppedAt).toBeLessThan(12)

  // A reload forgets the run in memory; it comes back from IndexedDB, and resumes. The key was not remembered,
  // so the run asks for it again before it sends anything.
  await page.reload()
  const again = page.getByRole('article', { name: /^slow:loop · / })
  await expect(again.getByRole('status')).toHaveText('stopped')
  await page.getByRole('button', { name: 'Resume run slow:loop' }).click()
  await again.getByLabel(`API key for ${stub.url}`).fill(KEY)
  await again.getByRole('button', { name: 'Resume with this key' }).click()
  await expect(again.getByRole('status')).toHaveText('done', { timeout: 60_000 })
  expect(stub.requests.filter((r) => r.model === 'slow:loop').every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true)
  await expect(again.getByTestId('repeat-0')).toContainText('1/1 tasks · 0 correct')
  const turns = stub.requests.filter((r) => r.model === 'slow:loop').map((r) => r.turn)
  // Each turn was asked once, except the one in flight when stopped; the resumed run went on from there.
  expect(new Set(turns)).toEqual(new Set(Array.from({ length: 12 }, (_, i) => i)))
  expect(turns.length).toBeLessThanOrEqual(13)
  const [line] = linesOf(await download(page, 'slow:loop', 'response.jsonl'))
  expect(line).toMatchObject({ turns: 12, stop: 'max_turns' })
  expect(line?.messages.filter((m) => m.role === 'assistant')).toHaveLength(12)
  expect(line?.messages.filter((m) => m.role === 'tool')).toHaveLength(12)
  // Every tool call of the attempt is stored as a step, once.
  const steps = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('spieval-phone')
      open.onsuccess = () => resolve(open.result)
    })
    return new Promise<number>((resolve) => {
      const req = db.transaction('calls', 'readonly').objectStore('calls').count()
      req.onsuccess = () => resolve(req.result)
    })
  })
  expect(steps).toBe(12)
})

test('a run resumed against another base URL asks for its own key: the key entered for the form\'s endpoint never goes there', async ({ page }) => {
  test.setTimeout(120_000)
  const other = await startStubServer()
  try {
    const OTHER_KEY = 'sk-other-endpoint-7d2b'
    const FORM_KEY = 'sk-form-endpoint-c41e'
    const NEW_KEY = 'sk-other-again-90aa'
    await openRuns(page)
    // A run against the other server, stopped in flight.
    await page.getByLabel('Model', { exact: true }).selectOption('endpoint')
    await page.getByLabel('Base URL').fill(other.url)
    await page.getByLabel('API key', { exact: true }).fill(OTHER_KEY)
    await page.getByLabel('Model name').fill('slow:loop')
    await page.getByLabel('Max turns').fill('12')
    await page.getByLabel('Tasks to run').selectOption(['推理1'])
    await page.getByRole('button', { name: 'Start run' }).click()
    const run = page.getByRole('article', { name: /^slow:loop · / })
    await expect.poll(() => other.requests.length).toBeGreaterThanOrEqual(2)
    await page.getByRole('button', { name: 'Stop run slow:loop' }).click()
    await expect(run.getByRole('status')).toHaveText('stopped')

    // Later, in a fresh page: the form is set to another endpoint, with its key, remembered in this tab.
    await page.reload()
    await page.getByLabel('Base URL').fill(stub.url)
    await page.getByLabel('API key', { exact: true }).fill(FORM_KEY)
    await page.getByRole('checkbox', { name: /Remember the key/ }).check()
    await page.reload()
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue(FORM_KEY)
    // Another base URL in the form shows no key: a key is the endpoint's it was entered for.
    await page.getByLabel('Base URL').fill(other.url)
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('')
    await page.getByLabel('Base URL').fill(stub.url)
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue(FORM_KEY)

    // Resuming the old run asks for the other server's key, and sends nothing until it has one.
    const sent = other.requests.length
    await page.getByRole('button', { name: 'Resume run slow:loop' }).click()
    const prompt = run.getByRole('form', { name: 'API key to resume run slow:loop' })
    await expect(prompt).toContainText(`This run talks to ${other.url}`)
    await expect(prompt.getByLabel(`API key for ${other.url}`)).toBeFocused()
    await expect(run.getByRole('status')).toHaveText('stopped')
    expect(other.requests.length).toBe(sent)
    await prompt.getByLabel(`API key for ${other.url}`).fill(NEW_KEY)
    await prompt.getByRole('button', { name: 'Resume with this key' }).click()
    await expect(run.getByRole('status')).toHaveText('done', { timeout: 60_000 })
    await expect(prompt).toBeHidden()

    // What the other server received: its first key, then the key given for it; never the form's.
    const keys = other.requests.map((r) => r.authorization)
    expect(keys).not.toContain(`Bearer ${FORM_KEY}`)
    expect(keys.slice(0, sent).every((k) => k === `Bearer ${OTHER_KEY}`)).toBe(true)
    expect(keys.slice(sent).length).toBeGreaterThan(0)
    expect(keys.slice(sent).every((k) => k === `Bearer ${NEW_KEY}`)).toBe(true)
    expect(stub.requests.map((r) => r.authorization)).not.toContain(`Bearer ${NEW_KEY}`)
    // Both remembered keys are stored with their endpoints, in this tab only.
    const stored = await page.evaluate(() => sessionStorage.getItem('spieval-runner-keys'))
    expect(JSON.parse(stored ?? '{}')).toEqual({ [stub.url]: FORM_KEY, [other.url]: NEW_KEY })
  } finally {
    await other.close()
  }
})

test('the oracle built-in solves every sample task; screenshots in English and Chinese', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await openRuns(page)
  const run = await startRun(page, { agent: 'oracle', repeats: 1, concurrency: 4 })
  await expect(run.getByRole('status')).toHaveText('done', { timeout: 120_000 })
  await expect(run.getByTestId('repeat-0')).toHaveText('50/50 tasks · 50 correct · 0 tokens')
  await expect(run.getByTestId('accuracy')).toHaveText('Accuracy 100.0 ± 0.0 % over 1 runs (as npm run score)')
  const responses = await download(page, 'oracle', 'response.jsonl')
  const pageResult = JSON.parse(await download(page, 'oracle', 'result.json')) as { overall: { mean: number } }
  expect(pageResult.overall.mean).toBe(100)
  expect(scoreExport(responses)).toEqual(pageResult)

  const keyword = await startRun(page, { agent: 'keyword', repeats: 2, tasks: ['推理1', '推理2', '辨析2'], watch: '辨析2' })
  await expect(keyword.getByRole('status')).toHaveText('done', { timeout: 60_000 })
  const keywordResult = JSON.parse(await download(page, 'keyword', 'result.json')) as { runs: number }
  expect(keywordResult.runs).toBe(2)
  expect(scoreExport(await download(page, 'keyword', 'response.jsonl'), ['推理1', '推理2', '辨析2'])).toEqual(keywordResult)

  // The view with its settings, progress and the watched phone has no serious accessibility problems.
  await expect(page.getByRole('complementary', { name: 'Watching 辨析2 live' })).toBeVisible()
  expect(await seriousViolations(page, '.runs-view')).toEqual([])

  const shots = process.env.RUNS_SHOTS_DIR ?? '/tmp/runs-shots'
  mkdirSync(shots, { recursive: true })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: join(shots, 'runs-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('heading', { name: '智能体运行', exact: true })).toBeVisible()
  await page.screenshot({ path: join(shots, 'runs-zh.png') })
})
