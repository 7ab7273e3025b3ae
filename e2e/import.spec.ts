import { FIRST_VISIT_STATE } from '../playwright.config'
import { baseExpect, test } from './helpers'
import type { Page } from '@playwright/test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'

// Imports parse and store a whole data set: allow for a busy test machine.
const expect = baseExpect.configure({ timeout: 15_000 })

const SAMPLE = 'public/data'
const SAMPLE_NAME = 'Sample (Daniel Hayes)'
const NEW_INSTRUCTION = 'Ring whoever stands in for my boss this week'

test.describe.configure({ timeout: 120_000 })

let root: string
test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'spieval-import-'))
})
test.afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A copy of the sample in `<root>/<name>/`, changed by `edit(lines of input_data.jsonl)`. */
function makeDataset(name: string, edit: (lines: string[]) => string[]): string {
  const dir = join(root, name)
  cpSync(SAMPLE, dir, { recursive: true })
  const file = join(dir, 'input_data.jsonl')
  writeFileSync(file, edit(readFileSync(file, 'utf8').split('\n')).join('\n'))
  return dir
}

/** The first 5 sample tasks, the first one reworded. */
const fiveTasks = (lines: string[]) =>
  lines.slice(0, 5).map((l, i) => (i === 0 ? l.replace('Call whoever is covering for my manager', NEW_INSTRUCTION) : l))

async function openPage(page: Page, url = './') {
  await page.goto(url)
  await expect(page.getByRole('region', { name: 'SPIEval Phone' })).toBeVisible({ timeout: 30_000 })
}

