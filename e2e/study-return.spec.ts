// A study that comes back by itself (issue #30), the participant's side: `npm run study --upload-to` on a local
// S3-compatible store, the one link opened with Prolific's parameters, each finished task uploaded at once, the
// completion given only after the closing manifest, and `npm run collect` scoring what arrived.
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import type { Page } from '@playwright/test'
import { loadDataset } from '../src/core/index'
import { OracleScript, readFolderFiles, runCli, writeSmallOwnCopy } from '../test/support/s3Participants'
import { S3RVER_CREDENTIALS, startLocalStore } from '../test/support/s3server'
import type { LocalStore } from '../test/support/s3server'
import { api, chooseLanguage, expect, panelOf, resizeTo, seriousViolations, test } from './helpers'

const ROOT = join(import.meta.dirname, '..')
const PORT = Number(process.env.E2E_PORT ?? 5199)
const APP = `http://127.0.0.1:${PORT}`
const TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.jsonl': 'application/x-ndjson; charset=utf-8' }

// Four tasks in two slots of two: each participant solves their whole slot.
const data = writeSmallOwnCopy(join(ROOT, 'public/data'), 4)
const oracle = new OracleScript(loadDataset(readFolderFiles(data)).dataset)
// A folder per beforeAll: with fullyParallel, a worker that runs this file's tests apart runs beforeAll again.
let out: string
let store: LocalStore
let site: Server
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
  site.closeAllConnections()
  await new Promise((closed) => site.close(closed))
  await store.close()
})

const link = (pid: string) => `${origin}/?PROLIFIC_PID=${pid}&STUDY_ID=st-e2e&SESSION_ID=se-${pid}`

/** The slot's tasks, in its order, as the panel's picker lists them. */
async function slotTasks(page: Page): Promise<string[]> {
  const picker = panelOf(page).getByRole('combobox', { name: 'Task', exact: true })
  await expect(picker).toBeVisible({ timeout: 40_000 })
  return picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
}

/** Solves a task with the oracle's calls (or a wrong one) and submits it from the panel, as a participant taps. */
async function solve(page: Page, task: string, right: boolean, last = false): Promise<void> {
  const panel = panelOf(page)
  await api(page, `await api.open(${JSON.stringify(task)})`)
  const calls = right ? await oracle.of(task) : [{ name: 'Phone_Call', arguments: { telephone: '10000000000' } }]
  for (const call of calls) await api(page, `await api.call(${JSON.stringify(call.name)}, ${JSON.stringify(call.arguments)})`)
  await panel.getByRole('button', { name: 'Submit', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Finish this attempt?' })
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Submit anyway' }).click()
  else await confirm.getByRole('button', { name: 'Submit anyway' }).click({ timeout: 3000 }).catch(() => undefined)
  // The slot's last task: the page leaves for the recruiter as soon as the manifest is stored.
  if (!last) await expect(panel.getByRole('region', { name: 'Submitted' })).toBeVisible()
}

const status = (page: Page) => page.getByRole('region', { name: 'Sending your answers' })

test('the one link: each task is uploaded as it finishes, the completion only after the manifest, and collect scores it', async ({ browser }) => {
  test.setTimeout(90_000)
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
  await expect(status(page)).toContainText('0 of 2 sent')
  const before = bucketKeys()
  expect(before.filter((k) => k.endsWith('claim.age'))).toHaveLength(1)
  await solve(page, tasks[0] ?? '', true)
  await expect(status(page)).toContainText('1 of 2 sent')
  expect(bucketKeys().filter((k) => /task-\d+\.age$/.test(k))).toHaveLength(1)
  expect(redirected).toBe('')
  await solve(page, tasks[1] ?? '', false, true)
  await expect.poll(() => redirected, { timeout: 15_000 }).toBe('https://app.prolific.com/submissions/complete?cc=E2EC0DE')
  expect(bucketKeys().filter((k) => /manifest\.age$/.test(k))).toHaveLength(1)
  await context.close()

  const results = join(out, '..', 'results')
  const collected = await runCli('cli/collect.ts', ['--study', join(out, 'collector'), '--data', data, '--out', results], { ...S3RVER_CREDENTIALS })
  expect(collected.code, collected.stderr).toBe(0)
  const details = readFileSync(join(results, 'details.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; correct: boolean })
  const byTask = new Map(details.map((d) => [d.id, d.correct]))
  expect(byTask.get(tasks[0] ?? '')).toBe(true)
  expect(byTask.get(tasks[1] ?? '')).toBe(false)
  expect(readFileSync(join(results, 'sessions.csv'), 'utf8')).toMatch(/pp-alice.*|complete/)
})

test('a blocked upload offers the download and keeps the code hidden; a reload sends what was missing', async ({ browser }) => {
  test.setTimeout(90_000)
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
  await expect(page.getByText('E2EC0DE')).toHaveCount(0)
  const download = page.waitForEvent('download')
  await failed.getByRole('button', { name: 'Download my answers' }).click()
  expect((await download).suggestedFilename()).toMatch(/^study-.*\.zip$/)
  expect(await seriousViolations(page)).toEqual([])
  // How it looks, in both languages, on a desktop and a phone.
  await page.screenshot({ path: join(tmpdir(), 'return-failed-1280-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('region', { name: '正在发送你的答案' }).getByRole('alert')).toContainText('你的答案未能发送')
  await page.screenshot({ path: join(tmpdir(), 'return-failed-1280-zh.png') })
  await resizeTo(page, { width: 390, height: 844 })
  await page.screenshot({ path: join(tmpdir(), 'return-failed-390-zh.png') })
  await resizeTo(page, { width: 1280, height: 800 })
  await chooseLanguage(page, 'en')

  // The tab comes back with the network: the missing upload goes first, then the second task's and the manifest.
  await page.unroute(/\/task-\d+\.age/)
  await page.reload()
  await expect(status(page)).toContainText('1 of 2 sent', { timeout: 40_000 })
  await solve(page, tasks[1] ?? '', true, true)
  await expect(page).toHaveURL(/app\.prolific\.com\/submissions\/complete\?cc=E2EC0DE/, { timeout: 15_000 })
  // Each worker has a store of its own: this one holds bob's slot whole (the other test may have run elsewhere).
  const slot = bucketKeys().find((k) => k.endsWith('manifest.age') && bucketKeys().some((c) => c === k.replace('manifest.age', 'claim.age')))?.replace(/manifest\.age$/, '')
  expect(slot).toBeDefined()
  expect(bucketKeys().filter((k) => k.startsWith(slot ?? '-'))).toEqual(['claim.age', 'manifest.age', 'task-001.age', 'task-002.age'].map((f) => `${slot}${f}`))
  await context.close()
})
