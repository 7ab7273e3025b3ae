// A study that comes back by itself (issue #30), the participant's side: `npm run study --upload-to` on a local
// S3-compatible store, the one link opened with Prolific's parameters, each finished task uploaded at once, the
// completion given only after the closing manifest, and `npm run collect` scoring what arrived.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import type { Page } from '@playwright/test'
import { loadDataset, unzipArchive } from '../src/core/index'
import { OracleScript, readFolderFiles, runCli, writeSmallOwnCopy } from '../test/support/s3Participants'
import { S3RVER_CREDENTIALS, startLocalStore } from '../test/support/s3server'
import type { LocalStore } from '../test/support/s3server'
import { api, chooseLanguage, expect, panelOf, phoneOf, resizeTo, seriousViolations, test } from './helpers'

const ROOT = join(import.meta.dirname, '..')
const PORT = Number(process.env.E2E_PORT ?? 5199)
const APP = `http://127.0.0.1:${PORT}`
const TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.jsonl': 'application/x-ndjson; charset=utf-8' }

// Four tasks in two slots of two: each participant solves their whole slot.
const data = writeSmallOwnCopy(join(ROOT, 'public/data'), 4)
const oracle = new OracleScript(loadDataset(readFolderFiles(data)).dataset)
// A folder per beforeAll: with fullyParallel, a worker that runs this file's tests apart runs beforeAll again.
let out: string
// Unset when the set-up failed: the tear-down closes only what was started, and the set-up's error is what shows.
let store: LocalStore | undefined
let site: Server | undefined
let origin: string

/**
 * OUT/serve/ as published: its files (study.json, shares/, uploads/) from the folder, the page itself from the
 * tests' server (`--page none`), on an origin of its own, as the page would be on any static host.
 */
async function servePublished(serve: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = resolve(serve, `.${path}`)
    if (file.startsWith(serve + sep) && /\.(json|jsonl)$/.test(file)) {
      let body: Buffer
      try {
        body = readFileSync(file)
      } catch {
        return void res.writeHead(404).end('not found')
      }
      return void res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    }
    const upstream = request(`${APP}${req.url ?? '/'}`, { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${PORT}` } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()))
    req.pipe(upstream)
  })
  // The dev server's own socket (E2E_DEV=1): passed through, or its client would reload the page when it finds it gone.
  server.on('upgrade', (req, socket, head) => {
    const up = connect(PORT, '127.0.0.1', () => {
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`).join('\r\n')}\r\n\r\n`)
      up.write(head)
      up.pipe(socket).pipe(up)
    })
    up.on('error', () => socket.destroy())
    socket.on('error', () => up.destroy())
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** The objects in the bucket, by name (s3rver keeps each as a folder of its own). */
function bucketKeys(): string[] {
  if (!store) throw new Error('the local store did not start')
  const root = join(store.directory, store.bucket)
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name.endsWith('._S3rver_object') ? [join(dir, e.name)] : e.isDirectory() ? walk(join(dir, e.name)) : []))
  try {
    return walk(root).map((p) => p.slice(root.length + 1).replace(/\._S3rver_object$/, '')).sort()
  } catch {
    return []
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  out = join(mkdtempSync(join(tmpdir(), 'study-return-e2e-')), 'study')
  store = await startLocalStore({ cors: true })
  const made = await runCli(
    'cli/study.ts',
    ['--data', data, '--slots', '2', '--per-task', '1', '--seed', '4', '--out', out, '--upload-to', `s3://${store.bucket}/e2e`, '--endpoint', store.endpoint, '--completion-code', 'E2EC0DE', '--page', 'none'],
    { ...S3RVER_CREDENTIALS },
  )
  if (made.code !== 0) throw new Error(made.stderr)
  ;({ server: site, origin } = await servePublished(join(out, 'serve')))
})

test.afterAll(async () => {
  if (site) {
    site.closeAllConnections()
    await new Promise((closed) => site?.close(closed))
  }
  await store?.close()
})

