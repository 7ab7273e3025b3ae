// The collector's study dashboard (issue #17): three people's attempts at the sample data set, a study kept with it,
// and the People view's Study tab showing each person's progress, the capabilities and the agreement.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { fleissKappa } from '../src/core/stats/agreement'
import type { StudyFile } from '../src/core/study'
import { expect, resizeTo, test, seriousViolations } from './helpers'

/** STUDY_DASHBOARD_SHOTS=docs/screenshots writes study-dashboard-<width>-<lang>.png there. */
const SHOTS = process.env.STUDY_DASHBOARD_SHOTS

test.describe.configure({ timeout: 180_000 })

const FP = (n: number) => n.toString(16).repeat(64).slice(0, 64)

/**
 * 3 people × 6 tasks, each task by 2 of them:
 *
 *          ann  ben  cy
 *   推理1   ●    ●
 *   推理2        ●    ●
 *   辨析1   ●         ●
 *   辨析2   ●    ●
 *   偏好1        ●    ●
 *   偏好2   ●         ●
 */
const STUDY: StudyFile = {
  format: 'spieval-study',
  version: 1,
  id: '5a5a5a5a5a5a5a5a',
  seed: 3,
  perTask: 2,
  people: {
    ann: ['辨析2', '推理1', '偏好2', '辨析1'],
    ben: ['推理1', '偏好1', '推理2', '辨析2'],
    cy: ['偏好1', '推理2', '辨析1', '偏好2'],
  },
  tasks: {
    推理1: { type: '推理', fingerprint: FP(1), people: ['ann', 'ben'] },
    推理2: { type: '推理', fingerprint: FP(2), people: ['ben', 'cy'] },
    辨析1: { type: '辨析', fingerprint: FP(3), people: ['ann', 'cy'] },
    辨析2: { type: '辨析', fingerprint: FP(4), people: ['ann', 'ben'] },
    偏好1: { type: '偏好', fingerprint: FP(5), people: ['ben', 'cy'] },
    偏好2: { type: '偏好', fingerprint: FP(6), people: ['ann', 'cy'] },
  },
  created: '2026-03-14T09:00:00.000Z',
}

/** An older, smaller study of the same data set, for the picker. */
const PILOT: StudyFile = {
  ...STUDY,
  id: '0f0f0f0f0f0f0f0f',
  perTask: 2,
  people: { ann: ['推理1'], ben: ['推理1'] },
  tasks: { 推理1: { type: '推理', fingerprint: FP(1), people: ['ann', 'ben'] } },
  created: '2026-03-01T09:00:00.000Z',
}

type Call = [name: string, args: Record<string, unknown>]
type Solution = { actor: string; task: string; calls: Call[]; correct: boolean }

const TOM = '13822419087'
const CHRIS = '13765432109'
/*
 * Verdicts (✓ / ✗): ann 推理1 ✓ 辨析1 ✓ (and 推理2 ✓, not hers); ben 推理1 ✓ 推理2 ✓ 偏好1 ✗; cy 推理2 ✗ 辨析1 ✓ 偏好1 ✓.
 * Tasks submitted by both their people: 推理1 [✓✓], 推理2 [✓✗], 辨析1 [✓✓], 偏好1 [✗✓].
 */
const SOLUTIONS: Solution[] = [
  { actor: 'ann', task: '推理1', calls: [['search_contacts', { pattern: 'Tom' }], ['Phone_Call', { telephone: TOM }]], correct: true },
  { actor: 'ann', task: '辨析1', calls: [['Phone_Call', { telephone: CHRIS }]], correct: true },
  { actor: 'ann', task: '推理2', calls: [['Phone_Call', { telephone: '13817326690' }]], correct: true },
  { actor: 'ben', task: '推理1', calls: [['Phone_Call', { telephone: TOM }]], correct: true },
  { actor: 'ben', task: '推理2', calls: [['search_sms', { pattern: 'carpool' }], ['Phone_Call', { telephone: '13817326690' }]], correct: true },
  { actor: 'ben', task: '偏好1', calls: [['Phone_Call', { telephone: '13705561820', type: 'VOICE' }]], correct: false },
  { actor: 'cy', task: '推理2', calls: [['Phone_Call', { telephone: '13655208731' }]], correct: false },
  { actor: 'cy', task: '辨析1', calls: [['Phone_Call', { telephone: CHRIS }]], correct: true },
  { actor: 'cy', task: '偏好1', calls: [['search_contacts', { pattern: 'mom' }], ['Phone_Call', { telephone: '13705561820', type: 'VIDEO' }]], correct: true },
]
const VERDICTS = [
  ['correct', 'correct'],
  ['correct', 'wrong'],
  ['correct', 'correct'],
  ['wrong', 'correct'],
]

