import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { api, chooseLanguage, expect, fillText, openApp, openRecord, openTask, panelOf, phoneOf, seriousViolations, startAction, submit, test } from './helpers'
import type { Locator, Page } from '@playwright/test'

/**
 * A person's day on the phone (issue #26): forms in the reader's language with the raw parameter name as a
 * hint, a keypad that calls in one tap and takes the keyboard's digits, numbers in any record that can be
 * called or messaged, date and time pickers that write the tool's format, a review that fits a phone's
 * width, and a desktop bar that stays one row. PHONE_SHOTS=dir writes the screenshots named below there.
 */
const SHOTS = process.env.PHONE_SHOTS

test.describe.configure({ timeout: 120_000 })

async function shot(page: Page, name: string): Promise<void> {
  const path = SHOTS ? join(SHOTS, `phone-${name}.png`) : test.info().outputPath(`phone-${name}.png`)
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path })
}

/** A screenshot in English, then the same screen in Chinese (the bar's language select, at desktop width), back in English. */
async function shotInBoth(page: Page, name: string): Promise<void> {
  await shot(page, `${name}-en`)
  await chooseLanguage(page, 'zh')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await shot(page, `${name}-zh`)
  await chooseLanguage(page, 'en')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
}

async function chooseLanguageAtAnyWidth(page: Page, language: 'en' | 'zh'): Promise<void> {
  if (language === 'en') return
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  if (await page.getByRole('dialog', { name: '菜单' }).isVisible()) await page.keyboard.press('Escape')
}

/** The stored attempt's calls, as `window.spieval.current()` gives them. */
async function storedCalls(page: Page): Promise<{ name: string; arguments: Record<string, unknown>; source: string }[]> {
  return api(page, 'return (await api.current())?.calls ?? []')
}

const WORDS = {
  en: { wallet: 'Wallet', pay: 'Pay', item: 'Item', itemHint: 'item · What the payment is for.', payee: 'Payee' },
  zh: { wallet: '钱包', pay: '付款', item: '项目', itemHint: 'item · 这笔付款的用途。', payee: '收款人' },
} as const

for (const language of ['en', 'zh'] as const) {
  test(`an action form reads in ${language}: each field by its label, the raw parameter name and the description as its hint`, async ({ page }) => {
    const words = WORDS[language]
    const phone = await openTask(page, '推理1')
    await chooseLanguageAtAnyWidth(page, language)
    await phone.getByRole('button', { name: words.wallet, exact: true }).click()
    await phone.getByRole('button', { name: words.pay, exact: true }).click()
    const form = phone.getByRole('region', { name: words.pay, exact: true })
    const item = form.getByRole('textbox', { name: words.item, exact: true })
    await expect(item).toBeVisible()
    await expect(item).toHaveAccessibleDescription(words.itemHint)
    await expect(form.getByRole('textbox', { name: words.payee, exact: true })).toBeVisible()
    // No English schema text in the Chinese form; the raw names stay, as code.
    if (language === 'zh') await expect(form).not.toContainText('What the payment is for')
    await expect(form.locator('code.param-name')).toHaveText(['item', 'amount', 'receivingName', 'receivingAccount', 'note'])
    await shot(page, `form-${language}`)
  })
}

