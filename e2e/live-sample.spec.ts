import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { baseExpect, test, axeResults } from './helpers'

// An import parses and stores a whole data set: allow for a busy test machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 180_000 })

/** Set LIVE_SAMPLE_SHOTS to a folder to save the Data sets dialog there, in English and in Chinese. */
const SHOTS = process.env.LIVE_SAMPLE_SHOTS

const LIVE = 'Live sample (Daniel Hayes)'
const SAMPLE = 'Sample (Daniel Hayes)'

const topBar = (page: Page) => page.getByRole('banner')
const taskPicker = (page: Page) => page.getByRole('combobox', { name: 'Task' })

async function openManager(page: Page, name = 'Data sets') {
  await page.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

test('the live sample loads from the Data sets dialog, once, and its tasks open in live state', async ({ page }) => {
  await page.goto('./')
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE} (50)`, { timeout: 40_000 })
  // The first visit has opened the first task: the page is settled.
  await expect(taskPicker(page)).toHaveValue('推理1')
  let dialog = await openManager(page)
  const load = dialog.getByRole('button', { name: 'Load the live sample' })
  await load.click()
  await expect(dialog.getByRole('status')).toHaveText(`Imported “${LIVE}” (20 tasks); it is now the active data set.`)
  const items = dialog.getByRole('listitem')
  await expect(items).toHaveCount(2)
  const live = items.filter({ hasText: LIVE })
  await expect(live).toHaveAttribute('aria-current', 'true')
  await expect(live).toContainText('bundled live sample')
  await expect(topBar(page)).toContainText(`Data set: ${LIVE} (20)`)
  const axe = await axeResults(page, 'dialog.dataset-manager')
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await dialog.screenshot({ path: join(SHOTS, 'datasets-live-en.png') })
  }

  // Loading it again imports nothing: it is already the active data set.
  await load.click()
  await expect(dialog.getByRole('status')).toHaveText('The live sample is already the active data set.')
  await expect(items).toHaveCount(2)
  // From another data set, it switches to the stored copy.
  await dialog.getByRole('button', { name: `Use data set ${SAMPLE}` }).click()
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE} (50)`)
  await load.click()
  await expect(dialog.getByRole('status')).toHaveText('The live sample was already stored; it is now the active data set.')
  await expect(items).toHaveCount(2)
  await expect(live).toHaveAttribute('aria-current', 'true')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  // Its tasks are listed, and one opens: in live state, where an update naming two alarms is refused.
  await expect(topBar(page)).toContainText(`Data set: ${LIVE} (20)`)
  await expect(taskPicker(page).locator('option')).toHaveCount(20)
  await taskPicker(page).selectOption('辨析L1')
  await expect(page.getByText('“My evening gym class starts an hour later now; move its alarm”')).toBeVisible()
  const answer = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('the page has no window.spieval')
    const current = await api.current()
    const refused = await api.call('Clock_UpdateAlarm', { name: 'Gym', newTime: '19:30:00' })
    return { taskId: current?.taskId, state: current?.state, refused }
  })
  expect(answer).toMatchObject({ taskId: '辨析L1', state: 'live', refused: { ok: false } })
  expect(answer.refused.content).toContain('2 alarm records have 闹钟名 = "Gym"')

  // The same dialog in Chinese.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
  dialog = await openManager(page, '数据集')
  await expect(dialog.getByRole('button', { name: '加载实时示例' })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: '实时示例' })).toBeVisible()
  await expect(dialog.getByRole('listitem').filter({ hasText: LIVE })).toContainText('内置实时示例')
  if (SHOTS) await dialog.screenshot({ path: join(SHOTS, 'datasets-live-zh.png') })
})
