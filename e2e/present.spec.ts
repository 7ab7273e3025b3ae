// Presenter mode (issue #18): the phone large and centred, the last call as a caption, Replay and a watched run in it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chooseLanguage, expect, panelOf, phoneOf, seriousViolations, test } from './helpers'
import type { Locator, Page } from '@playwright/test'

/** PRESENT_SHOTS=docs/screenshots writes present-<width>-<lang>.png there. */
const SHOTS = process.env.PRESENT_SHOTS

const caption = (page: Page) => page.getByRole('region', { name: /^(Current call|当前调用)$/ })
/** Presenter mode's controls and caption; the region itself has no box (its parts are fixed to the screen's edges). */
const presenter = (page: Page) => page.getByRole('region', { name: /^(Presenter mode|演示模式)$/ })
const player = (page: Page) => page.getByRole('region', { name: 'Player' })
const list = (page: Page) => page.getByRole('region', { name: /^Recorded attempts/ })

/** The phone is centred across the page, fits between the top of the page and the caption, and is larger than the usual 418 × 828. */
async function expectPhoneCentred(page: Page, options: { larger: boolean }): Promise<void> {
  const viewport = page.viewportSize()
  const phone = await phoneOf(page).boundingBox()
  const under = await caption(page).boundingBox()
  if (!viewport || !phone || !under) throw new Error('no box')
  expect(Math.abs(phone.x + phone.width / 2 - viewport.width / 2)).toBeLessThan(2)
  expect(phone.y).toBeGreaterThanOrEqual(0)
  expect(phone.y + phone.height).toBeLessThanOrEqual(under.y)
  if (options.larger) expect(phone.width).toBeGreaterThan(418 * 1.1)
}

/** Two attempts at 推理1 through window.spieval, submitted: bot-a searches and calls the right number. */
async function recordAttempt(page: Page): Promise<void> {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open('推理1', { setting: 'paginated', actor: 'bot-a' })
    await api.call('search_contacts', { pattern: 'Finance' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.submit()
  })
}

async function callLine(page: Page): Promise<Locator> {
  return caption(page).locator('.present-call')
}

test('?present shows the phone alone, centred and large; calls through window.spieval show in the caption; Escape leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto('./?present#/task/推理1')
  const phone = phoneOf(page)
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await expect(caption(page)).toBeVisible()
  await expect(panelOf(page)).toBeHidden()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(caption(page)).toContainText('No calls yet')
  await expect(caption(page)).toContainText('Call whoever is covering for my manager')
  await expectPhoneCentred(page, { larger: true })

  const search = await page.evaluate(() => window.spieval?.call('search_contacts', { pattern: 'Tom', field: '姓名' }))
  expect(search?.ok).toBe(true)
  await expect(await callLine(page)).toContainText('Search Contacts')
  await expect(await callLine(page)).toContainText('“Tom”')
  await expect(await callLine(page)).toContainText('in Name')
  await expect(await callLine(page)).toContainText('Call 1 · program')
  await expect(caption(page).locator('.present-result')).toHaveText(/✓\s+2 results/)
  await expect(caption(page).locator('.present-result')).toHaveClass(/\bok\b/)
  // The phone shows the search, as it does outside presenter mode.
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()

  const refused = await page.evaluate(() => window.spieval?.call('Phone_Call', {}))
  expect(refused?.ok).toBe(false)
  await expect(await callLine(page)).toContainText('Call 2 · program')
  await expect(caption(page).locator('.present-result')).toHaveClass(/\brefused\b/)
  await expect(caption(page).locator('.present-result')).toContainText('Refused')
  await expect(caption(page).locator('.present-result')).toContainText('telephone')

  await page.evaluate(() => window.spieval?.call('Phone_Call', { telephone: '13822419087', type: 'VOICE' }))
  await expect(await callLine(page)).toContainText('Call 3 · program')
  await expect(await callLine(page)).toContainText(/Call\s+Phone number 13822419087\s*·\s*Call type Voice/)
  await expect(caption(page).locator('.present-result')).toHaveText(/✓\s+Done/)

  // Arrows outside a replay change nothing.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowLeft')
  await expect(await callLine(page)).toContainText('Call 3 · program')

  await page.keyboard.press('Escape')
  await expect(presenter(page)).toHaveCount(0)
  await expect(panelOf(page)).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/task\/推理1/)
  // Escape left presenter mode only: the phone stayed in the app (the phone's own Escape goes back to the home screen).
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toHaveCount(0)
  // Focus went back to the button that enters presenter mode.
  await expect(page.getByRole('button', { name: 'Present', exact: true })).toBeFocused()
})