test('the keypad calls in one tap: digits from the keyboard, voice from the green button, video from the camera', async ({ page }) => {
  const phone = await openTask(page, '推理1')
  await phone.getByRole('button', { name: 'Phone', exact: true }).click()
  await phone.getByRole('tab', { name: 'Keypad' }).click()
  const number = phone.getByRole('textbox', { name: 'Number' })
  // Focus is on the tab, not the number: the keyboard's digits still dial, and Backspace takes one back.
  await page.keyboard.type('138009900119')
  await page.keyboard.press('Backspace')
  await expect(number).toHaveValue('13800990011')
  await shotInBoth(page, 'keypad')
  await phone.getByRole('button', { name: 'Voice call', exact: true }).click()
  // One tap: the call is made (no form), and the phone shows it.
  await expect(phone.getByRole('status').filter({ hasText: 'Calling…' })).toContainText('13800990011')
  await expect(phone.getByRole('region', { name: 'Call', exact: true })).toHaveCount(0)
  expect(await storedCalls(page)).toEqual([expect.objectContaining({ name: 'Phone_Call', arguments: { telephone: '13800990011', type: 'VOICE' }, source: 'ui' })])
  await shotInBoth(page, 'in-call')
  expect(await seriousViolations(page)).toEqual([])
  await phone.getByRole('button', { name: 'End call' }).click()
  await expect(number).toHaveValue('')

  for (const digit of ['1', '3', '9']) await phone.getByRole('button', { name: `Digit ${digit}` }).click()
  await phone.getByRole('button', { name: 'Video call', exact: true }).click()
  await expect(phone.getByRole('status').filter({ hasText: 'Video calling…' })).toBeVisible()
  expect((await storedCalls(page)).map((c) => c.arguments)).toEqual([
    { telephone: '13800990011', type: 'VOICE' },
    { telephone: '139', type: 'VIDEO' },
  ])
})

test('a contact’s Voice call opens its form with the call type set to voice', async ({ page }) => {
  await openTask(page, '推理1')
  await openApp(page, 'Contacts')
  await openRecord(page, 'Tom Ruiz')
  const form = await startAction(page, 'Voice call', 'Call')
  await expect(form.getByRole('combobox', { name: 'Call type', exact: true })).toHaveValue('VOICE')
  await submit(page, form, 'Phone_Call')
  expect((await storedCalls(page)).at(-1)?.arguments).toEqual({ telephone: '13822419087', type: 'VOICE' })
})

