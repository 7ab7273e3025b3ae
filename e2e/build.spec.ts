import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { readDatasetFolder } from '../cli/files'
import { BUNDLED_SAMPLE, prepareDataset } from '../src/db/preparedDataset'
import { baseExpect, storedAttempts, test } from './helpers'
import { serveBuild } from './staticSite'
import type { StaticSite } from './staticSite'

// The built site, served by a plain static server from a nested path: no dev server, no rewrites.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 240_000 })

const SUB_PATH = '/lab/spieval phone/'
let site: StaticSite | undefined
let origin: string
let requested: string[] = []

test.beforeAll(async () => {
  site = await serveBuild('build', SUB_PATH)
  origin = site.origin
  requested = site.requested
})

test.afterAll(async () => {
  await site?.close()
})

test('the built site works from a sub-path: the sample data set loads and a task opens', async ({ page }) => {
  const url = origin + encodeURI(SUB_PATH)
  await page.goto(url)
  await expect(page.getByRole('banner')).toContainText('Data set: Sample (Daniel Hayes) (50)', { timeout: 60_000 })
  // A first visit on this origin: the page asks who is solving.
  await page.getByRole('dialog', { name: 'Who is solving?' }).getByRole('button', { name: 'Just looking (anonymous)' }).click()
  await expect(page.getByRole('button', { name: 'Change annotator (now anonymous)' })).toBeVisible()
  // The task opened while the page asked is reopened under the name; the attempt it had before that, untouched, is not kept.
  await baseExpect.poll(async () => (await storedAttempts(page)).map((row) => row.actor)).toEqual(['anonymous'])
  await page.getByRole('combobox', { name: 'Task' }).selectOption('辨析1')
  await expect(page.getByText('“Call Chris back”')).toBeVisible()
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await phone.getByRole('button', { name: 'Contacts' }).click()
  await expect(phone.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  expect(page.url().startsWith(`${url}#/task/`)).toBe(true)
  // Every file came from under the sub-path: the page, its scripts and the sample's rows, which the build prepared (the
  // sample's folder is not read on a first visit).
  expect(requested.length).toBeGreaterThan(4)
  expect(requested.filter((p) => !p.startsWith(SUB_PATH))).toEqual([])
  expect(requested).toContain(`${SUB_PATH}${BUNDLED_SAMPLE.prepared}`)
  expect(requested.filter((p) => p.startsWith(`${SUB_PATH}data/`))).toEqual([])
})

test('the first load stays within its budget: at most 250 KB of JavaScript, gzip (#27)', () => {
  // What index.html loads before anything else: its module script and the modules it preloads. A module that a lazily
  // loaded view reaches as well can make the bundler cut the first load into more files (six, 3 KB more, once).
  const dir = site?.dir ?? ''
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/<(?:script|link)[^>]*\s(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
  expect(files.length).toBeGreaterThan(1)
  const kb = files.reduce((n, f) => n + gzipSync(readFileSync(join(dir, f))).length, 0) / 1024
  expect(kb, `first load: ${kb.toFixed(1)} KB gzip in ${files.length} files`).toBeLessThanOrEqual(250)
})

test('the build prepares the sample’s rows exactly as an import of its folder stores them', async ({ request }) => {
  const built: unknown = await (await request.get(`${origin}${encodeURI(SUB_PATH)}${BUNDLED_SAMPLE.prepared}`)).json()
  const folder = readDatasetFolder(join(import.meta.dirname, '../public', BUNDLED_SAMPLE.folder))
  expect(built).toEqual(JSON.parse(JSON.stringify(await prepareDataset(folder, BUNDLED_SAMPLE))))
})

test('the built site reports a ?data= folder that is not there, naming the file', async ({ page }) => {
  await page.goto(`${origin}${encodeURI(SUB_PATH)}?data=missing/`)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(/(input_data\.jsonl|records_db\.json|tools\.json): HTTP 404/, { timeout: 60_000 })
  await expect(alert).toContainText(`${encodeURI(SUB_PATH)}missing/`)
})
