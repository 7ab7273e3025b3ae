import { chooseLanguage, expect, panelOf, phoneOf, seriousViolations, resizeTo, test } from './helpers'
import type { Page, Route } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// A first visit imports the sample: allow for a busy test machine.
test.describe.configure({ timeout: 120_000 })

const SAMPLE = 'public/data'
const SAMPLE_NAME = 'Sample (Daniel Hayes)'
/** Another site than the page's: faked with page.route, so no second server is needed. */
const OTHER = 'http://other-site.example'
const ASK = 'Load a data set from another site?'

const topBar = (page: Page) => page.getByRole('banner')
const linkProblem = (page: Page) => page.getByRole('alert').filter({ hasText: 'The data set this link names was not loaded.' })

/** Waits until the phone is up, and checks that boot did not fail. */
async function phoneIsOpen(page: Page): Promise<void> {
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await expect(page.getByText(/Could not load the data set/)).toHaveCount(0)
}

/** The sample's first five tasks, served from `OTHER/<folder>/`; answers the URLs asked for. */
async function serveOther(page: Page, folder: string): Promise<string[]> {
  const asked: string[] = []
  const files: Record<string, string> = {}
  for (const name of ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']) files[name] = readFileSync(join(SAMPLE, name), 'utf8')
  files['input_data.jsonl'] = (files['input_data.jsonl'] ?? '').split('\n').slice(0, 5).join('\n')
  await page.route(`${OTHER}/**`, async (route: Route) => {
    const url = route.request().url()
    asked.push(url)
    const name = url.slice(`${OTHER}/${folder}/`.length)
    const body = url.startsWith(`${OTHER}/${folder}/`) ? files[name] : undefined
    await route.fulfill({
      status: body === undefined ? 404 : 200,
      body: body ?? 'not found',
      headers: { 'access-control-allow-origin': '*', 'content-type': 'text/plain; charset=utf-8' },
    })
  })
  return asked
}

for (const hash of ['#/task/%E4%', '#/task/%', '#/task/%E4%BD/app/contacts', '#/%ZZ'])
  test(`a malformed hash (${hash}) still opens the phone, on the first task`, async ({ page }) => {
    await page.goto(`./${hash}`)
    await phoneIsOpen(page)
    await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('推理1')
  })

test('a malformed part after a good task id keeps the task', async ({ page }) => {
  await page.goto(`./#/task/${encodeURIComponent('推理2')}/app/%E4%`)
  await phoneIsOpen(page)
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('推理2')
})

test('a malformed deep link into a view opens that view', async ({ page }) => {
  await page.goto('./#/people/%')
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`, { timeout: 40_000 })
  await expect(page.getByRole('button', { name: 'People', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText(/Could not load the data set/)).toHaveCount(0)
  // A new hash alone is no new page load: load it afresh.
  await page.goto('./#/replay/%E4%/3')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Replay', exact: true })).toHaveAttribute('aria-current', 'page', { timeout: 40_000 })
  await expect(page.getByText(/Could not load the data set/)).toHaveCount(0)
})

/** The page a failed `?data=` link leaves: the problem, Retry, and no phone of another data set. */
async function linkFailedPage(page: Page): Promise<void> {
  await expect(linkProblem(page)).toBeVisible({ timeout: 40_000 })
  await expect(linkProblem(page)).toContainText('No other data set is opened in its place')
  await expect(linkProblem(page).getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toHaveCount(0)
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveCount(0)
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS
  await page.screenshot({ path: dir ? join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`) })
}

test('?data=100% says why and opens no data set; the link stays, so Retry and a reload try it again', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/100%')) asked.push(r.url())
  })
  await page.goto('./?data=100%#/task/%E6%8E%A8%E7%90%862')
  await linkFailedPage(page)
  expect(new URL(page.url()).searchParams.get('data')).toBe('100%')
  const tries = asked.length
  expect(tries).toBeGreaterThan(0)
  await linkProblem(page).getByRole('button', { name: 'Retry' }).click()
  await expect.poll(() => asked.length).toBeGreaterThan(tries)
  await linkFailedPage(page)
  await page.reload()
  await linkFailedPage(page)
  // The page without the link is the phone, on the stored data set.
  await linkProblem(page).getByRole('link', { name: 'Open the page without this link' }).click()
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
})

test('a failed ?data= load opens no other data set for solving; Retry loads it once it is there', async ({ page }) => {
  await page.goto('./?data=data/')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: data (50)')
  expect(page.url()).not.toContain('data=')
  // A reload is not a new order to load the link: nothing is fetched again.
  let refetched = false
  page.on('request', (r) => {
    if (r.url().includes('/data/input_data.jsonl')) refetched = true
  })
  await page.reload()
  await phoneIsOpen(page)
  expect(refetched).toBe(false)

  // A study folder not there yet: 404 until it is published.
  let published = false
  await page.route(/\/later\/([^/?#]+)$/, async (route) => {
    const name = /\/later\/([^/?#]+)$/.exec(new URL(route.request().url()).pathname)?.[1] ?? ''
    if (!published) return route.fulfill({ status: 404, body: 'not found' })
    try {
      await route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body: readFileSync(join(SAMPLE, name), 'utf8') })
    } catch {
      await route.fulfill({ status: 404, body: 'not found' })
    }
  })
  await page.goto('./?data=later/#/task/%E8%BE%A8%E6%9E%901')
  await linkFailedPage(page)
  await expect(linkProblem(page)).toContainText(/input_data\.jsonl|records_db\.json|tools\.json/)
  await expect(linkProblem(page)).toContainText('later/')
  expect(await seriousViolations(page, '.data-link-problem')).toEqual([])
  await shot(page, 'data-link-failed-en-1280')
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, 'data-link-failed-en-390')
  // The language is chosen in the wide top bar.
  await resizeTo(page, { width: 1280, height: 720 })
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('alert').filter({ hasText: '未加载此链接指定的数据集。' })).toContainText('不会改为打开其他数据集')
  await shot(page, 'data-link-failed-zh-1280')
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, 'data-link-failed-zh-390')
  await resizeTo(page, { width: 1280, height: 720 })
  await chooseLanguage(page, 'en')

  published = true
  await linkProblem(page).getByRole('button', { name: 'Retry' }).click()
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: later (50)')
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('辨析1')
  expect(page.url()).not.toContain('data=')
})

