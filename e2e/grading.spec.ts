// Grading in the page (#29): an attempt at a behaviour task whose rubric waits for people, graded blind by another
// person in the Grade view (Met / Not met / Can't tell, evidence by tapping steps, a note), kept over a reload,
// exported as grades.jsonl and merged in a second browser (a repeated grade skipped); nobody grades their own.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { annotatorState } from '../playwright.config'
import { baseExpect, chooseLanguage, resizeTo, seriousViolations, test, loadPlannerSample } from './helpers'

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 180_000 })

/** Screenshots, in English and Chinese at 390 px and 1280 px (GRADING_SHOTS names another folder). */
const SHOTS = process.env.GRADING_SHOTS ?? '/tmp/grading-shots'

/** The attempt's maker: a name that shows nowhere else on the page, so that its absence means something. */
const MAKER = 'Quillon Maker'
const TASK = 'basic-6'

/**
 * An attempt at basic-6 by MAKER through window.spieval: calls Tom Becker, then asks which Tom, then says so. The
 * automatic items leave it open (r2, asking first, is not met), so it waits for people's grades of r4 and r5.
 */
async function attemptAwaitingGrades(page: Page): Promise<void> {
  const verdict = await page.evaluate(
    async ([task, actor]) => {
      const api = window.spieval
      if (!api) throw new Error('no window.spieval')
      await api.open(task, { setting: 'paginated', actor })
      await api.call('Phone_Call', { telephone: '13655208731' })
      await api.call('Ask_User', { question: 'Did you mean Tom Becker, the plumber, or Tom Ruiz from finance?' })
      await api.reply('Calling Tom Becker, the plumber, now.')
      return api.submit()
    },
    [TASK, MAKER] as const,
  )
  expect(verdict).toMatchObject({ correct: false, errorType: 'rubric_pending' })
}

async function openGradeView(page: Page, zh = false): Promise<void> {
  await page.getByRole('navigation', { name: zh ? '视图' : 'Views' }).getByRole('button', { name: zh ? '评分' : 'Grade' }).click()
  await expect(page.getByRole('heading', { name: zh ? '评分' : 'Grade', level: 2 })).toBeVisible({ timeout: 40_000 })
}