async function openManager(page: Page) {
  await page.getByRole('button', { name: 'Data sets' }).click()
  const dialog = page.getByRole('dialog', { name: 'Data sets' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Records every value the import progress bar shows. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { progressSeen: string[] }).progressSeen = seen
    new MutationObserver(() => {
      const bar = document.querySelector('[role=progressbar]')
      const value = bar?.getAttribute('aria-valuenow')
      if (value !== null && value !== undefined && seen.at(-1) !== value) seen.push(value)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
  })
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)

const taskPicker = (page: Page) => page.getByRole('combobox', { name: 'Task' })
const topBar = (page: Page) => page.getByRole('banner')

test('a picked folder is imported with a progress bar, becomes active, and its tasks open', async ({ page }) => {
  const dir = makeDataset('lab-set', fiveTasks)
  await openPage(page)
  await expect(taskPicker(page).locator('option')).toHaveCount(50)
  const dialog = await openManager(page)
  await watchProgress(page)
  await dialog.getByLabel('Pick a folder').setInputFiles(dir)
  await expect(dialog.getByRole('status')).toHaveText('Imported “lab-set” (5 tasks); it is now the active data set.')
  const seen = (await progressSeen(page)).map(Number)
  expect(seen.length).toBeGreaterThan(1)
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  expect(seen.at(-1)).toBe(100)
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  await expect(dialog.getByRole('listitem').filter({ hasText: 'lab-set' })).toHaveAttribute('aria-current', 'true')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(topBar(page)).toContainText('Data set: lab-set (5)')
  await expect(taskPicker(page).locator('option')).toHaveCount(5)
  await expect(page.getByText(`“${NEW_INSTRUCTION}”`)).toBeVisible()
  await taskPicker(page).selectOption('推理3')
  await expect(page.getByText('“Let my Denver hotel know I\'ll get in late”')).toBeVisible()
  // It is stored: a reload opens it again.
  await openPage(page)
  await expect(topBar(page)).toContainText('Data set: lab-set (5)')
})

test('a broken data set shows its file and line, and the stored data sets stay as they were', async ({ page }) => {
  const dir = makeDataset('broken-set', (lines) => lines.map((l, i) => (i === 2 ? l.slice(0, 40) : l)))
  await openPage(page, './#/task/推理2')
  const dialog = await openManager(page)
  await dialog.getByLabel('Pick a folder').setInputFiles(dir)
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('Nothing was imported; the stored data sets are unchanged.')
  await expect(alert).toContainText('input_data.jsonl line 3: not valid JSON')
  await expect(dialog.getByRole('listitem')).toHaveCount(1)
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
  // Missing files are named too.
  const partial = join(root, 'partial')
  cpSync(join(SAMPLE, 'input_data.jsonl'), join(partial, 'input_data.jsonl'))
  await dialog.getByLabel('Pick a folder').setInputFiles(partial)
  await expect(dialog.getByRole('alert')).toContainText('Missing file: records_db.json, tools.json.')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
  await expect(page.getByText('“Call the parent driving Lily home today”')).toBeVisible()
  await taskPicker(page).selectOption('辨析1')
  await expect(page.getByText('“Call Chris back”')).toBeVisible()
})

test('data sets can be switched and deleted', async ({ page }) => {
  const dir = makeDataset('switch-set', fiveTasks)
  await openPage(page)
  let dialog = await openManager(page)
  // Picked files (not a folder) import too, whatever else is picked with them.
  const readme = join(root, 'README.txt')
  writeFileSync(readme, 'not part of a data set')
  await dialog
    .getByLabel('Pick files')
    .setInputFiles(['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'].map((f) => join(dir, f)).concat(readme))
  await expect(dialog.getByRole('status')).toContainText('(5 tasks)')
  const items = dialog.getByRole('listitem')
  await expect(items).toHaveCount(2)
  const imported = items.filter({ hasNotText: SAMPLE_NAME })
  const name = (await imported.locator('strong').textContent()) ?? ''
  expect(name).toMatch(/^Imported \d{4}-\d\d-\d\d \d\d:\d\d$/)
  await expect(topBar(page)).toContainText(`Data set: ${name} (5)`)

  await dialog.getByRole('button', { name: `Use data set ${SAMPLE_NAME}` }).click()
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
  await expect(items.filter({ hasText: SAMPLE_NAME })).toHaveAttribute('aria-current', 'true')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(taskPicker(page).locator('option')).toHaveCount(50)
  dialog = await openManager(page)
  await dialog.getByRole('button', { name: `Use data set ${name}` }).click()
  await expect(topBar(page)).toContainText(`Data set: ${name} (5)`)
  // Deleting the active data set falls back to the one left.
  await dialog.getByRole('button', { name: `Delete data set ${name}` }).click()
  await expect(dialog.getByText(`Delete “${name}”? Deleted: its tasks, records, studies and edit history`)).toBeVisible()
  await dialog.getByRole('button', { name: `Confirm: delete data set ${name}` }).click()
  await expect(items).toHaveCount(1)
  await expect(topBar(page)).toContainText(`Data set: ${SAMPLE_NAME} (50)`)
  // The last one stays.
  await expect(dialog.getByRole('button', { name: `Delete data set ${SAMPLE_NAME}` })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await taskPicker(page).selectOption('推理4')
  await expect(page.getByText('“Send the signed Sunfield contract to their new account manager”')).toBeVisible()
  await openPage(page)
  dialog = await openManager(page)
  await expect(dialog.getByRole('listitem')).toHaveCount(1)
})

/** The sample's files with its first five tasks (the first one's instruction changed), as texts by file name. */
function fiveTaskTexts(): Record<string, string> {
  const texts = Object.fromEntries(
    ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'].map((f) => [f, readFileSync(join(SAMPLE, f), 'utf8')]),
  )
  texts['input_data.jsonl'] = fiveTasks((texts['input_data.jsonl'] ?? '').split('\n')).join('\n')
  return texts
}

/** The data set manager says the five tasks were imported under `name`, and the phone shows the changed task. */
async function expectFiveImported(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Data sets' })
  await expect(dialog.getByRole('status')).toContainText('(5 tasks)')
  await expect(dialog.getByRole('listitem').first()).toContainText(name)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByText(`“${NEW_INSTRUCTION}”`)).toBeVisible()
}

test('a data set dropped on the page is imported', async ({ page }) => {
  await openPage(page)
  const files = fiveTaskTexts()
  const transfer = await page.evaluateHandle((texts) => {
    const dt = new DataTransfer()
    for (const [name, text] of Object.entries(texts)) dt.items.add(new File([text], name))
    return dt
  }, files)
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer })
  await expect(page.getByText('Drop to import the data set')).toBeVisible()
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer })
  await expect(page.getByText('Drop to import the data set')).toBeHidden()
  await expectFiveImported(page, 'dropped on the page')
})