const link = (pid: string) => `${origin}/?PROLIFIC_PID=${pid}&STUDY_ID=st-e2e&SESSION_ID=se-${pid}`

/** The slot's tasks, in its order, as the panel's picker lists them. */
async function slotTasks(page: Page): Promise<string[]> {
  const picker = panelOf(page).getByRole('combobox', { name: 'Task', exact: true })
  await expect(picker).toBeVisible({ timeout: 40_000 })
  return picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
}

/** Submits the open task from the panel, as a participant taps (past the confirmation a task without a search asks for). */
async function submitTask(page: Page, last: boolean): Promise<void> {
  const panel = panelOf(page)
  await panel.getByRole('button', { name: 'Submit', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Finish this attempt?' })
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Submit anyway' }).click()
  else await confirm.getByRole('button', { name: 'Submit anyway' }).click({ timeout: 3000 }).catch(() => undefined)
  // The slot's last task: the page leaves for the recruiter as soon as the manifest is stored.
  if (!last) await expect(panel.getByRole('region', { name: 'Submitted' })).toBeVisible()
}

/** Solves a task with the oracle's calls (or a wrong one) through window.spieval, and submits it from the panel. */
async function solve(page: Page, task: string, right: boolean, last = false): Promise<void> {
  await api(page, `await api.open(${JSON.stringify(task)})`)
  const calls = right ? await oracle.of(task) : [{ name: 'Phone_Call', arguments: { telephone: '10000000000' } }]
  for (const call of calls) await api(page, `await api.call(${JSON.stringify(call.name)}, ${JSON.stringify(call.arguments)})`)
  await submitTask(page, last)
}

/** The number a task's one gold action calls, when that is all it asks (a Phone_Call): such a task can be solved on the keypad. */
async function numberToCall(task: string): Promise<string | undefined> {
  const calls = await oracle.of(task)
  const [call] = calls
  // The oracle's arguments are the call's JSON text, as a model sends them.
  const given = call?.arguments
  const args = (typeof given === 'string' ? JSON.parse(given) : given) as { telephone?: unknown; type?: unknown } | undefined
  return calls.length === 1 && call?.name === 'Phone_Call' && typeof args?.telephone === 'string' && args.type !== 'VIDEO' ? args.telephone : undefined
}

/** Solves a Phone_Call task by tapping, as a participant does: the task from the picker, Phone, Keypad, the digits, Voice call. */
async function solveByTapping(page: Page, task: string, telephone: string, last = false): Promise<void> {
  const picker = panelOf(page).getByRole('combobox', { name: 'Task', exact: true })
  if ((await picker.inputValue()) !== task) await picker.selectOption(task)
  await expect(picker).toHaveValue(task)
  const phone = phoneOf(page)
  await phone.getByRole('button', { name: 'Phone', exact: true }).click()
  await phone.getByRole('tab', { name: 'Keypad' }).click()
  for (const digit of telephone) await phone.getByRole('button', { name: `Digit ${digit}`, exact: true }).click()
  await expect(phone.getByRole('textbox', { name: 'Number' })).toHaveValue(telephone)
  await phone.getByRole('button', { name: 'Voice call', exact: true }).click()
  await expect(phone.getByRole('status').filter({ hasText: 'Calling…' })).toContainText(telephone)
  await phone.getByRole('button', { name: 'End call' }).click()
  await submitTask(page, last)
}

/** Per task, whether its verdict is correct, from a details.jsonl (npm run score's and collect's). */
function verdicts(path: string): Record<string, boolean> {
  const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; correct: boolean })
  return Object.fromEntries(lines.map((d) => [d.id, d.correct]))
}

const status = (page: Page) => page.getByRole('region', { name: 'Sending your answers' })

