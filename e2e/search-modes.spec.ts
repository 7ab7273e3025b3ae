import { readDatasetFolder } from '../cli/files'
import { TaskHost, loadDataset } from '../src/core/index'
import { api, expect, openApp, openTask, phoneOf, test } from './helpers'
import type { Page } from '@playwright/test'

/**
 * The regex and fuzzy engines are not in the first load (#27): the page fetches them when it is idle or
 * when a search first asks, and the answers are the Node host's, word for word.
 */
const SAMPLE_DIR = 'public/data'
const SEARCHES = [
  { pattern: 'T.m (Ruiz|Becker)', mode: 'regex' },
  { pattern: '(?i)^claire', mode: 'regex', field: '姓名' },
  { pattern: 'Tomm Ruis', mode: 'fuzzy' },
] as const

test('regex and fuzzy searches answer in the page as in Node, the engines loaded on demand', async ({ page }) => {
  await openTask(page, '推理1')
  const answers = await api<string[]>(
    page,
    `const out = []
     for (const args of ${JSON.stringify(SEARCHES)}) out.push((await api.call('search_contacts', args)).content)
     return out`,
  )
  // The page's "Browse freely" searches return every match, as the full setting does.
  const node = new TaskHost(loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset)
  await node.open('推理1', 'full', { actor: 'bot' })
  const expected: string[] = []
  for (const args of SEARCHES) expected.push((await node.call('search_contacts', { ...args }, 'agent')).content)
  expect(answers).toEqual(expected)
  expect(answers[0]).toContain('Tom Ruiz')
  expect(answers[2]).toContain('Tom Ruiz')
})

/** A person's search of Contacts in 推理1 in regular expression mode, from the search options. */
async function regexSearchOfContacts(page: Page, pattern: string): Promise<void> {
  await openTask(page, '推理1')
  await openApp(page, 'Contacts')
  const phone = phoneOf(page)
  await phone.getByRole('button', { name: 'Search options' }).click()
  await phone.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Regular expression' })
  const box = phone.getByRole('searchbox', { name: 'Search Contacts' })
  await box.fill(pattern)
  await box.press('Enter')
}

test('a person’s regex search from the search options, on a page that has just loaded', async ({ page }) => {
  await regexSearchOfContacts(page, '^(Tom|Owen) ')
  const phone = phoneOf(page)
  await expect(phone.getByRole('status')).toContainText('3 results')
  await expect(phone.getByRole('button', { name: 'Tom Ruiz', exact: true })).toBeVisible()
})

test('a refused search says why on the phone: a person’s bad pattern, a program’s unknown field in the replay, the phone’s own search', async ({ page }) => {
  await regexSearchOfContacts(page, '(unclosed')
  const phone = phoneOf(page)
  // The call is stored as refused; the phone says why in the person's words (it showed nothing, as if nothing was
  // searched, and then the tool's English sentence for the model).
  await expect(phone.getByRole('status')).toHaveText('“(unclosed” is not a valid regular expression: a ( is never closed with ).')
  await expect(page.getByText('No calls yet.')).toHaveCount(0)
  // The same refusal in Chinese, and the engine's reason with the part of the pattern it points at.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
  await expect(phone.getByRole('status')).toHaveText('“(unclosed”不是有效的正则表达式：左括号 ( 没有对应的 )。')
  const box = phone.getByRole('searchbox', { name: '搜索联系人' })
  await box.fill('Tom**')
  await box.press('Enter')
  await expect(phone.getByRole('status')).toHaveText('“Tom**”不是有效的正则表达式：两个重复符号连在一起，如 ** 或 +*，位置在“**”。')
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })

  // A program's search with a field Contacts does not have: the phone opens Contacts with the message, in the
  // replay too (it stayed on the home screen).
  const attempt = await page.evaluate(async () => {
    const api = window.spieval
    const opened = await api?.open('推理2', { actor: 'bot' })
    await api?.call('search_contacts', { pattern: 'manager', field: 'relationship' })
    await api?.submit()
    return opened?.attemptId
  })
  await page.goto(`./#/replay/${attempt}/1`)
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(phone.getByRole('status')).toContainText('unknown field "relationship"')

  // The phone's own search refused: the home screen says why, above the apps.
  await page.evaluate(async () => {
    await window.spieval?.open('推理1', { actor: 'bot' })
    await window.spieval?.call('search_phone', { pattern: 'Tom', page: 0 })
  })
  await expect(phone.getByRole('status')).toContainText('search_phone: page must be 1 or more.')
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  // A search too long for the phone's search: its length and the limit, in the reader's words.
  await page.evaluate(async () => void (await window.spieval?.call('search_phone', { pattern: 'x'.repeat(1001) })))
  await expect(phone.getByRole('status')).toHaveText(
    'The search is 1001 characters long; the limit in “Text” mode is 1000. Search for a shorter part of it: a name, a number, a word or two.',
  )
})

test('a regex search made before its engine has arrived waits for it, and answers', async ({ page }) => {
  // The engine's file is held back until the search has been sent (the idle preload waits too).
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(/re2js/, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await openTask(page, '推理1')
  const answer = page.evaluate(async () => {
    if (!window.spieval) throw new Error('no window.spieval')
    return (await window.spieval.call('search_contacts', { pattern: 'T.m (Ruiz|Becker)', mode: 'regex' })).content
  })
  await expect.poll(() => asked).toBe(true)
  let settled = false
  void answer.then(() => (settled = true))
  // Held: after two of the page's frames the call is still waiting for the engine, rather than failing.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(settled).toBe(false)
  release()
  expect(await answer).toContain('2 results for "T.m (Ruiz|Becker)"')
})

test('the engines are fetched after the page has drawn its task, not while it boots', async ({ page }) => {
  // The moment the phone is first in the document: the boot's end (the page draws the phone once a task is open).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.phone')) return
      performance.mark('test:phone-drawn')
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('./')
  const engineFetches = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/(re2js|fuse)[^/]*\.js/.test(entry.name)).map((entry) => entry.startTime))
  await expect.poll(async () => (await engineFetches()).length).toBe(2)
  const drawnAt = await page.evaluate(() => performance.getEntriesByName('test:phone-drawn')[0]?.startTime)
  expect(drawnAt).toBeDefined()
  expect(Math.min(...(await engineFetches()))).toBeGreaterThan(drawnAt ?? Infinity)
})
