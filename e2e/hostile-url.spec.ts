import AxeBuilder from '@axe-core/playwright'
import { test } from './helpers'
import type { Page, Route } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, panelOf, phoneOf } from './helpers'

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

/** Serious and critical axe violations of the part of the page `selector` names. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
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

test('?data=100% opens the phone on the stored data set, says why, and is not tried again on reload', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/100%')) asked.push(r.url())
  })
  await page.goto('./?data=100%#/task/%E6%8E%A8%E7%90%862')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
  await expect(linkProblem(page)).toContainText(`The phone shows “${SAMPLE_NAME}”; the stored data sets are unchanged.`)
  // The hash is kept, the link is not: the address now reloads as the phone.
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('推理2')
  expect(new URL(page.url()).search).toBe('')
  expect(new URL(page.url()).hash).toBe(`#/task/${encodeURIComponent('推理2')}`)
  const tries = asked.length
  expect(tries).toBeGreaterThan(0)
  await linkProblem(page).getByRole('button', { name: 'Dismiss' }).click()
  await expect(linkProblem(page)).toHaveCount(0)
  await page.reload()
  await phoneIsOpen(page)
  await expect(linkProblem(page)).toHaveCount(0)
  expect(asked.length).toBe(tries)
})

test('a failed ?data= load keeps the data set that was active, and its tasks open', async ({ page }) => {
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

  await page.goto('./?data=missing/#/task/%E8%BE%A8%E6%9E%901')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText('Data set: data (50)')
  const problem = linkProblem(page)
  await expect(problem).toContainText(/input_data\.jsonl: HTTP 404|not valid JSON|input_data\.jsonl line/)
  await expect(problem).toContainText('The phone shows “data”; the stored data sets are unchanged.')
  expect(await seriousViolations(page, '.data-link-problem')).toEqual([])
  await expect(page.getByText('“Call Chris back”')).toBeVisible()
  await page.getByRole('button', { name: 'Data sets' }).click()
  const manager = page.getByRole('dialog', { name: 'Data sets' })
  await expect(manager.getByRole('listitem')).toHaveCount(1)
})

test('another site: the page asks, naming it; declining fetches nothing and keeps the stored data sets', async ({ page }) => {
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
  await phoneIsOpen(page)
  await expect(ask).toBeHidden()
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
  expect(asked).toEqual([])
  expect(page.url()).not.toContain('data=')
  // A reload does not ask again.
  await page.reload()
  await phoneIsOpen(page)
  await expect(ask).toHaveCount(0)
})

test('another site: Escape declines too', async ({ page }) => {
  const asked = await serveOther(page, 'five')
  await page.goto(`./?data=${encodeURIComponent(`${OTHER}/five/`)}`)
  const ask = page.getByRole('dialog', { name: ASK })
  await expect(ask).toBeVisible({ timeout: 40_000 })
  await page.keyboard.press('Escape')
  await phoneIsOpen(page)
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
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
