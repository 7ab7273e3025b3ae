// Blind first attempts (issue #24): the editor asks before it shows the gold; an attempt after the gold is practice, listed apart, never counted.
import type { Page } from '@playwright/test'
import { api, chooseLanguage, expect, openTask, panelOf, phoneOf, resizeTo, storedAttempts, test, seriousViolations } from './helpers'

/** Set BLIND_SHOTS to a folder to save the screenshots (English and Chinese, phone and desktop sizes) there. */
const SHOTS = process.env.BLIND_SHOTS
const SIZES = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 720 },
]

async function shots(page: Page, name: string, language: 'en' | 'zh'): Promise<void> {
  if (!SHOTS) return
  for (const size of SIZES) {
    await resizeTo(page, size)
    await page.screenshot({ path: `${SHOTS}/${name}-${language}-${size.name}.png` })
  }
  await resizeTo(page, { width: 1280, height: 720 })
}

interface Current {
  attemptId: string
  finished: boolean
  afterGold?: boolean
}

test('the editor asks before it shows the gold of a task not finished; Go back shows nothing; agreeing makes the next attempt practice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openTask(page, '推理1')
  const blind = await api<Current>(page, 'return api.current()')
  expect(blind.afterGold).toBeUndefined()

  await page.evaluate(() => (window.location.hash = '#/edit/%E6%8E%A8%E7%90%861'))
  const dialog = page.getByRole('dialog', { name: 'Show the gold of 推理1?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('later attempts at this task count as practice')
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused()
  // Nothing of the gold is on the page while it asks.
  await expect(page.getByRole('list', { name: /Acceptable values/ })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: /Reasoning path/ })).toHaveCount(0)
  expect(await seriousViolations(page, '.gold-guard')).toEqual([])
  await shots(page, 'edit-guard', 'en')

  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(phoneOf(page)).toBeVisible()
  await expect(page.locator('.editor-view')).toHaveCount(0)
  await expect(page).toHaveURL(/#\/task\//)
  // Going back recorded nothing: a new attempt is still blind.
  await api(page, "await api.open('推理1')")
  expect((await api<Current>(page, 'return api.current()')).afterGold).toBeUndefined()

  // Escape goes back too.
  await page.evaluate(() => (window.location.hash = '#/edit/%E6%8E%A8%E7%90%861'))
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(phoneOf(page)).toBeVisible()
  // The address is the phone's again, so that following the editor's link asks again.
  await expect(page).toHaveURL(/#\/task\//)

  // In Chinese.
  await chooseLanguage(page, 'zh')
  await page.evaluate(() => (window.location.hash = '#/edit/%E6%8E%A8%E7%90%861'))
  const zh = page.getByRole('dialog', { name: '要显示 推理1 的标准答案吗？' })
  await expect(zh).toContainText('之后对这个任务的作答都算作练习')
  await shots(page, 'edit-guard', 'zh')
  await zh.getByRole('button', { name: '显示标准答案' }).click()
  await expect(page.getByRole('heading', { name: '编辑任务 推理1' })).toBeVisible()
  await chooseLanguage(page, 'en')

  // Agreed once: the editor asks no more, and the person's next attempt at the task is practice (another task's is not).
  await page.evaluate(() => (window.location.hash = '#/edit/%E6%8E%A8%E7%90%862'))
  await expect(page.getByRole('dialog', { name: 'Show the gold of 推理2?' })).toBeVisible()
  await page.evaluate(() => (window.location.hash = '#/edit/%E6%8E%A8%E7%90%861'))
  await expect(page.getByRole('heading', { name: 'Edit task 推理1' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await api(page, "await api.open('推理1')")
  expect((await api<Current>(page, 'return api.current()')).afterGold).toBe(true)
  await api(page, "await api.open('推理2')")
  expect((await api<Current>(page, 'return api.current()')).afterGold).toBeUndefined()
})

test('a new attempt from the review is practice: submit is final, the attempt is stored as practice, and People lists it apart from what counts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openTask(page, '推理1')
  // Blind, and wrong: Tom Becker, the plumber.
  await api(page, "await api.open('推理1'); await api.call('search_contacts', { pattern: 'Tom' }); await api.call('Phone_Call', { telephone: '13655208731' })")
  await expect(panelOf(page).getByRole('region', { name: 'Instruction' })).not.toContainText('practice')
  expect((await api<{ correct: boolean }>(page, 'return await api.submit()')).correct).toBe(false)
  // A verdict is final.
  const again = await api<string>(page, 'try { await api.submit(); return "accepted" } catch (err) { return String(err) }')
  expect(again).toMatch(/already finished and its verdict is final/)

  // The review shows the gold; "Start a new attempt" there starts practice.
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  await expect(review.getByRole('status')).toHaveText('Wrong: a wrong value')
  await panelOf(page).getByRole('button', { name: 'Start a new attempt' }).click()
  await expect.poll(async () => (await api<Current>(page, 'return api.current()')).finished).toBe(false)
  const practice = await api<Current>(page, 'return api.current()')
  expect(practice.afterGold).toBe(true)
  // The panel tells the person.
  await expect(panelOf(page).getByRole('region', { name: 'Instruction' })).toContainText('practice: not counted')
  await shots(page, 'practice-panel', 'en')
  await api(page, "await api.call('search_contacts', { pattern: 'Tom' }); await api.call('Phone_Call', { telephone: '13822419087' })")
  expect((await api<{ correct: boolean }>(page, 'return await api.submit()')).correct).toBe(true)

  // The People view counts the blind attempt and lists the practice one apart.
  await page.getByRole('button', { name: 'People', exact: true }).click()
  await page.getByRole('tab', { name: 'Cross-validation' }).click()
  const row = page.getByRole('table', { name: /^Tasks by verdict/ }).getByRole('row', { name: /推理1/ })
  await expect(row.getByRole('img', { name: 'wrong' })).toBeVisible()
  await expect(row).toContainText('1 practice')
  await shots(page, 'practice-crossval', 'en')
  await page.getByRole('tab', { name: 'Human baseline' }).click()
  await expect(page.getByText('1 practice attempt made after seeing the gold is left out.')).toBeVisible()
  const table = page.getByRole('table', { name: /^Accuracy by capability/ })
  await expect(table.getByRole('row', { name: /^e2e/ })).toContainText('0.0 (0/1)')
  await shots(page, 'practice-baseline', 'en')
  await chooseLanguage(page, 'zh')
  await expect(page.getByText('1 次看过标准答案后的练习作答未计入。')).toBeVisible()
  await shots(page, 'practice-baseline', 'zh')
  await page.getByRole('tab', { name: '交叉验证' }).click()
  await expect(page.getByRole('table', { name: /^按判定排列的任务/ }).getByRole('row', { name: /推理1/ })).toContainText('练习 1 次')
  await shots(page, 'practice-crossval', 'zh')

  // Stored as practice (an export writes it with after_gold: test/gold-store.test.ts).
  const lines = await storedAttempts(page)
  expect(lines.find((r) => r.id === practice.attemptId)?.afterGold).toBe(true)
})
