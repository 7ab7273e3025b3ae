// The Grade view's Agreement and LLM judge tabs (#29): two people's grades.jsonl, disagreeing on one item of an
// attempt at a planner-sample behaviour task, imported; the grades stay hidden from a person who has not graded the
// attempt, and show to a lead grader with raw agreement, κ and α and the grid, disagreement first; the lead
// adjudicates it and the item is decided, the attempt's verdict judged again. Then the judge against the local stub:
// a readable judge, a garbage one whose grade is shown as invalid, and the counting modes closed while on probation.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startStubServer } from '../test/support/stub-server'
import type { StubServer } from '../test/support/stub-server'
import { baseExpect, chooseLanguage, resizeTo, seriousViolations, storedAttempts, test, loadPlannerSample } from './helpers'

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 180_000 })

const SHOTS = process.env.GRADING_SHOTS ?? '/tmp/grading-shots'
const TASK = 'basic-6'

let stub: StubServer
test.beforeAll(async () => {
  stub = await startStubServer()
})
test.afterAll(async () => stub.close())

/** An attempt at basic-6 through window.spieval whose rubric waits for people (r4 and r5); its id. */
async function attemptAwaitingGrades(page: Page): Promise<string> {
  return page.evaluate(async (task) => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open(task, { setting: 'paginated', actor: 'Maker' })
    await api.call('Phone_Call', { telephone: '13655208731' })
    await api.call('Ask_User', { question: 'Did you mean Tom Becker, the plumber, or Tom Ruiz from finance?' })
    await api.reply('Calling Tom Becker, the plumber, now.')
    const id = (await api.current())?.attemptId
    if (!id) throw new Error('no attempt open')
    await api.submit()
    return id
  }, TASK)
}

/** The stored verdict's error type of an attempt, read from the page's IndexedDB. */
async function storedErrorType(page: Page, attemptId: string): Promise<string | null | undefined> {
  return (await storedAttempts(page)).find((row) => row.id === attemptId)?.verdict?.errorType
}

/** ann and bob: they disagree on r4 and agree on r5. */
function gradesFile(attempt: string): string {
  const grade = (id: string, r4: boolean, at: string) => ({
    task_id: TASK,
    attempt,
    grader: { id, kind: 'human' },
    items: [
      { id: 'r4', met: r4, evidence: [2], note: '' },
      { id: 'r5', met: true, evidence: [3], note: '' },
    ],
    at,
  })
  return [grade('ann', true, '2026-03-01T10:00:00Z'), grade('bob', false, '2026-03-01T11:00:00Z')].map((g) => JSON.stringify(g)).join('\n') + '\n'
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

async function bothWidths(page: Page, name: string): Promise<void> {
  await resizeTo(page, { width: 1280, height: 900 })
  await shot(page, `${name}-1280`)
  expect(await seriousViolations(page, 'main')).toEqual([])
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, `${name}-390`)
  expect(await seriousViolations(page, 'main')).toEqual([])
  await resizeTo(page, { width: 1280, height: 900 })
}