test('a ?data= folder changed since it was loaded: the stored copy opens and the update is offered, then loaded', async ({ page }) => {
  let lines = 50
  await page.route(/\/changing\/([^/?#]+)$/, async (route) => {
    const name = /\/changing\/([^/?#]+)$/.exec(new URL(route.request().url()).pathname)?.[1] ?? ''
    try {
      const text = readFileSync(join(SAMPLE, name), 'utf8')
      const body = name === 'input_data.jsonl' ? text.split('\n').filter((l) => l !== '').slice(0, lines).join('\n') + '\n' : text
      await route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body })
    } catch {
      await route.fulfill({ status: 404, body: 'not found' })
    }
  })
  await page.goto('./?data=changing/')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: changing (50)')
  const offer = page.getByRole('status').filter({ hasText: 'changed since it was loaded here' })
  await expect(offer).toHaveCount(0)
  lines = 49
  await page.goto('./?data=changing/')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: changing (50)')
  await expect(offer).toBeVisible()
  await shot(page, 'data-link-update-en-1280')
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('status').filter({ hasText: '在此加载后已有改动' })).toBeVisible()
  await shot(page, 'data-link-update-zh-1280')
  await resizeTo(page, { width: 390, height: 844 })
  await shot(page, 'data-link-update-zh-390')
  await resizeTo(page, { width: 1280, height: 720 })
  await chooseLanguage(page, 'en')
  await offer.getByRole('button', { name: 'Load the update' }).click()
  await expect(topBar(page)).toContainText('Data set: changing (49)')
  await expect(offer).toHaveCount(0)
  await page.getByRole('button', { name: 'Data sets' }).click()
  await expect(page.getByRole('dialog', { name: 'Data sets' }).getByRole('listitem').filter({ hasText: 'changing' })).toHaveCount(2)
})

test('another site: the page asks, naming it; declining fetches nothing, keeps the stored data sets and opens none', async ({ page }) => {
  const asked = await serveOther(page, 'five')
  await page.goto(`./?data=${encodeURIComponent(`${OTHER}/five/`)}`)
  const ask = page.getByRole('dialog', { name: ASK })
  await expect(ask).toBeVisible({ timeout: 40_000 })
  await expect(ask).toContainText(`This link asks to load a data set from ${OTHER}`)
  await expect(ask).toContainText(`Folder: ${OTHER}/five/`)
  // The safe answer has the focus.
  await expect(ask.getByRole('button', { name: 'Don’t load' })).toBeFocused()
  expect(await seriousViolations(page, '.data-link-dialog')).toEqual([])
  expect(asked).toEqual([])
  await ask.getByRole('button', { name: 'Don’t load' }).click()
  await expect(ask).toBeHidden()
  await linkFailedPage(page)
  await expect(linkProblem(page)).toContainText(`You chose not to load it from ${OTHER}.`)
  expect(asked).toEqual([])
  // Retry asks again.
  await linkProblem(page).getByRole('button', { name: 'Retry' }).click()
  await expect(ask).toBeVisible()
  await page.keyboard.press('Escape')
  await linkFailedPage(page)
  expect(asked).toEqual([])
})

test('another site: agreeing loads its data set and makes it active', async ({ page }) => {
  const asked = await serveOther(page, 'five')
  await page.goto(`./?data=${encodeURIComponent(`${OTHER}/five`)}`)
  const ask = page.getByRole('dialog', { name: ASK })
  await ask.getByRole('button', { name: `Load from ${OTHER}` }).click({ timeout: 40_000 })
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: five (5)')
  expect(asked.length).toBeGreaterThanOrEqual(3)
  expect(asked.every((u) => u.startsWith(`${OTHER}/five/`))).toBe(true)
  expect(page.url()).not.toContain('data=')
})

test('the question is in Chinese for a Chinese page', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('spieval-settings', JSON.stringify({ state: { language: 'zh', access: 'browse', actor: 'e2e' }, version: 0 }))
  })
  await serveOther(page, 'five')
  await page.goto(`./?data=${encodeURIComponent(`${OTHER}/five/`)}`)
  const ask = page.getByRole('dialog', { name: '从其他网站加载数据集？' })
  await expect(ask).toContainText(`此链接要求从 ${OTHER} 加载数据集`, { timeout: 40_000 })
  await ask.getByRole('button', { name: '不加载' }).click()
  await expect(ask).toBeHidden()
})