test('a data set folder zipped and dropped on the page is imported', async ({ page }) => {
  await openPage(page)
  const zipped = zipSync(Object.fromEntries(Object.entries(fiveTaskTexts()).map(([name, text]) => [`zipped-set/${name}`, strToU8(text)])))
  const transfer = await page.evaluateHandle((bytes) => {
    const dt = new DataTransfer()
    dt.items.add(new File([new Uint8Array(bytes)], 'zipped-set.zip', { type: 'application/zip' }))
    return dt
  }, [...zipped])
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer })
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer })
  await expectFiveImported(page, 'zipped-set')
})

test.describe('a first visit', () => {
  test.use({ storageState: FIRST_VISIT_STATE })

  test('?data= imports a folder by URL once, makes it active, and switching away sticks', async ({ page }) => {
    await openPage(page, './?data=data/#/task/辨析2')
    await expect(topBar(page)).toContainText('Data set: data (50)')
    await expect(page.getByText('“Call the landlord about the heating”')).toBeVisible()
    let dialog = await openManager(page)
    // A first visit with ?data= imports only that folder.
    await expect(dialog.getByRole('listitem')).toHaveCount(1)
    await expect(dialog.getByRole('listitem')).toContainText(`from ${new URL('data/', page.url()).href}`)
    await dialog.getByRole('button', { name: 'Close' }).click()
    // The same URL again is found by its source, not imported twice.
    await openPage(page, './?data=data')
    await expect(topBar(page)).toContainText('Data set: data (50)')
    dialog = await openManager(page)
    await expect(dialog.getByRole('listitem')).toHaveCount(1)
    // Importing another data set and switching to it is not undone by ?data= still in the address.
    await dialog.getByLabel('Pick a folder').setInputFiles(makeDataset('other-set', fiveTasks))
    await expect(topBar(page)).toContainText('Data set: other-set (5)')
    await dialog.getByRole('button', { name: 'Use data set data' }).click()
    await expect(topBar(page)).toContainText('Data set: data (50)')
    await dialog.getByRole('button', { name: 'Use data set other-set' }).click()
    await expect(topBar(page)).toContainText('Data set: other-set (5)')
    await expect(dialog.getByRole('listitem')).toHaveCount(2)
  })
})

test('the Data sets dialog, opened while a first visit stores its sample, draws its buttons where they stay', async ({ browser }) => {
  const context = await browser.newContext({ storageState: FIRST_VISIT_STATE })
  const page = await context.newPage()
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  // Every place the planner sample's button is drawn at, frame by frame, from before the dialog opens. It moved twice
  // (the list's rows, then their lazily loaded actions, arrived after the dialog showed), and a click on its way there
  // landed on the text above it.
  await page.evaluate(() => {
    const places: number[] = []
    ;(window as unknown as { plannerPlaces: number[] }).plannerPlaces = places
    const frame = () => {
      const button = [...document.querySelectorAll('dialog[open] button')].find((b) => b.textContent?.includes('Load the planner sample'))
      const top = button?.getBoundingClientRect().top
      if (top !== undefined && places.at(-1) !== top) places.push(top)
      requestAnimationFrame(frame)
    }
    frame()
  })
  const dialog = await openManager(page)
  await expect(dialog.getByRole('listitem').filter({ hasText: SAMPLE_NAME })).toBeVisible()
  await expect(dialog.getByRole('button', { name: `Seal “${SAMPLE_NAME}” for participants` })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Load the planner sample' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { plannerPlaces: number[] }).plannerPlaces)).toHaveLength(1)
  await context.close()
})
