// The panel, end to end (#29, "done when"): an agent's attempts at the planner sample's five behaviour tasks, left
// open for people by their rubrics, are imported into two browser profiles. Ysolde grades them all and sends her
// grades.jsonl; Tavish imports it and grades blind (her grades, notes and the attempts' maker stay hidden until he
// submits), then sends his. Ysolde sees their agreement, adjudicates the one item they disagree on, and sends the
// adjudication. Both pages then hold the verdicts `npm run score --grades` gives for the same files.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { annotatorState } from '../playwright.config'
import { BEHAVIOUR_TASKS, PLANNER_SAMPLE, behaviourResponses } from './behaviourAttempts'
import { baseExpect, chooseLanguage, loadPlannerSample, resizeTo, seriousViolations, storedAttempts, test } from './helpers'

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 240_000 })

const ROOT = join(import.meta.dirname, '..')
/** Screenshots of the Analysis view's rubric pass rates (GRADING_SHOTS names another folder). */
const SHOTS = process.env.GRADING_SHOTS ?? '/tmp/grading-shots'
const MODEL = 'agent-quillon'
const YSOLDE = 'Ysolde Grader'
const TAVISH = 'Tavish Grader'
/** A note only Ysolde writes: it must not show to Tavish before he has graded. */
const YSOLDE_NOTE = 'ysolde-note'

type Vote = 'Met' | 'Not met' | 'Can’t tell'
/** Each grader's votes on each task's people-graded items. They disagree on subagent-6's r4 only. */
const VOTES: Record<string, Record<string, Record<string, Vote>>> = {
  [YSOLDE]: {
    'basic-6': { r4: 'Met', r5: 'Met' },
    'subagent-5': { r5: 'Met' },
    'subagent-6': { r4: 'Met' },
    'memory-6': { r4: 'Met', r5: 'Not met' },
    'skill-6': { r4: 'Met', r5: 'Can’t tell' },
  },
  [TAVISH]: {
    'basic-6': { r4: 'Met', r5: 'Met' },
    'subagent-5': { r5: 'Met' },
    'subagent-6': { r4: 'Not met' },
    'memory-6': { r4: 'Met', r5: 'Not met' },
    'skill-6': { r4: 'Met', r5: 'Can’t tell' },
  },
}

/**
 * What the grades make of each attempt: both met every item (correct); the disagreement adjudicated met (correct);
 * both agree r5 is not met (0.7 < 0.8: failed); nobody could tell r5, so it waits still.
 */
const EXPECTED: Record<string, string | null> = {
  'basic-6': null,
  'subagent-5': null,
  'subagent-6': null,
  'memory-6': 'rubric_failed',
  'skill-6': 'rubric_pending',
}

const dir = mkdtempSync(join(tmpdir(), 'grading-panel-'))
const RESPONSES = join(dir, 'response.jsonl')
test.beforeAll(async () => {
  writeFileSync(RESPONSES, await behaviourResponses(MODEL))
})

async function openGradeView(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Grade' }).click()
  await expect(page.getByRole('heading', { name: 'Grade', level: 2 })).toBeVisible({ timeout: 40_000 })
}

/** A person's page: the planner sample, the agent's response file imported in Replay, the Grade view open. */
async function graderPage(browserContext: BrowserContext): Promise<Page> {
  const page = await browserContext.newPage()
  await page.setViewportSize({ width: 1280, height: 900 })
  await loadPlannerSample(page)
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Replay' }).click()
  await page.getByLabel('Import response.jsonl or zip').setInputFiles(RESPONSES)
  await expect(page.getByText('response.jsonl: added 5, skipped 0 (already here).')).toBeVisible({ timeout: 40_000 })
  await openGradeView(page)
  return page
}

const queueOf = (page: Page) => page.getByRole('main').getByRole('region', { name: /^Waiting for grades/ })

