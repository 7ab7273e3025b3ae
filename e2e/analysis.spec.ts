import { expect, test, axeResults } from './helpers'
import type { Locator, Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A first visit imports the sample data set, and the agent CLI runs twice before: allow for a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

/** Set ANALYSIS_SHOTS to a folder to save a screenshot of every chart there, in English and in Chinese. */
const SHOTS = process.env.ANALYSIS_SHOTS

const CHARTS = ['capability', 'setting', 'errors', 'retrievals', 'modes', 'scope'] as const

let dir = ''

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'analysis-e2e-'))
  // The in-process agents of the CLI: the oracle answers every task right, the keyword agent (2 runs) none.
  for (const [agent, runs] of [['oracle', '1'], ['keyword', '2']] as const)
    execFileSync('npx', ['tsx', 'cli/agent.ts', '--data', 'public/data', '--agent', agent, '--runs', runs, '--out', join(dir, `${agent}.jsonl`)], { stdio: 'pipe' })
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/**
 * People answer 推理1 through window.spieval: in the paginated setting Ann right with a plain search and Bob
 * wrong with a regex search on one field; with full pages, Cara right with a fuzzy search.
 */
async function twoPeople(page: Page): Promise<void> {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open('推理1', { setting: 'paginated', actor: 'Ann' })
    await api.call('search_contacts', { pattern: 'Finance' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.submit()
    await api.open('推理1', { setting: 'paginated', actor: 'Bob' })
    await api.call('search_contacts', { pattern: 'Tom.*', mode: 'regex', field: '姓名' })
    await api.call('Phone_Call', { telephone: '13655208731' })
    await api.submit()
    await api.open('推理1', { setting: 'full', actor: 'Cara' })
    await api.call('search_contacts', { pattern: 'Tom Ruis', mode: 'fuzzy' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.submit()
  })
}

/** The cells of the Table 2 row with this heading. */
function tableRow(page: Page, name: string): Locator {
  return page.getByTestId('table2').getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
}

/** A chart's figure, by its title. */
function figure(page: Page, title: string): Locator {
  return page.getByRole('figure', { name: title })
}

/** Opens a chart's data table and returns the row with this heading. */
async function chartRow(page: Page, title: string, row: string): Promise<Locator> {
  const fig = figure(page, title)
  const details = fig.locator('details')
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await fig.locator('summary').click()
  return fig.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) })
}

