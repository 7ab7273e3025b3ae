import { join } from 'node:path'
import { animationsEnded, expect, phoneOf, seriousViolations, test } from './helpers'
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test'

/**
 * The page on a phone (issue #18): the simulated phone fills the screen, the task is in a sheet behind the bar's
 * task button, the views and settings are in a menu, nothing scrolls sideways, and a person solves a task by
 * touch alone. On a laptop: the bar is one row and the whole phone is on a 720-pixel screen.
 */

// Each test takes a few seconds; the margin is for shared machines under heavy load.
test.describe.configure({ timeout: 120_000 })

const PHONE_SIZE = { width: 390, height: 844 }
/** MOBILE_SHOTS=dir writes the screenshots named below there. */
const SHOTS = process.env.MOBILE_SHOTS

async function shotIfAsked(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}
const TOUCH: BrowserContextOptions = { hasTouch: true, isMobile: true }

/** Opens a task by its deep link and waits for the home screen (the panel is in the closed sheet, so it is not waited for). */
async function openTaskOnPhone(page: Page, id: string): Promise<Locator> {
  await page.goto(`./#/task/${encodeURIComponent(id)}`)
  const phone = phoneOf(page)
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  return phone
}

/** The compact bar's task button: its name is "Task: “instruction”" and what waits. */
function taskButton(page: Page): Locator {
  return page.getByRole('button', { name: /^(Task|任务)[:：]/ })
}

