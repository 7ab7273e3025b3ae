import type { Locator, Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { api, chooseLanguage, expect, phoneOf, resizeTo, test } from './helpers'

/**
 * Deleting a data set (#24): the dialog says what goes and what is kept, with
 * the kept attempts counted; they are listed while their data set is gone, and
 * come back (shown, exported) when it is imported again.
 */

test.describe.configure({ timeout: 120_000 })

const FILES = Object.fromEntries(['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'].map((f) => [f, readFileSync(join('public/data', f), 'utf8')]))

async function importCopy(page: Page, name: string): Promise<void> {
  await api(page, `return api.importDataset(${JSON.stringify(FILES)}, ${JSON.stringify(name)})`)
}

async function openManager(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Data sets' }).click()
  const dialog = page.getByRole('dialog', { name: 'Data sets' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function closeManager(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^(Data sets|数据集)$/ })
  await dialog.getByRole('button', { name: /^(Close|关闭)$/ }).click()
  await expect(dialog).toBeHidden()
}

/**
 * Screenshots in English then Chinese, on a laptop and a phone screen (back in English after); `show` brings
 * the part shown into view, the manager opened if a resize closed it.
 */
async function shots(page: Page, name: string, show: (page: Page, zh: boolean) => Promise<Locator>): Promise<void> {
  for (const lang of ['en', 'zh'] as const) {
    for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      // A resize switches the bar between its wide and compact forms, which mounts the dialogs again: waiting for the
      // form that fits keeps the part shown from being replaced while it is scrolled to (it was, once, under load).
      await resizeTo(page, size)
      if (lang === 'zh' && size.width === 1280 && !(await page.getByRole('combobox', { name: '语言' }).isVisible())) {
        if (await page.getByRole('dialog').isVisible()) await closeManager(page)
        await chooseLanguage(page, 'zh')
      }
      const target = await show(page, lang === 'zh')
      await target.scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`${name}-${lang}-${size.width}.png`) })
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  if (await page.getByRole('dialog').isVisible()) await closeManager(page)
  await chooseLanguage(page, 'en')
}

/** The data set manager, opened if it is not. */
async function manager(page: Page, zh: boolean): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: zh ? '数据集' : 'Data sets' })
  if (!(await dialog.isVisible())) {
    const button = page.getByRole('button', { name: zh ? '数据集' : 'Data sets', exact: true })
    if (!(await button.isVisible())) await page.getByRole('button', { name: zh ? '菜单' : 'Menu' }).click()
    await button.click()
  }
  await expect(dialog).toBeVisible()
  return dialog
}

test('the delete dialog says what goes and what is kept; a re-import brings the kept attempts back, exportable', async ({ page }) => {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await importCopy(page, 'Copy')
  await api(page, `await api.open('推理1', { actor: 'ann' }); await api.call('Phone_Call', { telephone: '13800000000' }); await api.submit(); return null`)

  let dialog = await openManager(page)
  await dialog.getByRole('button', { name: 'Delete data set Copy' }).click()
  const confirm = dialog.getByRole('group', { name: /^Delete “Copy”\?/ })
  await expect(confirm).toContainText('Deleted: its tasks, records, studies and edit history (every revision, gold included).')
  await expect(confirm).toContainText('Kept: its attempts (by people: 1; by agent runs: 0) and their grades.')
  await expect(confirm.getByRole('checkbox', { name: 'Also delete these attempts, their grades and agent runs' })).not.toBeChecked()
  await shots(page, 'delete-dialog', async (p, zh) => {
    const dialog = await manager(p, zh)
    const group = dialog.getByRole('group', { name: zh ? /^删除“Copy”？/ : /^Delete “Copy”\?/ })
    if (!(await group.isVisible())) await dialog.getByRole('button', { name: zh ? '删除数据集 Copy' : 'Delete data set Copy' }).click()
    await expect(group).toContainText(zh ? '将保留：其作答记录（人工 1 条，智能体运行 0 条）' : 'Kept: its attempts (by people: 1; by agent runs: 0)')
    return group
  })
  dialog = await openManager(page)
  await dialog.getByRole('button', { name: 'Delete data set Copy' }).click()
  await dialog.getByRole('button', { name: 'Confirm: delete data set Copy' }).click()
  const kept = dialog.getByRole('region', { name: 'Attempts kept from deleted data sets' })
  await expect(kept).toContainText('“Copy”: 1 attempt,')
  await expect(dialog.getByRole('button', { name: 'Delete data set Copy' })).toHaveCount(0)
  await shots(page, 'delete-kept', async (p, zh) => {
    const region = (await manager(p, zh)).getByRole('region', { name: zh ? '已删除数据集保留的作答' : 'Attempts kept from deleted data sets' })
    await expect(region).toContainText(zh ? '“Copy”：1 条作答' : '“Copy”: 1 attempt,')
    return region
  })

  // The same data set again: its attempt is back, and exported with it.
  await importCopy(page, 'Copy again')
  dialog = await openManager(page)
  await expect(dialog.getByRole('button', { name: 'Delete data set Copy again' })).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'Attempts kept from deleted data sets' })).toHaveCount(0)
  await closeManager(page)
  await page.goto('./#/people')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all attempts' }).click()])
  expect(download.suggestedFilename()).toMatch(/^attempts-Copy-again-/)
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText('1 attempt (1 finished) by 1 person')
})

test('deleting with its attempts leaves nothing to bring back', async ({ page }) => {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await importCopy(page, 'Copy')
  await api(page, `await api.open('推理1', { actor: 'ann' }); await api.call('Phone_Call', { telephone: '13800000000' }); return null`)
  const dialog = await openManager(page)
  await dialog.getByRole('button', { name: 'Delete data set Copy' }).click()
  await dialog.getByRole('checkbox', { name: 'Also delete these attempts, their grades and agent runs' }).check()
  await dialog.getByRole('button', { name: 'Confirm: delete data set Copy' }).click()
  await expect(dialog.getByRole('button', { name: 'Delete data set Copy' })).toHaveCount(0)
  await expect(dialog.getByRole('region', { name: 'Attempts kept from deleted data sets' })).toHaveCount(0)
  await closeManager(page)
  await importCopy(page, 'Copy again')
  await page.goto('./#/people')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all attempts' }).click()])
  expect(download.suggestedFilename()).toMatch(/^attempts-Copy-again-/)
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText('0 attempts')
})