test('a hotel’s and a trip’s number can be called or messaged from where it is shown', async ({ page }) => {
  const phone = await openTask(page, '推理3')
  await phone.getByRole('button', { name: 'Hotels', exact: true }).click()
  await phone.locator('.list-row').first().click()
  const record = phone.getByRole('region', { name: /^Hyatt Place Omaha/ })
  await expect(record.getByRole('button', { name: 'Voice call', exact: true })).toBeVisible()
  await expect(record.getByRole('button', { name: 'Message', exact: true })).toBeVisible()
  const number = record.getByRole('button', { name: 'Call or message 15811224476' })
  await number.click()
  const menu = record.getByRole('menu', { name: '15811224476' })
  await expect(menu.getByRole('menuitem')).toHaveText(['Voice call', 'Video call', 'Message'])
  await expect(menu.getByRole('menuitem', { name: 'Voice call' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'number-menu-en')
  // Escape closes the menu, not the record.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(number).toBeFocused()
  await expect(record).toBeVisible()
  await number.click()
  await menu.getByRole('menuitem', { name: 'Message' }).click()
  const form = phone.getByRole('region', { name: 'Send message', exact: true })
  await expect(form.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue('15811224476')

  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await phone.getByRole('button', { name: 'Travel', exact: true }).click()
  await phone.locator('.list-row').first().click()
  await phone.getByRole('button', { name: /^Call or message / }).first().click()
  await phone.getByRole('menuitem', { name: 'Video call' }).click()
  const call = phone.getByRole('region', { name: 'Call', exact: true })
  await expect(call.getByRole('combobox', { name: 'Call type', exact: true })).toHaveValue('VIDEO')
})

test('dates and times are picked and written in the tool’s format; a new note starts at the phone’s now', async ({ page }) => {
  const phone = await openTask(page, '推理1')
  await phone.getByRole('button', { name: 'Notes', exact: true }).click()
  const note = await startAction(page, 'New note')
  await expect(note.getByRole('textbox', { name: 'Date', exact: true })).toHaveAttribute('type', 'date')
  await expect(note.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue('2026-03-14')
  await expect(note.getByRole('textbox', { name: 'Time', exact: true })).toHaveValue('10:00')
  await page.keyboard.press('Escape')

  await phone.getByRole('button', { name: 'Back to the home screen' }).click()
  await phone.getByRole('button', { name: 'Calendar', exact: true }).click()
  const event = await startAction(page, 'New event')
  await expect(event.getByRole('textbox', { name: 'Start time', exact: true })).toHaveAttribute('type', 'time')
  await fillText(event, 'date', '2026-03-20')
  // The picker gives HH:MM when the seconds are zero; the tool wants HH:MM:SS.
  await fillText(event, 'timeStart', '09:00')
  await fillText(event, 'timeEnd', '09:30:15')
  await fillText(event, 'title', 'Dentist')
  await expect(event.getByRole('textbox', { name: 'Start time', exact: true })).toHaveValue('09:00:00')
  await submit(page, event, 'Schedule_Create')
  expect((await storedCalls(page)).at(-1)?.arguments).toEqual({ date: '2026-03-20', timeStart: '09:00:00', timeEnd: '09:30:15', title: 'Dentist' })

  // A trip leaves "now" or picks a time.
  await phone.getByRole('button', { name: 'Back to the home screen' }).click()
  await phone.getByRole('button', { name: 'Travel', exact: true }).click()
  const trip = await startAction(page, 'Book trip')
  const now = trip.getByRole('button', { name: 'Now', exact: true })
  await now.click()
  await expect(now).toHaveAttribute('aria-pressed', 'true')
  await expect(trip.getByRole('textbox', { name: 'Time', exact: true })).toBeDisabled()
})

/** Calls three of the task's tools that add a record, each with long values in every parameter, and submits. */
function wrongCalls(taskId: string): string {
  return `
    const opened = await api.open(${JSON.stringify(taskId)})
    for (const tool of opened.tools.filter((t) => /_Create$/.test(t.function.name)).slice(0, 3)) {
      const args = {}
      for (const [name, p] of Object.entries(tool.function.parameters.properties)) {
        if (p.enum) args[name] = p.enum[0]
        else if (p.type === 'array') args[name] = p.items?.enum ? [p.items.enum[0]] : ['A participant with a rather long name, Esq.']
        else if (p.type === 'integer' || p.type === 'number') args[name] = 12345678
        else args[name] = 'a-very-long-value-without-any-spaces-' + name + '-0123456789'
      }
      await api.call(tool.function.name, args)
    }
    return api.submit()`
}

/** Every table in the sheet inside its box, and nothing in the sheet or the page wider than the screen. */
async function overflowOf(sheet: Locator): Promise<string[]> {
  return sheet.evaluate((root) => {
    const out: string[] = []
    const box = root.getBoundingClientRect()
    for (const table of root.querySelectorAll('table')) {
      const r = table.getBoundingClientRect()
      const parent = table.parentElement?.getBoundingClientRect() ?? box
      if (r.right > Math.min(box.right, parent.right) + 0.5 || r.left < Math.max(box.left, parent.left) - 0.5)
        out.push(`table "${table.caption?.textContent ?? ''}" ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(parent.left)}–${Math.round(parent.right)}`)
    }
    // Anything wider than its box, but text cut on purpose (an ellipsis) and what is there for screen readers only (clipped).
    const clipped = (el: Element | null): boolean => !!el && el !== root && (getComputedStyle(el).clipPath !== 'none' || clipped(el.parentElement))
    for (const el of [root, ...root.querySelectorAll<HTMLElement>('*')])
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && getComputedStyle(el).textOverflow !== 'ellipsis' && !clipped(el))
        out.push(`${el.tagName.toLowerCase()}.${String(el.className)} is wider than its box (${el.scrollWidth} > ${el.clientWidth})`)
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`)
    return out
  })
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  for (const language of ['en', 'zh'] as const) {
    test(`the review of a wrong attempt fits the task sheet (${language}), with the published-size data`, async ({ page }) => {
      await page.goto(`./#/task/${encodeURIComponent('辨析5')}`)
      await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
      await chooseLanguageAtAnyWidth(page, language)
      // Long values in every column: a wrong hotel booking and a wrong meeting.
      await api(page, wrongCalls('辨析5'))
      await page.getByRole('button', { name: /^(Task|任务)[:：]/ }).click()
      const sheet = page.getByRole('dialog', { name: language === 'en' ? 'Task' : '任务' })
      await expect(sheet.locator('table.param-diff').first()).toBeVisible()
      expect(await overflowOf(sheet)).toEqual([])
      await sheet.locator('table.param-diff').first().scrollIntoViewIfNeeded()
      await shot(page, `review-390-${language}`)
    })
  }

  test('the review of a live attempt, with its state changes, fits the task sheet', async ({ page }) => {
    await page.goto('./')
    await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
    await api(page, `
      const names = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
      const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await (await fetch('./data-live/' + n)).text()])))
      return api.importDataset(files, 'live at 390')`)
    await page.goto(`./#/task/${encodeURIComponent('整合L2')}`)
    await expect(page.getByRole('button', { name: /^Task:/ })).toBeVisible({ timeout: 40_000 })
    await api(page, wrongCalls('整合L2'))
    await page.getByRole('button', { name: /^Task:/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Task' })
    await expect(sheet.locator('table.state-fields').first()).toBeVisible()
    expect(await overflowOf(sheet)).toEqual([])
    await sheet.locator('table.state-fields').first().scrollIntoViewIfNeeded()
    await shot(page, 'review-live-390-en')
  })
})

test.describe('at 1280 × 720', () => {
  test.use({ viewport: { width: 1280, height: 720 } })

  for (const language of ['en', 'zh'] as const) {
    test(`the bar stays one row with a long data set name and annotator (${language})`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        baseURL: test.info().project.use.baseURL,
        storageState: {
          cookies: [],
          origins: [
            {
              origin: new URL(test.info().project.use.baseURL ?? '').origin,
              localStorage: [{ name: 'spieval-settings', value: JSON.stringify({ state: { language, access: 'browse', actor: 'An annotator with a long name' }, version: 0 }) }],
            },
          ],
        },
      })
      const own = await context.newPage()
      await own.goto('./')
      await expect(phoneOf(own).getByRole('button', { name: language === 'en' ? 'Contacts' : '联系人', exact: true })).toBeVisible({ timeout: 40_000 })
      await api(own, `
        const names = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
        const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await (await fetch('./data/' + n)).text()])))
        return api.importDataset(files, 'SPIEval published release, revision 3 with the annotators’ fixes (December 2026)')`)
      const bar = own.getByRole('banner')
      await expect(bar).toContainText('revision 3')
      const rows = await bar.evaluate((el) => {
        const tops = new Set<number>()
        for (const child of el.children) {
          const r = child.getBoundingClientRect()
          if (r.width > 0) tops.add(Math.round(r.top + r.height / 2))
        }
        return { height: el.getBoundingClientRect().height, middles: [...tops] }
      })
      expect(rows.height).toBeLessThanOrEqual(50)
      // Every control's middle on one line (within a few pixels).
      expect(Math.max(...rows.middles) - Math.min(...rows.middles)).toBeLessThanOrEqual(4)
      await expect(bar.getByRole('combobox', { name: language === 'en' ? 'Language' : '语言' })).toBeInViewport()
      await own.screenshot({ path: SHOTS ? join(SHOTS, `phone-bar-1280-${language}.png`) : test.info().outputPath(`bar-${language}.png`), clip: { x: 0, y: 0, width: 1280, height: 160 } })
      await context.close()
    })
  }
})

test('at 1280 × 720 the review of a wrong attempt fits the panel beside the phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openTask(page, '推理1')
  await api(page, `await api.call('Phone_Call', { telephone: '10000000000' }); return api.submit()`)
  const review = panelOf(page).locator('table.param-diff').first()
  await expect(review).toBeVisible()
  expect(await overflowOf(panelOf(page))).toEqual([])
})