/** Visible controls inside `scope` smaller than 44 × 44 px, one line each. */
async function smallTargets(scope: Locator): Promise<string[]> {
  // Measured at rest: through a sheet's or a menu's opening slide (0.18 s), a 44-pixel box can come out a float's
  // rounding away from 44 (44.0000153 and 43.99997 were seen), and one under it failed a run.
  await animationsEnded(scope.page())
  return scope.evaluate((root) => {
    const small: string[] = []
    for (const el of root.querySelectorAll<HTMLElement>('button, input:not([type="hidden"]), select, textarea, [role="button"], a[href]')) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
      if (box.width < 44 || box.height < 44) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`)
      }
    }
    return small
  })
}

/** How wide the document is against the window; a page that needs sideways scrolling is wider. */
async function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
}

async function touchContext(browser: Browser, baseURL: string | undefined, width: number, height: number) {
  const context = await browser.newContext({
    ...TOUCH,
    viewport: { width, height },
    baseURL,
    // The config's profile: an annotator is named, English.
    storageState: test.info().project.use.storageState,
  })
  return context
}

test.describe('at 390 × 844 with touch', () => {
  test.use({ viewport: PHONE_SIZE, ...TOUCH })

  test('a person solves 推理1 with taps: search, open the record, call, then Finish in the task sheet', async ({ page }) => {
    const phone = await openTaskOnPhone(page, '推理1')
    await expect(taskButton(page)).toHaveAccessibleName('Task: Call whoever is covering for my manager')
    await expect(taskButton(page)).toContainText('“Call whoever is covering for my manager”')
    // The phone fills the screen under the bar: no frame around it, nothing below it.
    const bar = await page.getByRole('banner').boundingBox()
    const frame = await phone.boundingBox()
    expect(bar?.height).toBeLessThanOrEqual(60)
    expect(frame).toMatchObject({ x: 0, width: PHONE_SIZE.width })
    expect(Math.round((frame?.y ?? 0) + (frame?.height ?? 0))).toBe(PHONE_SIZE.height)
    expect(await smallTargets(phone)).toEqual([])

    await phone.getByRole('button', { name: 'Contacts', exact: true }).tap()
    await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
    await phone.getByRole('searchbox', { name: 'Search Contacts' }).tap()
    await phone.getByRole('searchbox', { name: 'Search Contacts' }).fill('Tom')
    await phone.getByRole('button', { name: 'Search', exact: true }).tap()
    await expect(phone.getByRole('status')).toContainText('2 results')
    expect(await smallTargets(phone)).toEqual([])

    await phone.getByRole('button', { name: 'Tom Ruiz', exact: true }).tap()
    await expect(phone.getByText('Finance, budget controller')).toBeVisible()
    expect(await smallTargets(phone)).toEqual([])
    await phone.getByRole('button', { name: 'Voice call' }).tap()
    const form = phone.getByRole('region', { name: 'Call', exact: true })
    await expect(form.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue('13822419087')
    expect(await smallTargets(phone)).toEqual([])
    await form.getByRole('button', { name: 'Submit' }).tap()
    await expect(form).toBeHidden()
    // The bar says what waits, without opening the sheet.
    await expect(taskButton(page)).toHaveAccessibleName(/1 action to submit$/)

    await taskButton(page).tap()
    const sheet = page.getByRole('dialog', { name: 'Task' })
    await expect(sheet).toBeVisible()
    await expect(taskButton(page)).toHaveAttribute('aria-expanded', 'true')
    // Focus moved into the sheet (a modal: the phone behind it is inert).
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await expect(sheet.getByText('“Call whoever is covering for my manager”')).toBeVisible()
    await expect(sheet.getByText(/^Time:/)).toBeVisible()
    await expect(sheet.getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')).toHaveCount(1)
    expect(await smallTargets(sheet)).toEqual([])
    await sheet.getByRole('button', { name: 'Finish and check' }).tap()
    await expect(sheet.getByRole('status')).toHaveText('Correct')

    const current = await page.evaluate(async () => window.spieval?.current())
    expect(current?.finished).toBe(true)
    expect(current?.calls.filter((c) => c.source !== 'ui')).toEqual([])
    expect(current?.calls.filter((c) => !c.name.startsWith('search_')).map((c) => c.name)).toEqual(['Phone_Call'])

    await sheet.getByRole('button', { name: 'Close the task' }).tap()
    await expect(sheet).toBeHidden()
    await expect(taskButton(page)).toBeFocused()
    // The verdict's own mark, and nothing waits any more.
    await expect(taskButton(page)).toHaveAccessibleName('Task: Call whoever is covering for my manager, Finished: correct')
    await expect(taskButton(page).locator('.task-button-mark.correct')).toBeVisible()
    await expect(taskButton(page).locator('.task-button-badge')).toHaveCount(0)
  })

  test('a wrong finish shows its own mark on the task button; picking another task closes the sheet and shows the phone', async ({ page }) => {
    await openTaskOnPhone(page, '推理1')
    await page.evaluate(async () => {
      await window.spieval?.call('Phone_Call', { telephone: '10000000000' })
    })
    await taskButton(page).tap()
    const sheet = page.getByRole('dialog', { name: 'Task' })
    await sheet.getByRole('button', { name: 'Finish and check' }).tap()
    await expect(sheet.getByRole('status')).toHaveText(/^Wrong/)
    await sheet.getByRole('button', { name: 'Close the task' }).tap()
    await expect(taskButton(page)).toHaveAccessibleName('Task: Call whoever is covering for my manager, Finished: wrong')
    await expect(taskButton(page).locator('.task-button-mark.wrong')).toBeVisible()
    await expect(taskButton(page).locator('.task-button-mark.correct')).toHaveCount(0)
    await expect(taskButton(page).locator('.task-button-badge')).toHaveCount(0)
    await shotIfAsked(page, 'task-button-wrong-390-en')

    // Next task from the sheet: the sheet closes, the phone shows the next task.
    await taskButton(page).tap()
    await expect(sheet).toBeVisible()
    await sheet.getByRole('button', { name: /^Next task/ }).tap()
    await expect(sheet).toBeHidden()
    await expect(taskButton(page)).not.toHaveAccessibleName(/Call whoever is covering/)
    await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  })

  test('the phone’s list scrolls under a finger, and the page does not move', async ({ page }) => {
    const phone = await openTaskOnPhone(page, '推理1')
    await phone.getByRole('button', { name: 'Contacts', exact: true }).tap()
    const list = phone.locator('.record-list')
    await expect(list.getByRole('button').first()).toBeVisible()
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    const box = await list.boundingBox()
    if (!box) throw new Error('no list')
    // A finger's drag as the browser receives it (touch events through its input pipeline), not a wheel or a script setting scrollTop.
    const cdp = await page.context().newCDPSession(page)
    const x = Math.round(box.x + box.width / 2)
    const from = Math.round(box.y + box.height * 0.8)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] })
    for (let i = 1; i <= 12; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from - i * 30 }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(40)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('Escape and the close button close the sheet; the phone stays on its screen', async ({ page }) => {
    const phone = await openTaskOnPhone(page, '推理1')
    await phone.getByRole('button', { name: 'Contacts', exact: true }).tap()
    await phone.getByRole('button', { name: 'Tom Ruiz', exact: true }).tap()
    await expect(phone.getByRole('region', { name: 'Tom Ruiz', exact: true })).toBeVisible()
    await taskButton(page).tap()
    const sheet = page.getByRole('dialog', { name: 'Task' })
    await expect(sheet).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(phone.getByRole('region', { name: 'Tom Ruiz', exact: true })).toBeVisible()
    await expect(taskButton(page)).toBeFocused()
  })

  test('the menu holds the views, the data sets, presenter mode, the annotator, the access setting and the language', async ({ page }) => {
    await openTaskOnPhone(page, '推理1')
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true })
    await menuButton.tap()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    const views = menu.getByRole('navigation', { name: 'Views' }).getByRole('button')
    await expect(views).toHaveText(['Phone', 'People', 'Agent runs', 'Replay', 'Analysis', 'Grade'])
    await expect(menu.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-current', 'page')
    await expect(menu.getByRole('button', { name: 'Data sets' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Change annotator (now e2e)' })).toBeVisible()
    await expect(menu.getByRole('combobox', { name: 'Access' })).toHaveValue('browse')
    expect(await smallTargets(menu)).toEqual([])

    // A view: the menu closes and the bar names the view.
    await menu.getByRole('button', { name: 'Replay' }).tap()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SPIEval Phone · Replay')
    expect(await widths(page)).toEqual({ scrollWidth: PHONE_SIZE.width, innerWidth: PHONE_SIZE.width })

    // The data sets dialog takes the menu's place.
    await menuButton.tap()
    await menu.getByRole('button', { name: 'Data sets' }).tap()
    await expect(menu).toBeHidden()
    const manager = page.getByRole('dialog', { name: 'Data sets' })
    await expect(manager).toBeVisible()
    // Tapped while the dialog is still reading and drawing its list, under load, a tap was lost (CI, once): the
    // browser holds a touch's end until the page's main thread takes it, and a tap held too long ends as a long
    // press, with no click. A person sees the list before closing it; so does the test.
    await expect(manager.getByRole('region', { name: 'Stored data sets' }).getByText('Sample (Daniel Hayes)')).toBeVisible()
    await manager.getByRole('button', { name: 'Close' }).tap()
    await expect(manager).toBeHidden()

    // Presenter mode, as the wide bar's Present button opens it (only ?present did here); Escape leaves it.
    await menuButton.tap()
    await menu.getByRole('button', { name: 'Present', exact: true }).tap()
    await expect(menu).toBeHidden()
    const leave = page.getByRole('button', { name: 'Leave presenter mode (Escape)' })
    await expect(leave).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(leave).toBeHidden()

    // The language, back on the phone.
    await menuButton.tap()
    await menu.getByRole('button', { name: 'Phone' }).tap()
    await menuButton.tap()
    await menu.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    const zhMenu = page.getByRole('dialog', { name: '菜单' })
    await expect(zhMenu.getByRole('navigation', { name: '视图' }).getByRole('button').first()).toHaveText('手机')
    await zhMenu.getByRole('button', { name: '关闭菜单' }).tap()
    await expect(zhMenu).toBeHidden()
    await expect(page.getByRole('button', { name: '菜单', exact: true })).toBeFocused()
    await expect(taskButton(page)).toHaveAccessibleName('任务：Call whoever is covering for my manager')
  })

  test('axe finds no serious or critical violations: the phone, the task sheet, the menu (en, zh)', async ({ page }) => {
    test.slow() // several full-page axe runs
    const phone = await openTaskOnPhone(page, '推理1')
    const report: Record<string, string[]> = {}
    report.home = await seriousViolations(page)
    await phone.getByRole('button', { name: 'Contacts', exact: true }).tap()
    await phone.getByRole('button', { name: 'Tom Ruiz', exact: true }).tap()
    await expect(phone.getByRole('region', { name: 'Tom Ruiz', exact: true })).toBeVisible()
    report.record = await seriousViolations(page)
    await taskButton(page).tap()
    await expect(page.getByRole('dialog', { name: 'Task' })).toBeVisible()
    report.sheet = await seriousViolations(page)
    await page.getByRole('button', { name: 'Close the task' }).tap()
    await page.getByRole('button', { name: 'Menu', exact: true }).tap()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    report.menu = await seriousViolations(page)
    await menu.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    report.menuZh = await seriousViolations(page)
    await page.getByRole('button', { name: '关闭菜单' }).tap()
    await taskButton(page).tap()
    await expect(page.getByRole('dialog', { name: '任务' })).toBeVisible()
    report.sheetZh = await seriousViolations(page)
    expect(report).toEqual({ home: [], record: [], sheet: [], menu: [], menuZh: [], sheetZh: [] })
  })
})

for (const width of [360, 390]) {
  test(`nothing scrolls sideways at ${width} px: the phone, its sheet and menu, and every view`, async ({ browser, baseURL }) => {
    const context = await touchContext(browser, baseURL, width, 740)
    const page = await context.newPage()
    const fits = { scrollWidth: width, innerWidth: width }
    const phone = await openTaskOnPhone(page, '推理1')
    expect(await widths(page)).toEqual(fits)
    await phone.getByRole('button', { name: 'Contacts', exact: true }).tap()
    await phone.getByRole('button', { name: 'Tom Ruiz', exact: true }).tap()
    await phone.getByRole('button', { name: 'Voice call' }).tap()
    await expect(phone.getByRole('button', { name: 'Submit' })).toBeVisible()
    expect(await widths(page)).toEqual(fits)
    await taskButton(page).tap()
    await expect(page.getByRole('dialog', { name: 'Task' })).toBeVisible()
    expect(await widths(page)).toEqual(fits)
    await page.getByRole('button', { name: 'Close the task' }).tap()
    // A finished attempt, so that Analysis draws its charts (they ran 130 px off a 390 px screen).
    await page.evaluate(async () => {
      const api = window.spieval
      await api?.open('推理2', { actor: 'e2e' })
      await api?.call('Phone_Call', { telephone: '13822419087' })
      await api?.submit()
    })
    const menu = page.getByRole('dialog', { name: 'Menu' })
    for (const view of ['People', 'Agent runs', 'Replay', 'Analysis', 'Grade']) {
      await page.getByRole('button', { name: 'Menu', exact: true }).tap()
      expect(await widths(page)).toEqual(fits)
      await menu.getByRole('button', { name: view, exact: true }).tap()
      await expect(page.getByRole('heading', { level: 2, name: view }).first()).toBeVisible()
      if (view === 'Analysis') await expect(page.locator('figure[data-chart] .recharts-wrapper').first()).toBeVisible()
      expect(await widths(page), view).toEqual(fits)
    }
    await context.close()
  })
}

for (const size of [
  { width: 1100, height: 720 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width} × ${size.height} the top bar is one row and the whole phone is on the screen (en, zh)`, async ({ page }) => {
    await page.setViewportSize(size)
    const phone = await openTaskOnPhone(page, '推理1')
    for (const language of ['en', 'zh'] as const) {
      if (language === 'zh') {
        await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
        await expect(phone.getByRole('button', { name: '联系人', exact: true })).toBeVisible()
      }
      const bar = await page.getByRole('banner').boundingBox()
      expect(bar?.height, `${language}: top bar height`).toBeLessThanOrEqual(60)
      const frame = await phone.boundingBox()
      expect((frame?.y ?? 0) + (frame?.height ?? Infinity), `${language}: phone bottom`).toBeLessThanOrEqual(size.height)
      // Not squeezed to nothing: the home screen's ten apps are all in view.
      expect(frame?.height).toBeGreaterThanOrEqual(560)
      await expect(phone.getByRole('button', { name: language === 'en' ? 'Hotels' : '酒店', exact: true })).toBeInViewport()
      expect(await widths(page)).toEqual({ scrollWidth: size.width, innerWidth: size.width })
      // Nothing in the bar runs off the screen (at 1100 px the language's select did), and the annotator's short name is whole.
      const offScreen = await page.getByRole('banner').evaluate((bar) =>
        [...bar.querySelectorAll('*')].filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.className),
      )
      expect(offScreen, `${language}: off the screen`).toEqual([])
      expect(await page.locator('.annotator-name').evaluate((name) => name.scrollWidth <= name.clientWidth), `${language}: the annotator's name is whole`).toBe(true)
    }
  })
}
