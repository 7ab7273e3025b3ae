import type { Locator, Page } from '@playwright/test'
import { api, chooseLanguage, expect, openTask, panelOf, resizeTo, test } from './helpers'

/**
 * An attempt keeps the access setting it was opened with (#24): changing the setting during an unfinished attempt
 * in another one asks whether to start a new attempt in it now or keep it for later attempts; the task card shows
 * the attempt's setting, and says so when new attempts get another one.
 */

test.describe.configure({ timeout: 120_000 })

interface Current {
  attemptId: string
  setting: string
  finished: boolean
  calls: unknown[]
}

const current = (page: Page) => api<Current>(page, 'return api.current()')

/** The Access control: in the top bar, or in the menu on a small screen. */
async function accessControl(page: Page, zh = false): Promise<Locator> {
  const name = zh ? '访问方式' : 'Access'
  const inBar = page.getByRole('banner').getByRole('combobox', { name, exact: true })
  if (await inBar.isVisible()) return inBar
  const menu = page.getByRole('dialog', { name: zh ? '菜单' : 'Menu' })
  if (!(await menu.isVisible())) await page.getByRole('button', { name: zh ? '菜单' : 'Menu', exact: true }).click()
  return menu.getByRole('combobox', { name, exact: true })
}

const dialogOf = (page: Page, zh = false) => page.getByRole('dialog', { name: zh ? '更改访问方式？' : 'Change the access setting?' })

async function startWithOneCall(page: Page): Promise<Current> {
  await openTask(page, '推理1')
  await api(page, `await api.call('Phone_Call', { telephone: '13800000000' }); return null`)
  const before = await current(page)
  expect(before).toMatchObject({ setting: 'browse', finished: false })
  expect(before.calls).toHaveLength(1)
  return before
}

test('changing the setting mid-attempt offers a new attempt in it; taking it starts one', async ({ page }) => {
  const before = await startWithOneCall(page)
  const card = panelOf(page).getByRole('region', { name: 'Instruction' })
  await expect(card).toContainText('Attempt by e2e · Browse freely')
  await (await accessControl(page)).selectOption('full')
  const dialog = dialogOf(page)
  await expect(dialog).toContainText('The attempt at 推理1 on the phone was started with “Browse freely” and keeps it')
  await expect(dialog.getByRole('button', { name: 'New attempt with “Search, all results”' })).toBeFocused()

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  // Looked at: the question, in English and Chinese, on a laptop and on a phone screen.
  for (const zh of [false, true]) {
    if (zh) await chooseLanguage(page, 'zh')
    for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await resizeTo(page, size)
      await (await accessControl(page, zh)).selectOption('full')
      await expect(dialogOf(page, zh)).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`access-change-${zh ? 'zh' : 'en'}-${size.width}.png`) })
      await dialogOf(page, zh).getByRole('button', { name: zh ? '取消' : 'Cancel' }).click()
      await expect(dialogOf(page, zh)).toBeHidden()
      const menu = page.getByRole('dialog', { name: zh ? '菜单' : 'Menu' })
      if (await menu.isVisible()) await menu.getByRole('button', { name: zh ? '关闭菜单' : 'Close the menu' }).click()
    }
    await resizeTo(page, { width: 1280, height: 720 })
  }
  await chooseLanguage(page, 'en')
  expect((await current(page)).setting).toBe('browse')
  await (await accessControl(page)).selectOption('full')
  await dialog.getByRole('button', { name: 'New attempt with “Search, all results”' }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('Attempt by e2e · Search, all results')
  const after = await current(page)
  expect(after).toMatchObject({ taskId: '推理1', setting: 'full', finished: false })
  expect(after.attemptId).not.toBe(before.attemptId)
  expect(after.calls).toEqual([])
  await expect(await accessControl(page)).toHaveValue('full')
})

test('keeping the attempt keeps its setting, and the card says new attempts get the other one', async ({ page }) => {
  const before = await startWithOneCall(page)
  const control = await accessControl(page)
  // Cancel changes nothing.
  await control.selectOption('paginated')
  await dialogOf(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(control).toHaveValue('browse')
  await control.selectOption('paginated')
  await dialogOf(page).getByRole('button', { name: 'Keep this attempt; “Search, 5 a page” for later ones' }).click()
  await expect(control).toHaveValue('paginated')
  const card = panelOf(page).getByRole('region', { name: 'Instruction' })
  await expect(card).toContainText('Attempt by e2e · Browse freely')
  await expect(card).toContainText('This attempt keeps its setting; new attempts: Search, 5 a page.')
  expect(await current(page)).toMatchObject({ attemptId: before.attemptId, setting: 'browse' })
  for (const zh of [false, true]) {
    if (zh) await chooseLanguage(page, 'zh')
    for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await resizeTo(page, size)
      if (size.width === 390) {
        await page.getByRole('button', { name: zh ? /^任务/ : /^Task/ }).first().click()
        await expect(page.getByText(zh ? '这次作答保持原设置；新的作答：搜索，每页 5 条。' : 'new attempts: Search, 5 a page.').last()).toBeVisible()
      }
      await page.screenshot({ path: test.info().outputPath(`access-card-${zh ? 'zh' : 'en'}-${size.width}.png`), animations: 'disabled' })
      if (size.width === 390) await page.keyboard.press('Escape')
    }
    await resizeTo(page, { width: 1280, height: 720 })
  }
  await chooseLanguage(page, 'en')
  // A finished attempt asks nothing: the setting is for the next one.
  await api(page, 'await api.submit(); return null')
  await (await accessControl(page)).selectOption('full')
  await expect(dialogOf(page)).toHaveCount(0)
  await expect(await accessControl(page)).toHaveValue('full')
})