async function solve(page: Page, solutions: Solution[]): Promise<{ task: string; actor: string; correct: boolean | null }[]> {
  return page.evaluate(async (list) => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    const verdicts = []
    for (const s of list) {
      await api.open(s.task, { actor: s.actor })
      for (const [name, args] of s.calls) {
        const result = await api.call(name, args)
        if (!result.ok) throw new Error(`${s.task} ${name}: ${result.content}`)
      }
      verdicts.push({ task: s.task, actor: s.actor, correct: (await api.submit()).correct })
    }
    return verdicts
  }, solutions)
}

/** Keeps studies with the data set the attempts were made in, as the page's storage does (src/db/studies.ts). */
async function addStudies(page: Page, studies: { study: StudyFile; added: number }[]): Promise<void> {
  await page.evaluate(async (rows) => {
    const request = indexedDB.open('spieval-phone')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('cannot open the database'))
    })
    const tx = db.transaction(['attempts', 'studies'], 'readwrite')
    const attempts = await new Promise<{ datasetId: string; actor: string }[]>((resolve, reject) => {
      const all = tx.objectStore('attempts').getAll()
      all.onsuccess = () => resolve(all.result as { datasetId: string; actor: string }[])
      all.onerror = () => reject(all.error ?? new Error('cannot read the attempts'))
    })
    const datasetId = attempts.find((a) => a.actor === 'ann')?.datasetId
    if (!datasetId) throw new Error('no attempt of ann')
    for (const { study, added } of rows) tx.objectStore('studies').put({ id: study.id, datasetId, study, added })
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error('cannot store the studies'))
    })
    db.close()
  }, studies)
}

const widths = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))

