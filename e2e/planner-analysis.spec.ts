// The Analysis view's planner figures (#28): a small planner data set and an agent's response file give, per row, the
// dimensions, the weighted overall (or its partial value) and the buckets exactly as `npm run score` writes them into
// result.json for the same files, and the route, handoff, memory recall and skill loads worked out by hand; axe-clean
// in English and Chinese, at desktop width and at 390 px.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { chooseLanguage, expect, resizeTo, seriousViolations, test } from './helpers'

test.describe.configure({ timeout: 240_000 })

/** Set PLANNER_ANALYSIS_SHOTS to a folder to save screenshots of the planner section there (en, zh; desktop, 390 px). */
const SHOTS = process.env.PLANNER_ANALYSIS_SHOTS

const ROOT = join(import.meta.dirname, '..')
const FIXTURE = join(import.meta.dirname, 'fixtures-planner-analysis')
const RESPONSES = 'responses.jsonl'
/** The data set's files (the response file sits beside them but is not one). */
const datasetFiles = (): Record<string, string> =>
  Object.fromEntries(readdirSync(FIXTURE).filter((name) => name !== RESPONSES).map((name) => [name, readFileSync(join(FIXTURE, name), 'utf8')]))

/** The same data set without its skill task: a dimension with no tasks, so the overall is partial. */
function withoutSkills(files: Record<string, string>): Record<string, string> {
  const lines = (files['input_data.jsonl'] ?? '').split('\n').filter((line) => line !== '' && !line.includes('"dimension": "skill"'))
  return { ...files, 'input_data.jsonl': lines.join('\n') + '\n' }
}

interface Figure {
  tasks: number
  mean: number
  std: number
}
interface Result {
  dimensions: Record<string, Figure>
  overall_mobilepa: number | null
  overall_mobilepa_partial?: number
  buckets: Record<string, Figure>
}

let dir = ''

/** What `npm run score` (its command, through tsx) writes into result.json for this data set folder and the response file. */
function scoreWithCli(folder: string): Result {
  const out = join(dir, `${folder.split('/').pop()}-result.json`)
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'cli/score.ts'), '--input_data', join(folder, 'input_data.jsonl'), '--input_response_data', join(FIXTURE, RESPONSES), '--output_file', out],
    { cwd: ROOT, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(0)
  return JSON.parse(readFileSync(out, 'utf8')) as Result
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'planner-analysis-e2e-'))
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const fixed = (x: number) => x.toFixed(1)
const meanStd = (f: Figure | undefined) => (f ? `${fixed(f.mean)} ± ${fixed(f.std)}` : '—')
const ROW = 'planner-bot · paginated · live'

/** The cells (after the row's name) of a table's one row: the agent's (the header row comes first). */
const cellsOf = (table: Locator) => table.getByRole('row').nth(1).getByRole('cell')

/** Imports the data set and opens Analysis with the response file added. */
async function analyse(page: Page, files: Record<string, string>, name: string): Promise<Locator> {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  await page.evaluate(([f, n]) => window.spieval?.importDataset(f, n), [files, name] as const)
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  await expect(page.getByRole('heading', { name: 'Analysis', level: 2 })).toBeVisible({ timeout: 40_000 })
  await page.getByLabel('Add response.jsonl…').setInputFiles([{ name: RESPONSES, mimeType: 'application/jsonl', buffer: readFileSync(join(FIXTURE, RESPONSES)) }])
  const section = page.getByTestId('planner-section')
  await expect(section).toBeVisible()
  return section
}

