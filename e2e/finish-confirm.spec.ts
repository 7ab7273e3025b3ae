// Finish asks first when a slip is likely (no actions; actions never searched for), and Enter twice never finishes.
import { api, expect, openTask, panelOf, test } from './helpers'

test('Finish with no actions asks first; Enter twice keeps working; Finish anyway ends it', async ({ page }) => {
  await openTask(page, '推理1')
  const finish = panelOf(page).getByRole('button', { name: 'Finish and check' })
  await finish.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Finish this attempt?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('You have no actions to submit')
  await expect(dialog.getByRole('button', { name: 'Keep working' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  expect((await api<{ finished: boolean }>(page, 'return api.current()')).finished).toBe(false)
  // Escape also keeps working.
  await finish.click()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect((await api<{ finished: boolean }>(page, 'return api.current()')).finished).toBe(false)
  await finish.click()
  await dialog.getByRole('button', { name: 'Finish anyway' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Wrong: the wrong number of actions')
})

test('in the paginated setting, actions never searched for ask first; with a search Finish goes straight on', async ({ page }) => {
  await openTask(page, '推理1')
  await api(page, "await api.open('推理1', { setting: 'paginated' }); await api.call('Phone_Call', { telephone: '13822419087' })")
  const finish = panelOf(page).getByRole('button', { name: 'Finish and check' })
  await finish.click()
  const dialog = page.getByRole('dialog', { name: 'Finish this attempt?' })
  await expect(dialog).toContainText('You have not searched the phone at all')
  await dialog.getByRole('button', { name: 'Keep working' }).click()
  await api(page, "await api.call('search_contacts', { pattern: 'Tom' })")
  await finish.click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  await expect(dialog).toHaveCount(0)
})
