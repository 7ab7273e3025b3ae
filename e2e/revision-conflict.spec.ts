// Two tabs editing one task (issue #24): the second save, made from the revision both started from, is refused and
// the page says so, keeping the draft; nothing of the first tab's revision is lost.
import type { Page } from '@playwright/test'
import { agreeToSeeGold, chooseLanguage, expect, resizeTo, test } from './helpers'

/** `asks`: the editor first asks this person whether to show the gold of a task they have not finished (once). */
async function openEditor(page: Page, asks: boolean) {
  await page.goto('./#/edit/推理2')
  if (asks) await agreeToSeeGold(page, '推理2')
  const editor = page.locator('.editor-view')
  await expect(editor.getByRole('heading', { name: 'Edit task 推理2' })).toBeVisible({ timeout: 40_000 })
  return editor
}

test('a save from a revision another tab has replaced is refused, and the page says so', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const first = await openEditor(page, true)
  const other = await page.context().newPage()
  await other.setViewportSize({ width: 1280, height: 720 })
  const second = await openEditor(other, false)

  await first.getByRole('textbox', { name: 'Reasoning path' }).fill('edited in the first tab')
  await first.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(first.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText('Saved as revision 1.')

  await second.getByRole('textbox', { name: 'Reasoning path' }).fill('edited in the second tab')
  await second.getByRole('button', { name: 'Save', exact: true }).click()
  const saved = second.getByRole('region', { name: 'Saved' })
  await expect(saved.getByRole('alert')).toHaveText(
    'Not saved: this task was saved elsewhere (another tab or window) as revision 1 after you opened it, and saving would overwrite that. Copy what you changed, open the task again and redo it there.',
  )
  await expect(second.getByRole('textbox', { name: 'Reasoning path' })).toHaveValue('edited in the second tab')
  await other.screenshot({ path: test.info().outputPath('revision-conflict-en.png') })
  await chooseLanguage(other, 'zh')
  const zh = second.getByRole('alert').filter({ hasText: '未保存' })
  await expect(zh).toHaveText(
    '未保存：打开此任务后，它已在别处（另一个标签页或窗口）保存为修订 1，保存会覆盖该修订。请复制你的改动，重新打开任务后再修改。',
  )
  await resizeTo(other, { width: 390, height: 844 })
  await zh.scrollIntoViewIfNeeded()
  await other.screenshot({ path: test.info().outputPath('revision-conflict-zh-390.png') })

  // The first tab's revision stands.
  await resizeTo(other, { width: 1280, height: 720 })
  await chooseLanguage(other, 'en')
  await other.close()
  await page.reload()
  await expect(first.getByRole('textbox', { name: 'Reasoning path' })).toHaveValue('edited in the first tab')
})
