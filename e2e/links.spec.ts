// Links work as links: a pasted address opens what it names in the open tab, and Back goes back on the phone.
import { expect, openTask, phoneOf, test } from './helpers'

test('a pasted task link opens that task, and Back and Forward move on the phone', async ({ page }) => {
  await openTask(page, '推理1')
  const phone = phoneOf(page)
  // A person's moves on the phone are history entries.
  await phone.getByRole('button', { name: 'Contacts', exact: true }).click()
  await expect(page).toHaveURL(/#\/task\/%E6%8E%A8%E7%90%861\/app\/contacts$/)
  await page.goBack()
  await expect(page).toHaveURL(/#\/task\/%E6%8E%A8%E7%90%861$/)
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  await page.goForward()
  await expect(phone.getByRole('heading', { name: 'Contacts' })).toBeVisible()

  // An address typed or pasted into the open tab opens what it names, as a full load would.
  await page.evaluate(() => (window.location.hash = '#/task/整合7/app/sms'))
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  const current = await page.evaluate(() => window.spieval?.current())
  expect(current?.taskId).toBe('整合7')
  await page.evaluate(() => (window.location.hash = '#/people'))
  await expect(page.getByRole('tab', { name: /Cross-validation/ })).toBeVisible()
})