test('Replay plays in presenter mode: entered with the button, driven by the keyboard, axe-clean; Escape brings the player back', async ({ page }) => {
  test.slow()
  await recordAttempt(page)
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Replay' }).click()
  await list(page).getByRole('button', { name: 'Replay 推理1 by bot-a' }).click()
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await player(page).getByRole('combobox', { name: 'Speed' }).selectOption('4')

  await page.getByRole('button', { name: 'Present', exact: true }).click()
  await expect(caption(page)).toBeVisible()
  await expect(player(page)).toBeHidden()
  await expect(list(page)).toBeHidden()
  expect(new URL(page.url()).search).toBe('?present')
  await expectPhoneCentred(page, { larger: false })
  await expect(await callLine(page)).toContainText('Step 1 of 2 · program')
  await expect(await callLine(page)).toContainText('Search Contacts “Finance”')
  await expect(presenter(page)).toContainText('Space play / pause')

  await page.keyboard.press('ArrowRight')
  await expect(await callLine(page)).toContainText('Step 2 of 2 · program')
  await expect(await callLine(page)).toContainText('Phone number 13822419087')
  await expect(caption(page).locator('.present-verdict')).toHaveText('Verdict: Correct')
  expect(page.url()).toMatch(/#\/replay\/[^/]+\/2$/)

  await page.keyboard.press('ArrowLeft')
  await expect(await callLine(page)).toContainText('Step 1 of 2')
  await expect(phoneOf(page).locator('mark', { hasText: 'Finance' }).first()).toBeVisible()
  // A presentation clicker's keys, and Home and End.
  await page.keyboard.press('PageDown')
  await expect(await callLine(page)).toContainText('Step 2 of 2')
  await page.keyboard.press('PageUp')
  await expect(await callLine(page)).toContainText('Step 1 of 2')
  await page.keyboard.press('End')
  await expect(await callLine(page)).toContainText('Step 2 of 2')
  await page.keyboard.press('Home')
  await expect(await callLine(page)).toContainText('Step 1 of 2')
  await expect(phoneOf(page).locator('mark', { hasText: 'Finance' }).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Space plays to the end (at 4×).
  await page.keyboard.press('Space')
  await expect(await callLine(page)).toContainText('Step 2 of 2')
  await expect(caption(page).locator('.present-verdict')).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(presenter(page)).toHaveCount(0)
  await expect(player(page)).toBeVisible()
  await expect(player(page).getByText('Step 2 / 2')).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  expect(page.url()).toMatch(/#\/replay\/[^/]+\/2$/)
})

test('a watched agent run plays on the presented phone', async ({ page }) => {
  await page.goto('./#/runs')
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.getByLabel('Model', { exact: true }).selectOption('keyword')
  await page.getByLabel('Tasks to run').selectOption(['推理1'])
  await page.getByLabel('Watch on the phone').selectOption('推理1')
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page.getByRole('complementary', { name: 'Watching 推理1 live' })).toBeVisible()
  await page.getByRole('button', { name: 'Present', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeHidden()
  await expect(phoneOf(page)).toBeVisible()
  await expectPhoneCentred(page, { larger: false })
  await expect(await callLine(page)).toContainText('· agent')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeVisible()
})

for (const size of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  test(`presenter mode at ${size.width} × ${size.height} in English and Chinese: axe-clean, with screenshots`, async ({ page }) => {
    test.slow()
    await page.setViewportSize(size)
    await recordAttempt(page)
    await page.evaluate(async () => {
      const api = window.spieval
      if (!api) throw new Error('no window.spieval')
      await api.open('推理1', { setting: 'paginated', actor: 'demo-model' })
      await api.call('search_phone', { pattern: 'manager' })
      await api.call('search_contacts', { pattern: 'Tom' })
      await api.call('search_contacts', { pattern: 'Finance', field: '备注' })
      await api.call('Phone_Call', { telephone: '13822419087', type: 'VOICE' })
      await api.submit()
    })
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Replay' }).click()
    await list(page).getByRole('button', { name: 'Replay 推理1 by demo-model' }).click()
    await player(page).getByRole('button', { name: 'Go to step 3: search_contacts' }).click()
    await expect(player(page).getByText('Step 3 / 4')).toBeVisible()
    await page.getByRole('button', { name: 'Present', exact: true }).click()
    await expect(await callLine(page)).toContainText('Step 3 of 4')
    await expect(await callLine(page)).toContainText('in Note')
    await expect(phoneOf(page).locator('mark', { hasText: 'Finance' }).first()).toBeVisible()
    await expectPhoneCentred(page, { larger: size.height >= 1080 })
    await page.mouse.move(0, 0)
    const shot = (lang: string) => {
      const name = `present-${size.width}-${lang}.png`
      if (SHOTS) mkdirSync(SHOTS, { recursive: true })
      return SHOTS ? join(SHOTS, name) : test.info().outputPath(name)
    }
    await page.screenshot({ path: shot('en') })
    const en = await seriousViolations(page)

    // The language is chosen in the top bar, hidden here: out and back in.
    await page.keyboard.press('Escape')
    await chooseLanguage(page, 'zh')
    await page.getByRole('button', { name: '演示', exact: true }).click()
    await expect(await callLine(page)).toContainText('第 3 / 4 步')
    await expect(await callLine(page)).toContainText('搜索联系人')
    await page.mouse.move(0, 0)
    await page.screenshot({ path: shot('zh') })
    expect({ en, zh: await seriousViolations(page) }).toEqual({ en: [], zh: [] })
  })
}