test('the Analysis view shows Table 2, error types, retrievals and retrieval modes of stored and added runs', async ({ page }) => {
  await twoPeople(page)
  await page.goto('./#/analysis')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Analysis', level: 2 })).toBeVisible({ timeout: 40_000 })
  await expect(page.getByText('Stored attempts: 3 lines')).toBeVisible()
  await page.getByLabel('Add response.jsonl…').setInputFiles([join(dir, 'oracle.jsonl'), join(dir, 'keyword.jsonl')])
  await expect(page.getByText('oracle.jsonl: 50 lines')).toBeVisible()
  // A file made for another data set says so: its lines count for nothing (they scored 0 without a word).
  const notes = page.getByRole('region', { name: 'What to analyse' }).getByRole('note')
  await expect(notes).toHaveCount(0)
  const planner = ['basic-1', 'basic-2', 'basic-3', 'memory-1'].map((id) => JSON.stringify({ id, run: 0, calls: [] })).join('\n')
  await page.getByLabel('Add response.jsonl…').setInputFiles({ name: 'planner.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(planner) })
  await expect(notes).toHaveText(['4 of its lines name tasks this data set does not have (basic-1, basic-2, basic-3, …): they count for nothing. Made for another data set? Open that one.'])
  await page.getByRole('button', { name: 'Remove planner.jsonl' }).click()
  await expect(notes).toHaveCount(0)
  // Unreadable lines are listed on a tap, not only in a tooltip.
  const broken = [JSON.stringify({ id: '推理1', run: 0, calls: [] }), '{oops', JSON.stringify({ run: 0, calls: [] })].join('\n')
  await page.getByLabel('Add response.jsonl…').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(broken) })
  const issues = page.getByRole('region', { name: 'What to analyse' }).getByRole('group').filter({ hasText: '2 unreadable lines skipped' })
  await issues.getByText('2 unreadable lines skipped').click()
  await expect(issues.getByRole('listitem')).toHaveText([/^broken\.jsonl line 2: not valid JSON/, 'broken.jsonl line 3: "id" (the task id) is missing'])
  await page.getByRole('button', { name: 'Remove broken.jsonl' }).click()

  // Table 2: mean ± population std over runs, or over people.
  await expect(tableRow(page, 'oracle · paginated').getByRole('cell')).toHaveText(['1', ...Array(6).fill('100.0 ± 0.0')])
  await expect(tableRow(page, 'keyword · paginated').getByRole('cell')).toHaveText(['2', ...Array(6).fill('0.0 ± 0.0')])
  // Ann solved 1 of the 10 reasoning tasks, Bob none: 5.0 ± 5.0; overall 1 of 50: 1.0 ± 1.0.
  await expect(tableRow(page, 'people · paginated').getByRole('cell')).toHaveText(['2', '5.0 ± 5.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '0.0 ± 0.0', '1.0 ± 1.0'])
  // The paper's rows, as a reference block.
  await expect(tableRow(page, 'GPT-5.5 (xhigh)').getByRole('cell').last()).toHaveText('57.3 ± 1.2')

  // Sorted by overall, best first; the same heading again sorts the other way.
  const table = page.getByTestId('table2')
  const firstRow = table.locator('tbody').first().getByRole('rowheader').first()
  await expect(firstRow).toHaveText('oracle · paginated')
  await table.getByRole('button', { name: 'Sort by Overall' }).click()
  await expect(firstRow).toHaveText('keyword · paginated')
  await expect(table.getByRole('columnheader', { name: 'Sort by Overall' })).toHaveAttribute('aria-sort', 'ascending')

  // Error types: counts and shares of failures.
  await expect((await chartRow(page, 'Error types', 'keyword · paginated')).getByRole('cell')).toHaveText(['100', '34', '20', '36', '10', '0', '0', '34.0', '20.0', '36.0', '10.0', '0.0', '0.0'])
  await expect((await chartRow(page, 'Error types', 'people · paginated')).getByRole('cell')).toHaveText(['99', '1', '0', '0', '0', '0', '98', '1.0', '0.0', '0.0', '0.0', '0.0', '99.0'])
  // Retrievals on solved vs failed tasks.
  await expect((await chartRow(page, 'Retrievals on solved vs failed tasks', 'oracle · paginated')).getByRole('cell')).toHaveText(['5.1', '—'])
  await expect((await chartRow(page, 'Retrievals on solved vs failed tasks', 'people · paginated')).getByRole('cell')).toHaveText(['1.0', '1.0'])
  // Retrieval modes and scope, from the trajectories.
  await expect((await chartRow(page, 'Retrieval modes', 'people · paginated')).getByRole('cell')).toHaveText(['2', '50.0', '50.0', '0.0'])
  await expect((await chartRow(page, 'Retrieval modes', 'oracle · paginated')).getByRole('cell')).toHaveText(['255', '100.0', '0.0', '0.0'])
  await expect((await chartRow(page, 'Retrieval scope', 'people · paginated')).getByRole('cell')).toHaveText(['2', '50.0', '50.0'])
  await expect((await chartRow(page, 'Retrieval modes', 'people · full pages')).getByRole('cell')).toHaveText(['1', '0.0', '0.0', '100.0'])
  // Accuracy by setting: the mean of the three paginated rows, and the one full-pages row.
  await expect((await chartRow(page, 'Accuracy by setting', 'paginated')).getByRole('cell').last()).toHaveText('33.7')
  await expect((await chartRow(page, 'Accuracy by setting', 'full pages')).getByRole('cell')).toHaveText(['10.0', '0.0', '0.0', '0.0', '0.0', '2.0'])

  // Every chart is an SVG with an accessible name, and has PNG and CSV downloads.
  for (const title of ['Accuracy by capability', 'Accuracy by setting', 'Error types', 'Retrievals on solved vs failed tasks', 'Retrieval modes', 'Retrieval scope']) {
    const fig = figure(page, title)
    await expect(fig.getByRole('application', { name: title })).toBeVisible()
    const png = page.waitForEvent('download')
    await fig.getByRole('button', { name: `Download “${title}” as PNG` }).click()
    const file = await png
    expect(file.suggestedFilename()).toMatch(/^analysis-.*\.png$/)
    if (SHOTS) await file.saveAs(join(SHOTS, 'exported', file.suggestedFilename()))
  }
  const csv = page.waitForEvent('download')
  await figure(page, 'Error types').getByRole('button', { name: 'Download the data of “Error types” as CSV' }).click()
  const text = readFileSync(await (await csv).path(), 'utf8')
  expect(text).toContain('keyword · paginated,100,34,20,36,10,0,0')

  // A row can be left out.
  await page.getByRole('checkbox', { name: 'keyword · paginated' }).uncheck()
  await expect(tableRow(page, 'keyword · paginated')).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'keyword · paginated' }).check()

  // No axe violations in the view, with the data tables open.
  const axe = await axeResults(page, '.analysis-view')
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  if (SHOTS) await screenshots(page, SHOTS)

  // Drill-down: who solved 推理1; a stored attempt opens in the replay.
  await page.getByRole('button', { name: 'Who solved 推理1', exact: true }).click()
  const detail = page.getByRole('region', { name: 'Who solved 推理1', exact: true })
  await expect(detail.getByText('run 0: solved')).toBeVisible()
  await detail.getByRole('button', { name: /^Open the replay of Bob \(people · paginated\): failed: Wrong value/ }).click()
  await expect(page).toHaveURL(/#\/replay\/[0-9a-f-]{36}(\/\d+)?$/)
})

/** Each chart, in English and in Chinese, and the top of the view. */
async function screenshots(page: Page, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    // Charts alone: data tables closed, no tooltip.
    await page.evaluate(() => document.querySelectorAll('figure details').forEach((d) => d.removeAttribute('open')))
    await page.mouse.move(0, 0)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: join(folder, `analysis-table-${lang}.png`) })
    for (const name of CHARTS) await page.locator(`figure[data-chart="${name}"]`).screenshot({ path: join(folder, `analysis-${name}-${lang}.png`) })
  }
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
}
