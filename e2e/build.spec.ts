import { expect as baseExpect, test } from '@playwright/test'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'

// The built site, served by a plain static server from a nested path: no dev server, no rewrites.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 240_000 })

const SUB_PATH = '/lab/spieval phone/'
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

let root: string
let server: Server | undefined
let origin: string
const requested: string[] = []

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'spieval-build-'))
  const site = join(root, 'site')
  const out = join(site, ...SUB_PATH.split('/').filter(Boolean))
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'], {
    timeout: 180_000,
  })
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    requested.push(path)
    let file = resolve(site, `.${path}`)
    if (file !== site && !file.startsWith(site + sep)) return void res.writeHead(403).end()
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html')
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((ready) => server?.listen(0, '127.0.0.1', ready))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)))
  if (root) rmSync(root, { recursive: true, force: true })
})

test('the built site works from a sub-path: the sample data set loads and a task opens', async ({ page }) => {
  const url = origin + encodeURI(SUB_PATH)
  await page.goto(url)
  await expect(page.getByRole('banner')).toContainText('Data set: Sample (Daniel Hayes) (50)', { timeout: 60_000 })
  // A first visit on this origin: the page asks who is solving.
  await page.getByRole('dialog', { name: 'Who is solving?' }).getByRole('button', { name: 'Just looking (anonymous)' }).click()
  await expect(page.getByRole('button', { name: 'Change annotator (now anonymous)' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Task' }).selectOption('辨析1')
  await expect(page.getByText('“Call Chris back”')).toBeVisible()
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await phone.getByRole('button', { name: 'Contacts' }).click()
  await expect(phone.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  expect(page.url().startsWith(`${url}#/task/`)).toBe(true)
  // Every file came from under the sub-path: the page, its scripts and its data folder.
  expect(requested.length).toBeGreaterThan(4)
  expect(requested.filter((p) => !p.startsWith(SUB_PATH))).toEqual([])
  expect(requested).toContain(`${SUB_PATH}data/input_data.jsonl`)
})

test('the built site reports a ?data= folder that is not there, naming the file', async ({ page }) => {
  await page.goto(`${origin}${encodeURI(SUB_PATH)}?data=missing/`)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(/(input_data\.jsonl|records_db\.json|tools\.json): HTTP 404/, { timeout: 60_000 })
  await expect(alert).toContainText(`${encodeURI(SUB_PATH)}missing/`)
})