/**
 * Grades every attempt in the queue with the person's votes, blind: before each submission the page shows no other
 * grader's name or note and not the attempt's maker; after it, `others` (who graded before) show.
 */
async function gradeAll(page: Page, me: string, others: readonly string[]): Promise<void> {
  const main = page.getByRole('main')
  const queue = queueOf(page)
  await expect(queue.getByRole('button', { name: /^Grade / })).toHaveCount(BEHAVIOUR_TASKS.length)
  for (let done = 0; done < BEHAVIOUR_TASKS.length; done++) {
    // Back from a grade, the queue shows the attempt graded: it goes last, marked.
    await expect(queue.getByRole('button', { name: /^Grade / }).filter({ hasText: 'graded by you' })).toHaveCount(done)
    const next = queue.getByRole('button', { name: /^Grade / }).first()
    await expect(next).not.toContainText('graded by you')
    const task = /^Grade (\S+), attempt/.exec((await next.getAttribute('aria-label')) ?? '')?.[1] ?? ''
    const votes = VOTES[me]?.[task]
    expect(votes, `a vote for ${task}`).toBeDefined()
    await next.click()
    const rubric = main.getByRole('form', { name: 'Rubric' })
    await expect(rubric).toBeVisible()
    await expect(main.getByRole('heading', { name: new RegExp(`^${task} · attempt 1$`) })).toBeVisible()
    for (const hidden of [MODEL, YSOLDE_NOTE, ...others]) await expect(page.locator('body')).not.toContainText(hidden)
    for (const [item, vote] of Object.entries(votes ?? {})) {
      await rubric.getByRole('group', { name: `Grade of ${item}` }).getByRole('radio', { name: vote, exact: true }).check()
      if (me === YSOLDE) await rubric.getByRole('textbox', { name: `Note on ${item}` }).fill(`${YSOLDE_NOTE} ${task} ${item}`)
    }
    await rubric.getByRole('button', { name: 'Submit grade' }).click()
    const revealed = main.getByRole('region', { name: 'Grades of this attempt' })
    await expect(revealed).toContainText(`Made by ${MODEL}`)
    await expect(revealed.getByRole('row', { name: new RegExp(`${me} \\(you\\)`) })).toBeVisible()
    for (const other of others) await expect(revealed.getByRole('row', { name: new RegExp(other) })).toBeVisible()
    await main.getByRole('button', { name: 'Back to the queue' }).click()
  }
  await expect(queue.getByRole('button', { name: /^Grade / }).filter({ hasText: 'graded by you' })).toHaveCount(BEHAVIOUR_TASKS.length)
}

/** Downloads the page's grades.jsonl into the test's folder as `name`; its path. */
async function exportGrades(page: Page, name: string): Promise<string> {
  const download = page.waitForEvent('download')
  await page.getByRole('main').getByRole('button', { name: 'Export grades.jsonl' }).click()
  const path = join(dir, name)
  await (await download).saveAs(path)
  return path
}

async function importGrades(page: Page, path: string, added: number, skipped: number): Promise<void> {
  await page.getByRole('main').getByLabel('Import grades.jsonl').setInputFiles(path)
  const name = path.split('/').pop() ?? ''
  await expect(page.getByRole('main')).toContainText(`${name}: added ${added}, skipped ${skipped} (already here).`)
}

/** The stored verdict of the page's attempt at each behaviour task: task id → error type (null: correct). */
async function storedVerdicts(page: Page): Promise<Record<string, string | null>> {
  const verdicts: Record<string, string | null> = {}
  for (const row of await storedAttempts(page))
    if (BEHAVIOUR_TASKS.includes(row.taskId) && row.verdict) verdicts[row.taskId] = row.verdict.correct ? null : row.verdict.errorType
  return verdicts
}