test('the one link: each task is uploaded as it finishes, the completion only after the manifest, and collect scores it as the file path does', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ storageState: undefined })
  const page = await context.newPage()
  let redirected = ''
  await page.route('https://app.prolific.com/**', (route) => {
    redirected = route.request().url()
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Prolific</title><p>complete</p>' })
  })
  await page.goto(link('pp-alice'))
  const tasks = await slotTasks(page)
  expect(tasks).toHaveLength(2)
  // Each slot has one task that a call solves (tapped on the keypad, right) and one that a message does (answered wrong).
  const numbers = await Promise.all(tasks.map(numberToCall))
  expect(numbers.filter((n) => n !== undefined)).toHaveLength(1)
  await expect(status(page)).toContainText('0 of 2 sent')
  const before = bucketKeys()
  expect(before.filter((k) => k.endsWith('claim.age'))).toHaveLength(1)
  const answer = async (i: number, last: boolean) => {
    const task = tasks[i] ?? ''
    const telephone = numbers[i]
    if (telephone !== undefined) await solveByTapping(page, task, telephone, last)
    else await solve(page, task, false, last)
  }
  await answer(0, false)
  await expect(status(page)).toContainText('1 of 2 sent')
  expect(bucketKeys().filter((k) => /task-\d+\.age$/.test(k))).toHaveLength(1)
  expect(redirected).toBe('')
  // The answers go by themselves: the study link's page offers no file to send (only the status region, if sending fails).
  await expect(page.getByRole('button', { name: /^Export my attempts/ })).toHaveCount(0)
  await answer(1, true)
  await expect.poll(() => redirected, { timeout: 15_000 }).toBe('https://app.prolific.com/submissions/complete?cc=E2EC0DE')
  expect(bucketKeys().filter((k) => /manifest\.age$/.test(k))).toHaveLength(1)

  const results = join(out, '..', 'results')
  const collected = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', results], { ...S3RVER_CREDENTIALS })
  expect(collected.code, collected.stderr).toBe(0)
  const tapped = tasks[numbers.findIndex((n) => n !== undefined)] ?? ''
  const expected = Object.fromEntries(tasks.map((t) => [t, t === tapped]))
  // details.jsonl has a line for every task of the data set; the other slot's are unanswered.
  const fromBucket = verdicts(join(results, 'details.jsonl'))
  expect(Object.fromEntries(tasks.map((t) => [t, fromBucket[t]]))).toEqual(expected)
  expect(readFileSync(join(results, 'sessions.csv'), 'utf8')).toMatch(/pp-alice.*|complete/)
  // The tapped task's calls came from the phone's keypad, and say so after the trip through the bucket.
  const lines = readFileSync(join(results, 'response.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; trajectory?: { source?: string }[] })
  expect(lines.find((l) => l.id === tapped)?.trajectory?.map((c) => c.source)).toEqual(['ui'])

  // The file path: the same browser's own export of the slot (the page opened without the study's parameters, its
  // "Export my attempts"), scored by npm run score against the unsealed data set, gives the same verdicts.
  const own = await context.newPage()
  await own.goto(`${origin}/`)
  const exportMine = panelOf(own).getByRole('button', { name: /^Export my attempts \(s\d+\)$/ })
  await expect(exportMine).toBeVisible({ timeout: 40_000 })
  const download = own.waitForEvent('download')
  await exportMine.click()
  const zip = await (await download).path()
  const files = unzipArchive(new Uint8Array(readFileSync(zip)))
  const fromFiles = join(out, '..', 'from-files')
  mkdirSync(fromFiles, { recursive: true })
  writeFileSync(join(fromFiles, 'response.jsonl'), files['response.jsonl'] ?? '')
  const scored = await runCli('cli/score.ts', ['--input_data', join(data, 'input_data.jsonl'), '--input_response_data', join(fromFiles, 'response.jsonl'), '--output_file', join(fromFiles, 'result.json')])
  expect(scored.code, scored.stderr).toBe(0)
  expect(verdicts(join(fromFiles, 'details.jsonl'))).toEqual(fromBucket)
  await context.close()
})

