import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { buildArchive } from '../src/core/archive/index'
import { TASK, liveDataset, liveFiles, people } from '../test/support/liveArchive'
import { expect, test } from './helpers'

// A data set is imported into IndexedDB first: allow for a busy machine.
test.describe.configure({ timeout: 180_000 })

/** Set PEOPLE_SHOTS to a folder to save screenshots of the import report (English and Chinese). */
const SHOTS = process.env.PEOPLE_SHOTS

let dir: string
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'people-live-'))
})
test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The live fixture data set as a folder, imported and made active through the Data sets dialog. */
async function importLiveDataset(page: Page): Promise<void> {
  const folder = join(dir, 'live-archive')
  mkdirSync(folder, { recursive: true })
  for (const [name, text] of Object.entries(liveFiles())) writeFileSync(join(folder, name), text)
  await page.goto('./')
  await expect(page.getByRole('region', { name: 'SPIEval Phone' })).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Data sets' }).click()
  const dialog = page.getByRole('dialog', { name: 'Data sets' })
  await dialog.getByLabel('Pick a folder').setInputFiles(folder)
  await expect(dialog.getByRole('status')).toContainText('Imported “live-archive”', { timeout: 60_000 })
  await dialog.getByRole('button', { name: 'Close' }).click()
}

/**
 * A people's export of live attempts, with zoe's refused edit said to have
 * gone through and her task solved: the page judges it through the kernel.
 */
async function forgedResponses(): Promise<string> {
  const dataset = liveDataset()
  const { all } = await people(dataset)
  const { files } = buildArchive({
    attempts: all,
    tasks: dataset.tasks,
    tools: dataset.tools,
    dataset: { name: 'live-archive' },
    exportedAt: '2026-03-02T00:00:00.000Z',
    live: { records: { [TASK]: dataset.records[TASK] ?? {} }, profile: dataset.profile },
  })
  return (files['response.jsonl'] ?? '')
    .trim()
    .split('\n')
    .map((text) => {
      const line = JSON.parse(text) as Record<string, unknown>
      if (line.attempt !== 'q') return text
      const trajectory = (line.trajectory as Record<string, unknown>[]).map(({ friction: _f, ...s }) => ({ ...s, ok: true, content: 'Saved.' }))
      const verdict = { correct: true, error_type: null, mismatches: [], state: { correct: true, error_type: null, mismatches: [] }, calls: { correct: true, error_type: null } }
      const { friction: _friction, ...rest } = line
      return JSON.stringify({ ...rest, failed: [], trajectory, verdict })
    })
    .map((text) => text + '\n')
    .join('')
}

test('a live attempt imported on the People view is judged by the kernel, its state verdict shown, and exported with the state scored', async ({ page }) => {
  await importLiveDataset(page)
  await page.goto('./#/people')
  await page.getByRole('tab', { name: 'Exports and imports' }).click()
  const file = join(dir, 'forged.jsonl')
  writeFileSync(file, await forgedResponses())
  await page.getByLabel('Pick exports to import').setInputFiles(file)
  await expect(page.getByRole('status').filter({ hasText: 'forged.jsonl: added 5' })).toContainText('1 verdict in the files differs')
  const changed = page.getByRole('table', { name: 'Verdicts that differ from the files' })
  await expect(changed.locator('tbody tr')).toHaveCount(1)
  await expect(changed.locator('tbody tr').first().getByRole('cell')).toHaveText([
    'forged.jsonl',
    'zoe',
    'correct · State: correct',
    'wrong: wrong count · State: wrong: an expected change was not made',
  ])
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    const area = page.getByRole('region', { name: 'Import and merge attempts' })
    await area.screenshot({ path: join(SHOTS, 'people-live-import-en.png') })
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    await page.getByRole('region', { name: '导入并合并作答' }).screenshot({ path: join(SHOTS, 'people-live-import-zh.png') })
    await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
  }

  // Exported again: the archive's scores are the state the calls left, zoe's refused edit not among them.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all attempts' }).click()])
  const zip = join(dir, 'export.zip')
  await download.saveAs(zip)
  const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(readFileSync(zip)))).map(([n, b]) => [n, strFromU8(b)]))
  const details = (files['details.jsonl'] ?? '')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((d) => d.id === TASK)
  expect(details.map((d) => [d.correct, d.state_correct ?? null, d.state_error_type ?? null])).toEqual([
    [true, true, null], // ann
    [true, true, null], // bob
    [false, null, null], // cat: no attempt at this task
    [false, false, 'missing_change'], // zoe
    [false, false, 'wrong_change'], // 李雷
  ])
  const lines = (files['response.jsonl'] ?? '').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
  expect(lines.find((l) => l.attempt === 'q')).toMatchObject({ state: 'live', failed: [0], friction: [0], verdict: { correct: false, error_type: 'wrong_count' } })
})
