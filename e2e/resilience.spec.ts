import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { api, callTomFromContacts, chooseLanguage, expect, openApp, openTask, panelOf, phoneOf, searchIn, seriousViolations, test } from './helpers'

/** Set RESILIENCE_SHOTS to a folder to save screenshots of the error boundary and the reload message there (English and Chinese). */
const SHOTS = process.env.RESILIENCE_SHOTS

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/**
 * The page as a lab machine serves it over plain HTTP at its own address: not a secure context, so none of
 * the APIs browsers keep for secure contexts. (Chromium counts every 127.x address as trustworthy, so the
 * APIs are taken away before the page's code runs instead.)
 */
async function insecureContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    for (const [proto, name] of [
      [Crypto.prototype, 'randomUUID'],
      [Crypto.prototype, 'subtle'],
      [Navigator.prototype, 'locks'],
      [Navigator.prototype, 'storage'],
    ] as const)
      Reflect.deleteProperty(proto, name)
    Object.defineProperty(window, 'isSecureContext', { value: false })
  })
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

test('served over plain HTTP (no randomUUID, no Web Locks): the sample imports and a task is solved', async ({ context, page }) => {
  await insecureContext(context)
  const errors = collectErrors(page)
  await openTask(page, '推理1')
  expect(await page.evaluate(() => [typeof crypto.randomUUID, typeof navigator.locks, window.isSecureContext])).toEqual(['undefined', 'undefined', false])
  await callTomFromContacts(page, 'Tom Ruiz')
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  const current = await api<{ attemptId: string; finished: boolean }>(page, 'return api.current()')
  expect(current).toMatchObject({ finished: true, attemptId: expect.stringMatching(V4) })
  // A data set imported through the API gets its id the same way.
  const imported = await page.evaluate(async () => {
    const names = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
    const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await (await fetch(`./data/${n}`)).text()] as const)))
    return window.spieval?.importDataset(files, 'again')
  })
  expect(imported?.id).toMatch(V4)
  expect(errors).toEqual([])
})

test('without Web Locks, two tabs on one attempt: one leads, the other says so and takes over when the first closes', async ({ context }) => {
  await insecureContext(context)
  const first = await context.newPage()
  await openTask(first, '推理1')
  await api(first, "await api.call('search_contacts', { pattern: 'manager' })")
  const second = await context.newPage()
  await second.goto('./#/task/推理1')
  await expect(second.getByRole('alert').filter({ hasText: 'open in another tab' })).toBeVisible({ timeout: 40_000 })
  const refused = await api<{ ok: boolean; content: string }>(second, "return api.call('search_contacts', { pattern: 'Tom' })")
  expect(refused).toMatchObject({ ok: false, content: expect.stringContaining('open in another tab') })
  // The first tab still leads, seconds later (its lease is renewed).
  await first.waitForTimeout(2_000)
  expect(await api<{ ok: boolean }>(first, "return api.call('Phone_Call', { telephone: '13822419087' })")).toMatchObject({ ok: true })
  await first.close()
  await expect(second.getByRole('alert').filter({ hasText: 'open in another tab' })).toBeHidden()
  const steps = panelOf(second).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')
  await expect(steps).toHaveCount(2)
  await panelOf(second).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(second).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
})