test('agreement, adjudication and the LLM judge in the Grade view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await loadPlannerSample(page)
  const attempt = await attemptAwaitingGrades(page)
  expect(await storedErrorType(page, attempt)).toBe('rubric_pending')

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Grade' }).click()
  const main = page.getByRole('main')
  const input = main.getByLabel('Import grades.jsonl')
  await input.setInputFiles({ name: 'grades.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(gradesFile(attempt)) })
  await expect(main).toContainText('grades.jsonl: added 2, skipped 0 (already here).')

  // The page's person ("e2e") has not graded the attempt: its grades stay hidden.
  await main.getByRole('tab', { name: 'Agreement' }).click()
  // Found by its heading's id, so that the same locator serves in Chinese.
  const panel = main.locator('section[aria-labelledby="agreement-heading"]')
  await expect(panel).toHaveAccessibleName('Agreement between graders')
  await expect(panel).toContainText('Grades of 1 attempt are hidden until you grade it.')
  await expect(panel.getByTestId('agreement-rubric')).toHaveCount(0)
  await expect(panel).not.toContainText('ann')

  // A lead grader sees them: the figures, each with what it rests on, and the grid with the disagreement first.
  await panel.getByRole('checkbox', { name: /I am a lead grader/ }).check()
  const rubric = panel.getByTestId('agreement-rubric')
  await expect(rubric.getByRole('heading', { name: `Rubric of ${TASK}` })).toBeVisible()
  await expect(rubric.getByTestId('agreement-raw')).toHaveText('0.50 (2 items, 1 attempt)')
  await expect(rubric.getByTestId('agreement-alpha')).toHaveText('0.00 (2 items, 1 attempt)')
  await expect(rubric.getByTestId('agreement-kappa')).toHaveText('ann and bob: 0.00 (2 items, 1 attempt)')
  const rows = rubric.getByTestId('agreement-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0).getByRole('rowheader')).toHaveText('r4Disagreement')
  await expect(rows.nth(0)).toContainText('MetNot met')
  await expect(rows.nth(0).getByTestId('agreement-decision')).toHaveText('Undecided')
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('r5')
  await expect(rows.nth(1).getByTestId('agreement-decision')).toHaveText('Met, by the graders’ majority')
  await expect(rows.nth(1).getByRole('button')).toHaveCount(0)
  await bothWidths(page, 'agreement-en')

  // The lead adjudicates r4: stored as an adjudicator's grade, the item decided, the verdict judged again.
  await rows.nth(0).getByRole('button', { name: /^Adjudicate r4 of attempt/ }).click()
  const form = rubric.getByRole('form', { name: /^Adjudication of r4/ })
  await form.getByRole('radio', { name: 'Not met' }).check()
  await form.getByRole('textbox', { name: 'Note (why)' }).fill('The reply names only the plumber.')
  await shot(page, 'agreement-adjudicate-en-1280')
  await form.getByRole('button', { name: 'Save the adjudication' }).click()
  await expect(panel).toContainText(`Adjudicated r4 of attempt ${attempt}: Not met.`)
  await expect(rows.nth(0).getByTestId('agreement-decision')).toHaveText('Not met, by the adjudicator')
  await expect.poll(() => storedErrorType(page, attempt)).not.toBe('rubric_pending')

  await chooseLanguage(page, 'zh')
  await expect(panel).toHaveAccessibleName('评分者之间的一致性')
  await expect(panel).toContainText(`已裁决尝试 ${attempt} 的 r4：不满足。`)
  await expect(rows.nth(0).getByTestId('agreement-decision')).toHaveText('不满足，由裁决人决定')
  await bothWidths(page, 'agreement-zh')
  await chooseLanguage(page, 'en')

  // The judge: on probation, so grader and fallback cannot be chosen, and it says why.
  await main.getByRole('tab', { name: 'LLM judge' }).click()
  const judge = main.locator('section[aria-labelledby="judge-heading"]')
  await expect(judge).toHaveAccessibleName('LLM judge')
  await judge.getByRole('textbox', { name: 'Endpoint (base URL)' }).fill(stub.url)
  await judge.getByRole('textbox', { name: 'Model' }).fill('judge-good')
  await expect(judge.getByRole('radio', { name: /^Grader/ })).toBeDisabled()
  await expect(judge.getByRole('radio', { name: /^Fallback/ })).toBeDisabled()
  await expect(judge.getByRole('radio', { name: /^Advisory/ })).toBeChecked()
  await expect(judge.getByTestId('judge-probation')).toContainText('compared with people on 30 attempts (0 so far)')

  await judge.getByRole('button', { name: 'Run the judge on 1 attempt' }).click()
  await expect(judge.getByTestId('judge-result')).toHaveText('Judged 1 attempt: 1 readable, 0 invalid.')
  await expect(judge.getByTestId('judge-standing')).toHaveText('1 of 30 attempts (1 item)')
  await expect(judge.getByTestId('judge-f1')).toHaveText('0.00')
  await expect(judge.getByTestId('people-f1')).toHaveText('0.33')
  await expect(judge.getByTestId('judge-grade')).toHaveCount(1)
  await expect(judge.getByTestId('judge-grade')).toContainText('r4: Met')
  await expect(judge.getByTestId('judge-grade')).toContainText('advisory: not counted')
  await expect(judge.getByText('Every finished attempt has a readable grade from this model.')).toBeVisible()
  expect(stub.requests.filter((r) => r.model === 'judge-good')).toHaveLength(1)

  // A judge whose answers cannot be read: asked again, then kept as invalid, never "not met".
  await judge.getByRole('textbox', { name: 'Model' }).fill('judge-garbage')
  await judge.getByRole('button', { name: 'Run the judge on 1 attempt' }).click()
  await expect(judge.getByTestId('judge-result')).toHaveText('Judged 1 attempt: 0 readable, 1 invalid.')
  await expect(judge.getByTestId('judge-grade')).toContainText('Invalid: no readable answer')
  await expect(judge.getByTestId('judge-grade')).toContainText('never counted')
  await expect(judge.getByTestId('judge-invalid')).toHaveText('1')
  await bothWidths(page, 'judge-en')
  await chooseLanguage(page, 'zh')
  await expect(judge).toHaveAccessibleName('LLM 评审模型')
  await expect(judge.getByTestId('judge-grade')).toContainText('无效：没有可读的回答')
  await bothWidths(page, 'judge-zh')

  // The Analysis view reads the same grades: the people's agreement and the judges' standing.
  await chooseLanguage(page, 'en')
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  const grading = page.getByTestId('grades-section')
  await expect(grading).toContainText('Behaviour grading', { timeout: 40_000 })
  await expect(grading).toContainText('0.50 (items: 2, attempts: 1)')
  const good = grading.getByTestId('grades-judges').getByRole('row', { name: /llm:judge-good/ })
  await expect(good).toContainText('1 of 30')
  await expect(good).toContainText('no (on probation)')
  await grading.screenshot({ path: join(SHOTS, 'analysis-grades-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(grading).toContainText('行为评分')
  await grading.screenshot({ path: join(SHOTS, 'analysis-grades-zh.png') })
})