test('the Study tab shows each person’s progress, the capabilities, the agreement and the study’s cross-validation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('./')
  await expect(page.getByRole('button', { name: 'Finish and check' })).toBeVisible({ timeout: 90_000 })
  const verdicts = await solve(page, SOLUTIONS)
  expect(verdicts).toEqual(SOLUTIONS.map(({ task, actor, correct }) => ({ task, actor, correct })))

  // Without a study the People view has no Study tab.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
  const tabs = page.getByRole('tablist', { name: 'People views' }).getByRole('tab')
  await expect(tabs).toHaveText(['Exports and imports', 'Cross-validation', 'Human baseline'])

  await addStudies(page, [
    { study: PILOT, added: 1 },
    { study: STUDY, added: 2 },
  ])
  await page.reload()
  await expect(tabs).toHaveText(['Exports and imports', 'Cross-validation', 'Human baseline', 'Study'])
  await page.getByRole('tab', { name: 'Study' }).click()
  await expect(page.getByRole('tab', { name: 'Study' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/#\/people\/study$/)
  const panel = page.getByRole('tabpanel', { name: 'Study' })

  // The newest study is shown; the picker offers both.
  const picker = panel.getByRole('combobox', { name: 'Study' })
  await expect(picker).toHaveValue(STUDY.id)
  await expect(picker.getByRole('option')).toHaveText([`2026-03-14 · 3 people · ${STUDY.id}`, `2026-03-01 · 2 people · ${PILOT.id}`])
  await expect(panel.getByText(`Study ${STUDY.id}: 3 people, 6 tasks, each given to 2`)).toBeVisible()

  const people = panel.getByRole('table', { name: 'Progress and accuracy (%) per person' })
  await expect(people.getByRole('columnheader')).toHaveText(['Person', 'Progress', 'Active time', 'Overall', 'Reasoning', 'Disambiguation', 'Preference', 'How the calls were made'])
  const row = (name: string) => people.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  await expect(row('ann').getByRole('cell')).toHaveText([/^Progress2\/4$/, /^Active time\d+:\d\d$/, 'Overall100.0% (2/2)', 'Reasoning100.0% (1/1)', 'Disambiguation100.0% (1/1)', 'Preference—', /^How the calls were madewindow\.spieval: 3\s*2 attempts not made by hand$/])
  await expect(row('ben').getByRole('cell').nth(0)).toHaveText('Progress3/4')
  await expect(row('ben').getByRole('cell').nth(2)).toHaveText('Overall66.7% (2/3)')
  await expect(row('cy').getByRole('cell').nth(0)).toHaveText('Progress3/4')
  await expect(people.getByRole('progressbar', { name: 'Progress of ann' })).toHaveAttribute('value', '2')
  await expect(people.getByRole('progressbar', { name: 'Progress of ann' })).toHaveAttribute('max', '4')

  // Ann's attempt at 推理2 is not hers to solve: it is counted apart.
  await expect(panel.getByText('1 attempt by a person outside the study, or at a task not given to them, is not counted here.')).toBeVisible()

  const figures = panel.getByRole('definition')
  const kappa = fleissKappa(VERDICTS)
  expect(kappa).toBeCloseTo(-1 / 3) // observed 0.5, chance (6/8)² + (2/8)² = 0.625
  await expect(panel.getByRole('term').filter({ hasText: 'Agreement on verdicts' })).toBeVisible()
  // Over 4 shared tasks κ (here −0.33 from one split task) is withheld: it says from how many tasks on it is shown.
  await expect(figures.nth(3)).toContainText('50.0% of pairs agree · Fleiss κ — (shown from 5 shared tasks on)')
  await expect(figures.nth(3)).not.toContainText(kappa?.toFixed(2) ?? 'no kappa')
  await expect(figures.nth(3)).toContainText('over 4 of the 6 tasks given to two people or more')
  await expect(figures.nth(0)).toHaveText('8 of 12 (66.7%)')

  const capabilities = panel.getByRole('table', { name: 'Per capability, across people' })
  const reasoning = capabilities.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Reasoning' }) })
  await expect(reasoning.getByRole('cell')).toHaveText(['Tasks2', 'Submitted4/4', 'Accuracy (pooled)75.0% (3/4)', 'Mean ± std over people66.7 ± 47.1'])

  // The study's cross-validation list: its tasks only, their own people only, the wrong ones first.
  const cv = panel.getByRole('table', { name: /^The study’s tasks by verdict/ })
  await expect(cv.locator('tbody tr th')).toHaveText(['推理2', '偏好1', '推理1', '辨析1'])
  await expect(cv.locator('tbody tr').first().locator('.solver-name')).toHaveText(['ben', 'cy'])

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download the per-person table (CSV)' }).click()])
  expect(download.suggestedFilename()).toBe(`study-${STUDY.id}-people.csv`)
  const csv = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n')
  expect(csv[0]).toBe('person,assigned,submitted,progress (%),in progress,active time (s),Reasoning 推理,Disambiguation 辨析,Preference 偏好,Overall')
  expect(csv[1]).toMatch(/^ann,4,2,50\.0,0,\d+\.\d,100\.0 \(1\/1\),100\.0 \(1\/1\),—,100\.0 \(2\/2\)$/)

  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'study-dashboard-1280-en.png'), fullPage: true })

  // The other study: two people, one task.
  await picker.selectOption(PILOT.id)
  await expect(people.getByRole('row')).toHaveCount(3)
  await expect(row('ann').getByRole('cell').nth(0)).toHaveText('Progress1/1')

  // A reload keeps the tab; the study shown is the newest again.
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Study' })).toHaveAttribute('aria-selected', 'true')
  await expect(row('ann').getByRole('cell').nth(0)).toHaveText('Progress2/4')
  // The arrow keys, Home and End go round the tabs, Study included.
  await page.getByRole('tab', { name: 'Study' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Exports and imports' })).toBeFocused()
  await expect(page).toHaveURL(/#\/people\/exchange$/)
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Study' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/#\/people\/study$/)
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'Human baseline' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Study' }).click()

  // On a phone: nothing scrolls sideways, and the cards still name each figure.
  await resizeTo(page, { width: 390, height: 844 })
  await expect(row('ann').getByRole('cell').nth(0)).toBeVisible()
  expect(await widths(page)).toEqual({ scrollWidth: 390, innerWidth: 390 })
  const card = await row('ann').boundingBox()
  expect(card?.width ?? Infinity).toBeLessThanOrEqual(390)
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'study-dashboard-390-en.png'), fullPage: true })

  // In Chinese.
  await resizeTo(page, { width: 1280, height: 720 })
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
  await expect(page.getByRole('tab', { name: '研究' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('table', { name: '每人的进度与正确率（%）' }).getByRole('columnheader')).toHaveText(['人员', '进度', '作答时间', '总体', '推理', '辨析', '偏好', '调用方式'])
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'study-dashboard-1280-zh.png'), fullPage: true })
  await resizeTo(page, { width: 390, height: 844 })
  await expect(page.getByRole('progressbar', { name: 'ann 的进度' })).toBeVisible()
  expect(await widths(page)).toEqual({ scrollWidth: 390, innerWidth: 390 })
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'study-dashboard-390-zh.png'), fullPage: true })
})
