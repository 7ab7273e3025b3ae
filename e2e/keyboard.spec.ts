import { expect, openTask, panelOf, phoneOf, test } from './helpers'
import type { Page } from '@playwright/test'

// Each test takes a few seconds; the margin is for shared machines under heavy load.
test.describe.configure({ timeout: 120_000 })

const APPS_IN_ORDER = ['Contacts', 'Messages', 'Phone', 'Notes', 'Calendar', 'Meetings', 'Alarm', 'Wallet', 'Travel', 'Hotels']

/** The accessible name of the focused element (aria-label, its label, or its text). */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return ''
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? ''
    return label.trim()
  })
}

/** Presses Tab until the focused element has that name; returns the names passed on the way. */
async function tabTo(page: Page, name: string, max = 40): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const current = await focusedName(page)
    seen.push(current)
    if (current === name) return seen
  }
  throw new Error(`Tab never reached "${name}"; it went through: ${seen.join(' | ')}`)
}

test('Tab reaches the search box, then the app icons in grid order; Enter opens and searches; Escape goes back', async ({ page }) => {
  await openTask(page, '推理1')
  const phone = phoneOf(page)

  const toSearch = await tabTo(page, 'Search the phone')
  expect(toSearch).not.toContain('Contacts')
  // After the search box come its own buttons (search, options), then the ten icons in grid order.
  const between = await tabTo(page, 'Contacts', 4)
  expect(between.slice(0, -1)).toEqual(['Search', 'Search options'])
  const order = ['Contacts']
  for (let i = 1; i < APPS_IN_ORDER.length; i++) {
    await page.keyboard.press('Tab')
    order.push(await focusedName(page))
  }
  expect(order).toEqual(APPS_IN_ORDER)

  // Back to Contacts, Enter opens the app; focus is in the new screen, and Tab reaches its search box.
  for (let i = 1; i < APPS_IN_ORDER.length; i++) await page.keyboard.press('Shift+Tab')
  expect(await focusedName(page)).toBe('Contacts')
  await page.keyboard.press('Enter')
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await tabTo(page, 'Search Contacts', 8)
  await page.keyboard.type('Tom')
  await page.keyboard.press('Enter')
  await expect(phone.getByRole('status')).toContainText('2 results')
  await expect(panelOf(page).getByText('search_contacts({"pattern":"Tom"})')).toBeVisible()

  // A row is reached with Tab and opened with Enter.
  await tabTo(page, 'Tom Ruiz', 15)
  await page.keyboard.press('Enter')
  await expect(phone.getByRole('region', { name: 'Tom Ruiz', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/#\/task\/.+\/app\/contacts\/\d+$/)

  // Escape: record → app (the search is kept) → home.
  await page.keyboard.press('Escape')
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(phone.getByRole('searchbox', { name: 'Search Contacts' })).toHaveValue('Tom')
  await page.keyboard.press('Escape')
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/#\/task\/[^/]+$/)
})

test('Escape leaves an action form for its app without recording anything', async ({ page }) => {
  await page.goto('./#/task/推理1/app/contacts/action/Contacts_Create')
  const phone = phoneOf(page)
  const form = phone.getByRole('region', { name: 'New contact', exact: true })
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible({ timeout: 40_000 })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone')
  await page.keyboard.press('Escape')
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(panelOf(page).getByText('No calls yet.')).toBeVisible()
})

test('a deep link restores the record view, and a reload keeps the screen', async ({ page }) => {
  await page.goto('./#/task/推理1/app/contacts/3')
  const phone = phoneOf(page)
  const record = phone.getByRole('region', { name: 'Jenny Walsh', exact: true })
  await expect(record).toBeVisible({ timeout: 40_000 })
  await expect(record.getByText('Procurement, dairy buyer')).toBeVisible()
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('推理1')
  await page.reload()
  await expect(record).toBeVisible({ timeout: 40_000 })
  await expect(page).toHaveURL(/#\/task\/%E6%8E%A8%E7%90%861\/app\/contacts\/3$|#\/task\/推理1\/app\/contacts\/3$/)

  // Other screens restore the same way: an app list, an action form.
  await page.goto('./#/task/推理1/app/transport')
  await page.reload()
  await expect(phone.getByRole('heading', { name: 'Travel', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.goto('./#/task/推理1/app/notes/action/TodoList_Create')
  await page.reload()
  await expect(phone.getByRole('region', { name: 'New note', exact: true })).toBeVisible({ timeout: 40_000 })
})
