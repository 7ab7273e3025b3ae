// Screenshots of the phone: the home screen and every app's list, in English and Chinese.
// Run with `npx tsx scripts/screenshots.ts`. It starts its own Vite server on a free port,
// drives Debian's Chromium, and writes docs/screenshots/home-<lang>.png and app-<app>-<lang>.png.
// DETAILS_DIR=/some/dir also saves each app's first record detail (and the Messages thread, the keypad)
// there; AXE=1 runs axe-core on every screen and prints the violations.
import { mkdirSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { chromium } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import { createServer } from 'vite'
import { chromiumLaunch } from '../playwright.config'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = join(ROOT, 'docs/screenshots')
const DETAILS = process.env.DETAILS_DIR
const AXE = process.env.AXE === '1'

/** Each app shown on a task whose records show it well (attachments, minutes, several statuses). */
const APP_TASKS: [app: string, task: string][] = [
  ['contacts', '推理1'],
  ['sms', '偏好2'],
  ['voicemail', '辨析1'],
  ['notes', '整合1'],
  ['schedule', '偏好9'],
  ['meeting', '偏好6'],
  ['alarm', '偏好5'],
  ['transaction', '辨析10'],
  ['transport', '偏好3'],
  ['accommodation', '辨析7'],
]

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  if (DETAILS) mkdirSync(DETAILS, { recursive: true })
  const port = await freePort()
  const server = await createServer({ root: ROOT, logLevel: 'warn', server: { port, strictPort: true, host: '127.0.0.1' } })
  await server.listen()
  const base = `http://127.0.0.1:${port}/`
  const browser = await chromium.launch({
    executablePath: chromiumLaunch.executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  let violations = 0
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 960 } })
    context.setDefaultTimeout(120_000)
    context.setDefaultNavigationTimeout(120_000)
    // A named annotator, as after a first visit (the name dialog would cover the phone).
    await context.addInitScript(
      `if (!localStorage.getItem('spieval-settings')) localStorage.setItem('spieval-settings', ${JSON.stringify(JSON.stringify({ state: { language: 'en', access: 'browse', actor: 'Ann' }, version: 0 }))})`,
    )
    const page = await context.newPage()
    const phone = page.getByRole('region', { name: /SPIEval/ })
    const open = async (task: string, app?: string) => {
      await page.goto('about:blank')
      await page.goto(`${base}#/task/${encodeURIComponent(task)}${app ? `/app/${app}` : ''}`)
      // A link to the task alone resumes the attempt's last screen: go home from there.
      if (!app) await phone.locator('.phone-content').waitFor()
      if (!app && !(await phone.locator('.home-screen').isVisible())) await phone.locator('.home-indicator').click()
      await phone.locator(app ? `.app-screen.app-${app}` : '.home-screen').waitFor()
      await page.waitForTimeout(300)
    }
    const check = async (what: string) => {
      if (!AXE) return
      const result = await new AxeBuilder({ page }).include('.phone').analyze()
      for (const v of result.violations) {
        violations++
        console.log(`axe ${what}: ${v.id} (${v.impact ?? ''}) ${v.nodes.length} nodes: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)
      }
    }
    const shot = async (file: string) => {
      await page.waitForTimeout(250)
      await phone.screenshot({ path: file })
      console.log(file)
    }
    for (const language of ['en', 'zh'] as const) {
      await open('推理1')
      await page.getByRole('combobox', { name: /Language|语言/ }).selectOption(language)
      await page.waitForTimeout(300)
      await shot(join(OUT, `home-${language}.png`))
      await check(`home ${language}`)
      for (const [app, task] of APP_TASKS) {
        await open(task, app)
        await shot(join(OUT, `app-${app}-${language}.png`))
        await check(`${app} list ${language}`)
        if (!DETAILS) continue
        await phone.locator('.record-list .list-row').first().click()
        if (app === 'sms') {
          await phone.locator('.thread-view').waitFor()
          await shot(join(DETAILS, `thread-${language}.png`))
          await check(`sms thread ${language}`)
          await phone.locator('.bubble').last().click()
        }
        await phone.locator('.record-detail').waitFor()
        await shot(join(DETAILS, `detail-${app}-${language}.png`))
        await check(`${app} detail ${language}`)
        if (app === 'voicemail') {
          await page.keyboard.press('Escape')
          await phone.getByRole('tab', { name: /Keypad|拨号键盘/ }).click()
          for (const d of '13822419087') await phone.getByRole('button', { name: new RegExp(`^(Digit|数字) ${d}$`) }).click()
          await shot(join(DETAILS, `keypad-${language}.png`))
          await check(`keypad ${language}`)
          await phone.getByRole('tab', { name: /Voicemail|语音信箱/ }).click()
        }
      }
    }
    for (const language of ['en', 'zh'] as const) await panelShots(page, base, language)
    await layoutShots(browser, base)
    if (DETAILS) await searchAndExecute(page, base, DETAILS)
  } finally {
    await browser.close()
    await server.close()
  }
  if (AXE) console.log(`axe violations: ${violations}`)
}

/** The panel during a blind attempt (attempt-<lang>.png) and its review after Finish (review-<lang>.png). */
async function panelShots(page: Page, base: string, language: 'en' | 'zh'): Promise<void> {
  await page.goto('about:blank')
  await page.goto(`${base}#/task/${encodeURIComponent('推理1')}/app/contacts`)
  await page.getByRole('combobox', { name: /Language|语言/ }).selectOption(language)
  const phone = page.getByRole('region', { name: /SPIEval/ })
  await phone.locator('.app-screen').waitFor()
  // Each language's attempt is another person's: the second would otherwise be practice (its solver saw the gold in the
  // first one's review), and the panel would say so.
  const actor = language === 'zh' ? '李娜' : 'Ann'
  await page.evaluate(async (actor) => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open('推理1', { setting: 'paginated', actor })
    await api.call('search_contacts', { pattern: 'manager' })
    await api.call('search_voicemail', { pattern: 'Rachel' })
    await api.call('search_contacts', { pattern: 'Tom' })
    await api.call('Phone_Call', { telephone: '13655208731' })
  }, actor)
  await page.waitForTimeout(600)
  await page.screenshot({ path: join(OUT, `attempt-${language}.png`) })
  console.log(join(OUT, `attempt-${language}.png`))
  await page.getByRole('button', { name: /Finish and check|完成并检查/ }).click()
  const review = page.locator('.review')
  await review.waitFor()
  await page.waitForTimeout(400)
  await review.screenshot({ path: join(OUT, `review-${language}.png`) })
  console.log(join(OUT, `review-${language}.png`))
}

/**
 * The page at a phone's width (layout-390-<lang>.png, with its task sheet and its menu), a laptop's and a large
 * screen's (layout-1280-, layout-1920-<lang>.png): 推理1's Phone app, one action waiting.
 */
async function layoutShots(browser: Browser, base: string): Promise<void> {
  for (const language of ['en', 'zh'] as const) {
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
      const phoneSized = size.width < 600
      const context = await browser.newContext({ viewport: size, ...(phoneSized ? { hasTouch: true, isMobile: true } : {}) })
      context.setDefaultTimeout(120_000)
      await context.addInitScript(
        `localStorage.setItem('spieval-settings', ${JSON.stringify(JSON.stringify({ state: { language, access: 'browse', actor: 'Ann' }, version: 0 }))})`,
      )
      const page = await context.newPage()
      await page.goto(`${base}#/task/${encodeURIComponent('推理1')}/app/voicemail`)
      await page.locator('.app-screen.app-voicemail').waitFor()
      await page.evaluate(() => window.spieval?.call('Phone_Call', { telephone: '13822419087' }))
      await page.waitForTimeout(600)
      const file = (name: string) => join(OUT, `layout-${name}-${language}.png`)
      await page.screenshot({ path: file(String(size.width)) })
      if (phoneSized) {
        await page.getByRole('button', { name: /^(Task|任务)/ }).first().tap()
        await page.getByRole('dialog').waitFor()
        await page.waitForTimeout(400)
        await page.screenshot({ path: file('390-sheet') })
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'hidden' })
        await page.getByRole('button', { name: /^(Menu|菜单)$/ }).tap()
        await page.getByRole('dialog').waitFor()
        await page.waitForTimeout(400)
        await page.screenshot({ path: file('390-menu') })
      }
      console.log(file(String(size.width)))
      await context.close()
    }
  }
}

/** A search with highlighted hits, and an executed action shown as New, for a look at both. */
async function searchAndExecute(page: Page, base: string, dir: string): Promise<void> {
  const phone = page.getByRole('region', { name: /SPIEval/ })
  await page.goto('about:blank')
  await page.goto(`${base}#/task/${encodeURIComponent('辨析7')}/app/accommodation`)
  await phone.locator('.app-screen').waitFor()
  await phone.getByRole('searchbox').fill('King')
  await phone.getByRole('searchbox').press('Enter')
  await page.waitForTimeout(400)
  await phone.screenshot({ path: join(dir, 'search-accommodation.png') })
  await page.goto('about:blank')
  await page.goto(`${base}#/task/${encodeURIComponent('偏好2')}/app/sms`)
  await phone.locator('.app-screen').waitFor()
  await page.waitForTimeout(300)
  await phone.locator('.record-list .list-row').first().click()
  await phone.getByRole('button', { name: /Reply|回复/ }).last().click()
  await phone.getByRole('textbox', { name: /^(text|正文)/i }).fill('On my way.')
  await phone.getByRole('button', { name: /Submit|提交/ }).click()
  await page.waitForTimeout(400)
  await phone.screenshot({ path: join(dir, 'sms-new.png') })
}

await main()