/** The page's annotator from now on (as the name dialog would set it), the page reloaded. */
async function beAnnotator(page: Page, actor: string): Promise<void> {
  await page.evaluate((name) => {
    localStorage.setItem('spieval-settings', JSON.stringify({ state: { language: 'en', access: 'browse', actor: name }, version: 0 }))
  }, actor)
  await page.reload()
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

test('a person grades another’s attempt blind; the grade survives a reload, exports, and merges once in another browser; nobody grades their own', async ({ page, browser, baseURL }) => {
  await loadPlannerSample(page)
  await attemptAwaitingGrades(page)

  // Person B (the page's annotator, "e2e") opens Grade: the attempt is in the queue, its maker nowhere.
  await openGradeView(page)
  const main = page.getByRole('main')
  const queue = main.getByRole('region', { name: /^Waiting for grades/ })
  await expect(queue.getByRole('button', { name: `Grade ${TASK}, attempt 1` })).toBeVisible()
  await expect(main).not.toContainText(MAKER)
  await resizeTo(page, { width: 1280, height: 900 })
  await shot(page, 'queue-en-1280')
  await queue.getByRole('button', { name: `Grade ${TASK}, attempt 1` }).click()

  // The replay on the phone with numbered steps, the rubric beside it: automatic items decided and locked.
  const rubric = main.getByRole('form', { name: 'Rubric' })
  await expect(rubric).toBeVisible()
  const steps = main.getByRole('navigation', { name: 'Steps of the attempt' })
  await expect(steps.getByRole('button')).toHaveCount(3)
  await expect(rubric.getByText('Checked automatically: met')).toHaveCount(2)
  await expect(rubric.getByText('Checked automatically: not met')).toHaveCount(1)
  await expect(rubric.getByRole('radio')).toHaveCount(6) // r4 and r5 only
  await expect(page.locator('body')).not.toContainText(MAKER)
  const submit = rubric.getByRole('button', { name: 'Submit grade' })
  await expect(submit).toBeDisabled()

  // r4: met, shown by step 2 (the question), with a note; r5: can't tell.
  await rubric.getByRole('group', { name: 'Grade of r4' }).getByRole('radio', { name: 'Met', exact: true }).check()
  const evidence = rubric.getByRole('button', { name: 'Step 2 (Ask_User) is evidence for r4' })
  await evidence.click()
  await expect(evidence).toHaveAttribute('aria-pressed', 'true')
  await expect(steps.getByRole('button', { name: 'Show step 2: Ask_User' })).toHaveAttribute('aria-current', 'step')
  await rubric.getByRole('textbox', { name: 'Note on r4' }).fill('Names the plumber and the colleague.')
  await rubric.getByRole('group', { name: 'Grade of r5' }).getByRole('radio', { name: 'Can’t tell' }).check()
  await expect(submit).toBeEnabled()
  expect(await seriousViolations(page, 'main')).toEqual([])
  await shot(page, 'grade-en-1280')
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, 'grade-en-390')
  expect(await seriousViolations(page, 'main')).toEqual([])
  await resizeTo(page, { width: 1280, height: 900 })
  await submit.click()

  // Submitted: the maker and every grade show, and the verdict still waits (the rubric asks two people).
  const revealed = main.getByRole('region', { name: 'Grades of this attempt' })
  await expect(revealed).toContainText(`Made by ${MAKER}`)
  await expect(revealed).toContainText('Verdict now: awaiting grades')
  await expect(revealed.getByRole('row', { name: /e2e \(you\)/ })).toContainText('Met · steps 2 · Names the plumber and the colleague.')
  await expect(revealed.getByRole('row', { name: /e2e \(you\)/ })).toContainText('Can’t tell')
  expect(await seriousViolations(page, 'main')).toEqual([])
  await shot(page, 'revealed-en-1280')

  // A reload keeps the grade: the attempt is back in the queue as graded by this person, its grades open.
  await page.reload()
  await openGradeView(page)
  const again = queue.getByRole('button', { name: `Grade ${TASK}, attempt 1` })
  await expect(again).toContainText('graded by you')
  await again.click()
  await expect(revealed.getByRole('row', { name: /e2e \(you\)/ })).toContainText('Names the plumber')

  // Chinese, both widths.
  await chooseLanguage(page, 'zh')
  await expect(main.getByRole('region', { name: '这次作答的评分' })).toBeVisible()
  await shot(page, 'revealed-zh-1280')
  await main.getByRole('button', { name: '重新评分' }).click()
  await expect(main.getByRole('form', { name: '评分细则' })).toBeVisible()
  await shot(page, 'grade-zh-1280')
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, 'grade-zh-390')
  expect(await seriousViolations(page, 'main')).toEqual([])
  await main.getByRole('button', { name: '返回队列' }).click()
  await shot(page, 'queue-zh-390')
  await resizeTo(page, { width: 1280, height: 900 })
  await chooseLanguage(page, 'en')

  // Export grades.jsonl: this person's one grade, with the rubric's hash.
  const download = page.waitForEvent('download')
  await main.getByRole('button', { name: 'Export grades.jsonl' }).click()
  const file = await (await download).path()
  const text = readFileSync(file, 'utf8')
  const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { task_id: string; grader: { id: string }; items: { id: string; met: boolean | null; evidence: number[] }[]; rubric_hash?: string })
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatchObject({ task_id: TASK, grader: { id: 'e2e', kind: 'human' }, items: [{ id: 'r4', met: true, evidence: [2] }, { id: 'r5', met: null, evidence: [] }] })
  expect(lines[0]?.rubric_hash).toMatch(/^[0-9a-f]{64}$/)

  // The maker cannot grade their own attempt: it is not in their queue, which says why.
  await beAnnotator(page, MAKER)
  await openGradeView(page)
  // The note comes with the queue read: only then does an empty list mean something.
  await expect(queue).toContainText('1 of your own attempts waits for grades: someone else grades it.')
  await expect(queue.getByRole('button', { name: new RegExp(`^Grade ${TASK}`) })).toHaveCount(0)
  await shot(page, 'own-en-1280')
  await beAnnotator(page, 'e2e')
  await openGradeView(page)

  // Two more people's grades merged here decide r4 and r5 (the rubric asks two): the attempt is scored again, correct.
  const mine = lines[0] as Record<string, unknown>
  const others = ['Person C', 'Person D']
    .map((id, i) => JSON.stringify({ ...mine, grader: { id, kind: 'human' }, at: `2026-03-0${i + 2}T10:00:00Z`, items: [{ id: 'r4', met: true, evidence: [2], note: '' }, { id: 'r5', met: true, evidence: [3], note: '' }] }))
    .join('\n')
  await main.getByLabel('Import grades.jsonl').setInputFiles({ name: 'others.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(others) })
  await expect(main).toContainText('others.jsonl: added 2, skipped 0 (already here).')
  await queue.getByRole('button', { name: `Grade ${TASK}, attempt 1` }).click()
  await expect(revealed).toContainText('Verdict now: correct')
  await expect(revealed.getByRole('row', { name: /Person D/ })).toContainText('Met · steps 3')
  await shot(page, 'decided-en-1280')
  await main.getByRole('button', { name: 'Back to the queue' }).click()

  // A second browser (another person) merges it: added once, skipped the second time.
  const other = await browser.newContext({ storageState: annotatorState(new URL(baseURL ?? '').origin, 'Person C') })
  const second = await other.newPage()
  await loadPlannerSample(second)
  await openGradeView(second)
  const input = second.getByLabel('Import grades.jsonl')
  await input.setInputFiles({ name: 'grades.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(text) })
  await expect(second.getByRole('main')).toContainText('grades.jsonl: added 1, skipped 0 (already here).')
  await input.setInputFiles({ name: 'grades.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(text) })
  await expect(second.getByRole('main')).toContainText('grades.jsonl: added 0, skipped 1 (already here).')
  await other.close()
})