test('a blocked upload offers the download and keeps the code hidden; a reload sends what was missing', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ storageState: undefined })
  const page = await context.newPage()
  await page.route('https://app.prolific.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Prolific</title>' }))
  await page.goto(link('pp-bob'))
  const tasks = await slotTasks(page)
  await page.route(/\/task-\d+\.age/, (route) => route.abort())
  await solve(page, tasks[0] ?? '', true)
  const failed = status(page).getByRole('alert')
  await expect(failed).toContainText('Your answers could not be sent', { timeout: 20_000 })
  await expect(failed).toContainText('The completion code is shown only once your answers are stored')
  // Why, in the participant's words; the browser's own message only as the technical detail.
  await expect(failed).toContainText('The page tried several times: the study’s storage could not be reached')
  await expect(failed).toContainText('Technical detail: the upload failed (')
  await expect(page.getByText('E2EC0DE')).toHaveCount(0)
  const download = page.waitForEvent('download')
  await failed.getByRole('button', { name: 'Download my answers' }).click()
  expect((await download).suggestedFilename()).toMatch(/^study-.*\.zip$/)
  expect(await seriousViolations(page)).toEqual([])
  // How it looks, in both languages, on a desktop and a phone.
  await page.screenshot({ path: join(tmpdir(), 'return-failed-1280-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('region', { name: '正在发送你的答案' }).getByRole('alert')).toContainText('你的答案未能发送')
  await expect(page.getByRole('region', { name: '正在发送你的答案' }).getByRole('alert')).toContainText('页面已多次尝试：无法连接研究的存储')
  await page.screenshot({ path: join(tmpdir(), 'return-failed-1280-zh.png') })
  await resizeTo(page, { width: 390, height: 844 })
  await page.screenshot({ path: join(tmpdir(), 'return-failed-390-zh.png') })
  await resizeTo(page, { width: 1280, height: 800 })
  await chooseLanguage(page, 'en')

  // The tab comes back with the network: the missing upload goes first, then the second task's.
  await page.unroute(/\/task-\d+\.age/)
  await page.reload()
  await expect(status(page)).toContainText('1 of 2 sent', { timeout: 40_000 })
  // The closing manifest is blocked once: every task is submitted, the panel says the answers are being sent (no
  // file to send), the status region offers the download as the fallback, and the code stays hidden.
  await page.route(/\/manifest\.age/, (route) => route.abort())
  await solve(page, tasks[1] ?? '', true)
  await expect(panelOf(page).getByText('Your answers are sent to the study by themselves')).toBeVisible()
  await panelOf(page).getByRole('region', { name: 'Submitted' }).screenshot({ path: join(tmpdir(), 'return-all-done-panel-en.png') })
  await expect(failed).toContainText('the study’s storage could not be reached', { timeout: 20_000 })
  await expect(failed.getByRole('button', { name: 'Download my answers' })).toBeVisible()
  await expect(page.getByText('E2EC0DE')).toHaveCount(0)
  await page.screenshot({ path: join(tmpdir(), 'return-all-done-failed-1280-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(page.getByText('你的答案会自动发送给研究')).toBeVisible()
  await page.getByRole('region', { name: '已提交' }).screenshot({ path: join(tmpdir(), 'return-all-done-panel-zh.png') })
  await resizeTo(page, { width: 390, height: 844 })
  await page.screenshot({ path: join(tmpdir(), 'return-all-done-failed-390-zh.png'), fullPage: true })
  await resizeTo(page, { width: 1280, height: 800 })
  await chooseLanguage(page, 'en')
  await page.unroute(/\/manifest\.age/)
  await status(page).getByRole('button', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/app\.prolific\.com\/submissions\/complete\?cc=E2EC0DE/, { timeout: 15_000 })
  // Each worker has a store of its own: this one holds bob's slot whole (the other test may have run elsewhere).
  const slot = bucketKeys().find((k) => k.endsWith('manifest.age') && bucketKeys().some((c) => c === k.replace('manifest.age', 'claim.age')))?.replace(/manifest\.age$/, '')
  expect(slot).toBeDefined()
  expect(bucketKeys().filter((k) => k.startsWith(slot ?? '-'))).toEqual(['claim.age', 'manifest.age', 'task-001.age', 'task-002.age'].map((f) => `${slot}${f}`))
  await context.close()
})