test('a view that fails to render shows Reload and Export my attempts, and the export holds the attempts', async ({ page }) => {
  const errors = collectErrors(page)
  await openTask(page, '推理1')
  await api(page, "await api.call('search_contacts', { pattern: 'Tom' }); await api.call('Phone_Call', { telephone: '13822419087' }); await api.submit()")
  const { attemptId } = await api<{ attemptId: string }>(page, 'return api.current()')
  // A stored row the page cannot draw (a flag whose comment is not text), written straight into IndexedDB as a
  // damaged or hand-edited profile would hold it: the finished attempt's review renders its flags.
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('spieval-phone')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction('attempts', 'readwrite')
          const store = tx.objectStore('attempts')
          const get = store.get(id)
          get.onsuccess = () => store.put({ ...get.result, flags: [{ kind: 'ambiguous', comment: { damaged: true }, at: 0 }] })
          tx.oncomplete = () => {
            db.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    attemptId,
  )
  await page.reload()
  const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This part of the page stopped working' }) })
  await expect(notice).toBeVisible({ timeout: 40_000 })
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Export my attempts' })).toBeVisible()
  await notice.getByText('Technical details').click()
  await expect(notice.locator('code')).toHaveText(/Objects are not valid as a React child|React error #31/)
  // The rest of the page still works: the top bar is there.
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible()
  expect(errors.some((e) => /Objects are not valid as a React child/.test(e))).toBe(false) // caught, not thrown to the window

  const [download] = await Promise.all([page.waitForEvent('download'), notice.getByRole('button', { name: 'Export my attempts' }).click()])
  expect(download.suggestedFilename()).toMatch(/^attempts-e2e-.*\.zip$/)
  await expect(notice.getByRole('status')).toContainText(`Saved ${download.suggestedFilename()}`)
  const path = join(mkdtempSync(join(tmpdir(), 'spieval-resilience-')), 'export.zip')
  await download.saveAs(path)
  const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(readFileSync(path)))).map(([n, b]) => [n, strFromU8(b)]))
  const lines = (files['response.jsonl'] ?? '').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; calls: { name: string }[] })
  expect(lines).toEqual([expect.objectContaining({ id: '推理1', calls: [expect.objectContaining({ name: 'Phone_Call' })] })])
  expect(await seriousViolations(page, '.crash-notice')).toEqual([])

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.setViewportSize({ width: 1100, height: 560 })
    await page.screenshot({ path: join(SHOTS, 'resilience-boundary-en.png') })
    await chooseLanguage(page, 'zh')
    await expect(page.getByRole('heading', { name: '页面的这一部分出错了' })).toBeVisible()
    await expect(page.getByRole('button', { name: '导出我的作答' })).toBeVisible()
    await page.screenshot({ path: join(SHOTS, 'resilience-boundary-zh.png') })
    await chooseLanguage(page, 'en')
  }

  // Another view renders: the boundary belongs to the phone view only.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
  await expect(page.getByRole('heading', { name: 'This part of the page stopped working' })).toBeHidden()
  await expect(page.getByRole('tab', { name: 'Exports and imports' })).toBeVisible()
})

test('a part of the page that cannot be downloaded says so, in both languages, and Reload brings it', async ({ page }) => {
  // As after a new version is published while the page is open: the People view's file is gone (or the network is).
  let gone = true
  await page.route('**/assets/PeopleView-*.js', (route) => (gone ? route.abort() : route.continue()))
  await openTask(page, '推理1')
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
  const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Part of the page could not be downloaded' }) })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('or a newer version of the page was published')
  await expect(page.getByRole('heading', { name: 'This part of the page stopped working' })).toHaveCount(0)
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('heading', { name: '页面的一部分没能下载' })).toBeVisible()
  await chooseLanguage(page, 'en')
  gone = false
  await notice.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('tab', { name: 'Exports and imports' })).toBeVisible()
})

test('a newer tab that upgrades the database: the old tab says to reload, and a failed save still raises the storage alert', async ({ context }) => {
  const old = await context.newPage()
  await openTask(old, '推理1')
  await openApp(old, 'Contacts')
  await searchIn(old, 'Contacts', 'Tom')

  // The next release of the page, in a second tab of the same site: it opens the database at a higher version.
  const newer = await context.newPage()
  await newer.goto('./data/profile.json')
  // Far above any schema this code knows (Dexie stores schema version n as n × 10).
  const version = await newer.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('spieval-phone', 1000)
        open.onupgradeneeded = () => open.result.createObjectStore('nextRelease')
        open.onblocked = () => reject(new Error('blocked: the old tab kept its connection'))
        open.onsuccess = () => {
          const v = open.result.version
          open.result.close()
          resolve(v)
        }
        open.onerror = () => reject(open.error)
      }),
  )
  expect(version).toBe(1000)

  const reload = old.getByRole('alert').filter({ hasText: 'upgraded its database in another tab' })
  await expect(reload).toBeVisible()
  await expect(reload.getByRole('button', { name: 'Reload' })).toBeVisible()
  // A call now cannot be saved: the storage alert says so (the page's rollback cannot read the database either).
  const box = phoneOf(old).getByRole('searchbox', { name: 'Search Contacts' })
  await box.fill('Rachel')
  await box.press('Enter')
  await expect(old.getByRole('alert').filter({ hasText: 'could not be saved' })).toContainText('another tab upgraded the database. Reload this page')
  await expect(panelOf(old).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')).toHaveCount(1)
  expect(await seriousViolations(old, '.database-notice')).toEqual([])
  expect(await seriousViolations(old, '.banner.error')).toEqual([])

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await old.setViewportSize({ width: 1280, height: 720 })
    await old.screenshot({ path: join(SHOTS, 'resilience-reload-en.png') })
    await chooseLanguage(old, 'zh')
    await expect(old.getByRole('alert').filter({ hasText: '较新版本的本页面升级了数据库' })).toBeVisible()
    await old.screenshot({ path: join(SHOTS, 'resilience-reload-zh.png') })
    await chooseLanguage(old, 'en')
  }

  // This page's code is now older than the database: reloading it (with the same old code) says so again, rather than using a layout it does not know.
  await old.reload()
  await expect(old.getByRole('alert').filter({ hasText: 'upgraded its database in another tab' })).toBeVisible({ timeout: 40_000 })
})