/** `npm run score` over the agent's responses with the grades files: task id → error type (null: correct). */
function scoredByCli(gradeFiles: readonly string[]): Record<string, string | null> {
  const out = join(dir, 'result.json')
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'cli/score.ts'), '--input_data', join(PLANNER_SAMPLE, 'input_data.jsonl'), '--input_response_data', RESPONSES, '--output_file', out, ...gradeFiles.flatMap((f) => ['--grades', f])],
    { cwd: ROOT, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(0)
  const details = readFileSync(join(dir, 'details.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { id: string; correct: boolean; error_type: string | null })
  return Object.fromEntries(details.filter((d) => BEHAVIOUR_TASKS.includes(d.id)).map((d) => [d.id, d.correct ? null : d.error_type]))
}

test('two people grade the behaviour tasks blind, exchange grades.jsonl, adjudicate a disagreement, and the page’s verdicts are npm run score’s', async ({ browser, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin
  const newContext = (actor: string) => browser.newContext({ storageState: annotatorState(origin, actor) })
  const [ysoldeContext, tavishContext] = await Promise.all([newContext(YSOLDE), newContext(TAVISH)])
  const [ysolde, tavish] = await Promise.all([graderPage(ysoldeContext), graderPage(tavishContext)])
  expect(await storedVerdicts(ysolde)).toEqual(Object.fromEntries(BEHAVIOUR_TASKS.map((id) => [id, 'rubric_pending'])))

  // Ysolde grades first and sends her grades. One person's grades decide nothing: each rubric asks two.
  await gradeAll(ysolde, YSOLDE, [])
  const ysoldeFile = await exportGrades(ysolde, 'ysolde.jsonl')
  expect(Object.values(await storedVerdicts(ysolde))).toEqual(BEHAVIOUR_TASKS.map(() => 'rubric_pending'))

  // Tavish has her grades before he grades, and sees none of them (nor her notes) until he submits each.
  await importGrades(tavish, ysoldeFile, 5, 0)
  await gradeAll(tavish, TAVISH, [YSOLDE])
  const tavishFile = await exportGrades(tavish, 'tavish.jsonl')
  expect(await storedVerdicts(tavish)).toEqual({ ...EXPECTED, 'subagent-6': 'rubric_pending' })

  // Ysolde merges his file (her own five skipped) and sees where they agree: everywhere but subagent-6's r4.
  await importGrades(ysolde, tavishFile, 5, 5)
  const main = ysolde.getByRole('main')
  await main.getByRole('tab', { name: 'Agreement' }).click()
  const panel = main.locator('section[aria-labelledby="agreement-heading"]')
  await panel.getByRole('checkbox', { name: /I am a lead grader/ }).check()
  const rubrics = panel.getByTestId('agreement-rubric')
  await expect(rubrics).toHaveCount(5)
  const disagreement = rubrics.filter({ has: ysolde.getByRole('heading', { name: 'Rubric of subagent-6' }) })
  await expect(disagreement.getByTestId('agreement-raw')).toHaveText('0.00 (1 item, 1 attempt)')
  await expect(disagreement.getByTestId('agreement-kappa')).toHaveText(`${TAVISH} and ${YSOLDE}: 0.00 (1 item, 1 attempt)`)
  const agreed = rubrics.filter({ has: ysolde.getByRole('heading', { name: 'Rubric of basic-6' }) })
  await expect(agreed.getByTestId('agreement-raw')).toHaveText('1.00 (2 items, 1 attempt)')
  const row = disagreement.getByTestId('agreement-row').first()
  await expect(row.getByRole('rowheader')).toHaveText('r4Disagreement')
  await expect(row.getByTestId('agreement-decision')).toHaveText('Undecided')

  // She adjudicates it: met, the text gives the network and March's password.
  await row.getByRole('button', { name: /^Adjudicate r4 of attempt/ }).click()
  const form = disagreement.getByRole('form', { name: /^Adjudication of r4/ })
  await form.getByRole('radio', { name: 'Met', exact: true }).check()
  await form.getByRole('textbox', { name: 'Note (why)' }).fill('MRF-Guest and Cashew!2026 are both in the text.')
  await form.getByRole('button', { name: 'Save the adjudication' }).click()
  await expect(row.getByTestId('agreement-decision')).toHaveText('Met, by the adjudicator')
  expect(await seriousViolations(ysolde, 'main')).toEqual([])
  await expect.poll(() => storedVerdicts(ysolde)).toEqual(EXPECTED)

  // The adjudication goes to Tavish in her next export: one grade new to him.
  await main.getByRole('tab', { name: 'Grade' }).click()
  const finalFile = await exportGrades(ysolde, 'ysolde-final.jsonl')
  await importGrades(tavish, finalFile, 1, 10)
  await expect.poll(() => storedVerdicts(tavish)).toEqual(EXPECTED)

  // The same verdicts from the command line, on the files the two exchanged.
  expect(scoredByCli([ysoldeFile, tavishFile, finalFile])).toEqual(EXPECTED)
  expect(scoredByCli([finalFile])).toEqual(EXPECTED)
  // Without the adjudication, subagent-6 waits, as in Tavish's page before it came.
  expect(scoredByCli([ysoldeFile, tavishFile])).toEqual({ ...EXPECTED, 'subagent-6': 'rubric_pending' })

  // The Analysis view reads the same grades: the panel's agreement over the seven items both voted on.
  await ysolde.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  const grading = ysolde.getByTestId('grades-section')
  await expect(grading).toContainText('Behaviour grading', { timeout: 40_000 })
  // By hand: they agree on 6 of the 7 items both voted on (raw 6/7 = 0.86). α: 14 values, 11 met and 3 not met; the
  // one split item gives observed disagreement 2/14, chance 2·11·3/(14·13) = 66/182; 1 − (2/14)/(66/182) = 0.61.
  await expect(grading).toContainText('11 grades (0 stale, left out)')
  await expect(grading).toContainText('Raw agreement0.86 (items: 7, attempts: 5)')
  await expect(grading).toContainText('Krippendorff α0.61 (items: 7, attempts: 5)')

  mkdirSync(SHOTS, { recursive: true })
  // And the rubric pass rates, from the verdicts stored: three of five passed, skill-6 still waits, memory-6 failed.
  // The agent's imported attempts are on its model's row: an agent's lines are its runs, never people's.
  const byBucket = ysolde.getByTestId('rubric-rates-buckets')
  await expect(byBucket).toHaveAccessibleName('Rubric pass rate by verification')
  await expect(byBucket.getByRole('row', { name: /^people · / })).toHaveCount(0)
  await expect(byBucket.getByRole('row', { name: new RegExp(`^${MODEL} · paginated`) })).toContainText('60.0 % (3 of 5) · 1 awaiting grades')
  const byDimension = ysolde.getByTestId('rubric-rates-dimensions').getByRole('row', { name: new RegExp(`^${MODEL} · paginated`) }).getByRole('cell')
  await expect(byDimension).toHaveText(['1', '100.0 % (1 of 1)', '100.0 % (2 of 2)', '0.0 % (0 of 1)', '0.0 % (0 of 1) · 1 awaiting grades'])
  await ysolde.getByTestId('rubric-rates').screenshot({ path: join(SHOTS, 'rubric-rates-en-1280.png') })
  await chooseLanguage(ysolde, 'zh')
  await expect(ysolde.getByTestId('rubric-rates-buckets')).toHaveAccessibleName('按验证方式的评分细则通过率')
  await ysolde.getByTestId('rubric-rates').screenshot({ path: join(SHOTS, 'rubric-rates-zh-1280.png') })
  await resizeTo(ysolde, { width: 390, height: 844 })
  await ysolde.getByTestId('rubric-rates').screenshot({ path: join(SHOTS, 'rubric-rates-zh-390.png') })
  expect(await seriousViolations(ysolde, '[data-testid="rubric-rates"]')).toEqual([])
  await Promise.all([ysoldeContext.close(), tavishContext.close()])
})