test('the planner figures equal what npm run score writes, and the attempt figures what the verdicts say', async ({ page }) => {
  const result = scoreWithCli(FIXTURE)
  const section = await analyse(page, datasetFiles(), 'planner analysis')

  // Dimensions: task counts in the headings, mean ± std over the three runs, and the weighted overall.
  const dimensions = section.getByTestId('planner-dimensions')
  await expect(dimensions).toHaveAccessibleName('Accuracy by dimension')
  await expect(dimensions).toHaveAccessibleDescription(/^Mean ± population std over runs \(models\) or people, in %\. Overall = 0\.5 × basic/)
  await expect(dimensions.getByRole('columnheader')).toHaveText([
    'Row',
    'Runs or people',
    `Basic tool use ${result.dimensions.basic?.tasks} tasks`,
    `Sub-agents ${result.dimensions.subagent?.tasks} tasks`,
    `Memory ${result.dimensions.memory?.tasks} task`,
    `Skills ${result.dimensions.skill?.tasks} task`,
    'Overall (MobilePA)',
  ])
  expect(result.overall_mobilepa).not.toBeNull()
  await expect(dimensions.getByRole('rowheader')).toHaveText([ROW])
  await expect(cellsOf(dimensions)).toHaveText([
    '3',
    ...['basic', 'subagent', 'memory', 'skill'].map((d) => meanStd(result.dimensions[d])),
    fixed(result.overall_mobilepa ?? NaN),
  ])
  // The numbers themselves, so that a wrong result.json cannot pass: 50.0 ± 40.8, 33.3 ± 47.1, 66.7 ± 47.1, 33.3 ± 47.1, 48.3.
  await expect(cellsOf(dimensions)).toHaveText(['3', '50.0 ± 40.8', '33.3 ± 47.1', '66.7 ± 47.1', '33.3 ± 47.1', '48.3'])

  const buckets = section.getByTestId('planner-buckets')
  await expect(buckets).toHaveAccessibleName('Accuracy by verification')
  await expect(buckets).toHaveAccessibleDescription(/^What decides each task/)
  await expect(buckets.getByRole('columnheader')).toHaveText([
    'Row',
    'Runs or people',
    `Tool calls ${result.buckets.tool_call?.tasks} tasks`,
    `State change ${result.buckets.state_change?.tasks} task`,
    `Agent behaviour ${result.buckets.agent_behavior?.tasks} task`,
  ])
  await expect(cellsOf(buckets)).toHaveText(['3', ...['tool_call', 'state_change', 'agent_behavior'].map((b) => meanStd(result.buckets[b]))])

  // S1 (S2 is judged by its rubric): run 0 hands it to finance with order 42, run 1 calls instead, run 2 hands it over without the order.
  const delegation = section.getByTestId('planner-delegation')
  await expect(delegation).toHaveAccessibleName('Sub-agents: route and handoff')
  await expect(delegation).toHaveAccessibleDescription(/^Over the attempts at sub-agent tasks whose gold hands work to a sub-agent \(1 task; /)
  await expect(cellsOf(delegation)).toHaveText(['3', '3', '2 of 3 (66.7 %)', '1 of 3 (33.3 %)'])
  // M1 requires mem_001 and mem_002 (pinned): runs 0 and 2 read mem_001, run 1 reads nothing.
  const memory = section.getByTestId('planner-memory')
  await expect(memory).toHaveAccessibleName('Memory recall')
  await expect(cellsOf(memory)).toHaveText(['3', '3', '5 of 6 (83.3 %)'])
  // K1: run 0 loads expense-filing, run 1 travel-booking (forbidden) and expense-filing, run 2 nothing.
  const skills = section.getByTestId('planner-skills')
  await expect(skills).toHaveAccessibleName('Skill loads')
  await expect(cellsOf(skills)).toHaveText(['3', '3', '1.00', '2 of 3 (66.7 %)', '1 of 3 (33.3 %)'])

  // Axe-clean, the chart's data table open, in English and in Chinese, wide and at 390 px.
  await section.locator('figure summary').click()
  expect(await seriousViolations(page, '[data-testid="planner-section"]')).toEqual([])
  if (SHOTS) await shot(page, section, 'en-desktop')
  await resizeTo(page, { width: 390, height: 844 })
  expect(await seriousViolations(page, '[data-testid="planner-section"]')).toEqual([])
  if (SHOTS) await shot(page, section, 'en-390')
  // The language is chosen in the top bar, which the small screen folds into its menu.
  await resizeTo(page, { width: 1280, height: 900 })
  await chooseLanguage(page, 'zh')
  await expect(section.getByRole('heading', { name: '规划器任务（MobilePA-Bench）' })).toBeVisible()
  await expect(section.getByTestId('planner-dimensions').getByRole('columnheader', { name: '总分（MobilePA）' })).toBeVisible()
  await expect(cellsOf(delegation)).toHaveText(['3', '3', '3 次中 2 次（66.7 %）', '3 次中 1 次（33.3 %）'])
  expect(await seriousViolations(page, '[data-testid="planner-section"]')).toEqual([])
  if (SHOTS) await shot(page, section, 'zh-desktop')
  await resizeTo(page, { width: 390, height: 844 })
  expect(await seriousViolations(page, '[data-testid="planner-section"]')).toEqual([])
  if (SHOTS) await shot(page, section, 'zh-390')
})

test('a data set with a dimension without tasks shows the partial overall npm run score writes', async ({ page }) => {
  const folder = join(dir, 'no-skills')
  mkdirSync(folder)
  const files = withoutSkills(datasetFiles())
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text)
  const result = scoreWithCli(folder)
  expect(result.overall_mobilepa).toBeNull()
  const section = await analyse(page, files, 'planner analysis, no skills')
  const dimensions = section.getByTestId('planner-dimensions')
  await expect(dimensions.getByRole('columnheader', { name: 'Skills 0 tasks' })).toBeVisible()
  await expect(cellsOf(dimensions)).toHaveText([
    '3',
    ...['basic', 'subagent', 'memory'].map((d) => meanStd(result.dimensions[d])),
    '—',
    `${fixed(result.overall_mobilepa_partial ?? NaN)} (partial)`,
  ])
  await expect(section.getByText(/^A dimension has no tasks: “partial” is/)).toBeVisible()
  // No skill task, no skill figure.
  await expect(section.getByTestId('planner-skills')).toHaveCount(0)
})

test('a SPIEval data set shows no planner figures', async ({ page }) => {
  await page.goto('./')
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  await expect(page.getByRole('heading', { name: 'Analysis', level: 2 })).toBeVisible({ timeout: 40_000 })
  // The sample (no dimension key) with the same file: a row, all its tasks unanswered, and nothing of planners.
  await page.getByLabel('Add response.jsonl…').setInputFiles([{ name: RESPONSES, mimeType: 'application/jsonl', buffer: readFileSync(join(FIXTURE, RESPONSES)) }])
  await expect(page.getByTestId('table2').getByRole('rowheader', { name: ROW, exact: true })).toBeVisible()
  await expect(page.getByTestId('planner-section')).toHaveCount(0)
})

/** A screenshot of the planner section, its data table closed. */
async function shot(page: Page, section: Locator, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.evaluate(() => document.querySelectorAll('[data-testid="planner-section"] figure details').forEach((d) => d.removeAttribute('open')))
  await page.mouse.move(0, 0)
  await section.screenshot({ path: join(SHOTS, `planner-analysis-${name}.png`) })
  await section.locator('figure summary').click()
}
