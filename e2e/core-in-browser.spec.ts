import { expect, test } from '@playwright/test'

test('the sample data set loads in the browser and the core searches it', async ({ page }) => {
  await page.goto('./')
  await expect(page.getByText(/50 tasks · user Daniel Hayes · now 2026-03-14 10:00:00 \(Saturday\)/)).toBeVisible()
  await page.getByLabel('Task').selectOption('推理1')
  await expect(page.getByText('“Call whoever is covering for my manager”')).toBeVisible()
  await page.getByLabel('Search the phone').fill('manager')
  await page.getByRole('button', { name: 'Search' }).click()
  const reply = page.getByLabel('Tool reply')
  await expect(reply).toContainText(/results? for "manager" in all apps, page 1 of/)
  await expect(reply).toContainText('[contacts]')
  await expect(reply).toContainText('Rachel Kim')
})
