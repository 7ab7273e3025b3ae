import { api, expect, openApp, openTask, phoneOf, test } from './helpers'
import type { Page } from '@playwright/test'

/**
 * Paging repeats the last search (issue #25, steps shown as data): the pager asks for the next page of the
 * search that was made, with its pattern, mode and field, not of what the search bar holds since; a
 * program's regex search shows in the bar as one, and its › asks for its page 2 in regex mode.
 */

/** The arguments of the attempt's last call. */
async function lastCall(page: Page): Promise<{ name: string; arguments: unknown }> {
  const calls = await api<{ name: string; arguments: unknown }[]>(page, 'return (await api.current())?.calls ?? []')
  const last = calls.at(-1)
  if (!last) throw new Error('no call')
  return { name: last.name, arguments: last.arguments }
}

/** 推理1 in the "Search, 5 a page" setting, where a search of its eight contacts has two pages. */
async function openPaginated(page: Page): Promise<void> {
  await openTask(page, '推理1')
  await api(page, `return api.open('推理1', { setting: 'paginated' })`)
}

test('› pages the search that was made, not the pattern typed in the bar since', async ({ page }) => {
  await openPaginated(page)
  await openApp(page, 'Contacts')
  const phone = phoneOf(page)
  const box = phone.getByRole('searchbox', { name: 'Search Contacts' })
  await box.fill('a')
  await box.press('Enter')
  await expect(phone.getByRole('status')).toContainText('Page 1 of 2')
  // A new pattern typed, not searched: the pager still belongs to the search for "a".
  await box.fill('zzz')
  await phone.getByRole('button', { name: 'Next page' }).click()
  await expect(phone.getByRole('status')).toContainText('Page 2 of 2')
  expect(await lastCall(page)).toEqual({ name: 'search_contacts', arguments: { pattern: 'a', page: 2 } })
})

test('after a program’s regex search, the bar shows it and › asks for its page 2 in regex mode', async ({ page }) => {
  await openPaginated(page)
  await api(page, `return api.call('search_contacts', { pattern: '[ae]', mode: 'regex' })`)
  const phone = phoneOf(page)
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(phone.getByRole('status')).toContainText('Page 1 of 2')
  await expect(phone.getByRole('searchbox', { name: 'Search Contacts' })).toHaveValue('[ae]')
  await phone.getByRole('button', { name: 'Next page' }).click()
  await expect(phone.getByRole('status')).toContainText('Page 2 of 2')
  expect(await lastCall(page)).toEqual({ name: 'search_contacts', arguments: { pattern: '[ae]', mode: 'regex', page: 2 } })
})
