import { expect, test, seriousViolations } from './helpers'
import type { Browser, Page } from '@playwright/test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync, zipSync, strToU8 } from 'fflate'
import { annotatorState } from '../playwright.config'
import { MIB, craftedZip } from '../test/support/craftedZip'

// Several browser profiles each import the sample data set on their first visit: allow for a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

/** Set PEOPLE_SHOTS to a folder to save screenshots of the People view there (English and Chinese). */
const SHOTS = process.env.PEOPLE_SHOTS

type Call = [name: string, args: Record<string, unknown>]
/** A task solved through window.spieval; `submit: false` leaves the attempt open. */
type Solution = { task: string; calls: Call[]; submit?: boolean }

const ANN: Solution[] = [
  { task: '推理1', calls: [['search_contacts', { pattern: 'Tom' }], ['Phone_Call', { telephone: '13822419087' }]] },
  { task: '推理2', calls: [['search_sms', { pattern: 'carpool' }], ['Phone_Call', { telephone: '13655208731' }]] }, // wrong number
  { task: '辨析1', calls: [['search_contacts', { pattern: 'Chris' }], ['Phone_Call', { telephone: '13765432109' }]] },
  { task: '偏好1', calls: [['Phone_Call', { telephone: '13705561820', type: 'VOICE' }]] }, // mom wants video calls
  { task: '辨析2', calls: [['search_contacts', { pattern: 'landlord' }]], submit: false },
]
const BEN: Solution[] = [
  { task: '推理1', calls: [['search_voicemail', { pattern: 'Rachel' }], ['search_contacts', { pattern: 'Tom' }], ['Phone_Call', { telephone: '13822419087' }]] },
  { task: '推理2', calls: [['search_schedule', { pattern: 'Lily' }], ['search_sms', { pattern: 'carpool' }], ['Phone_Call', { telephone: '13817326690' }]] },
  { task: '辨析1', calls: [['Phone_Call', { telephone: '13765432109' }]] },
  { task: '偏好1', calls: [['search_contacts', { pattern: 'mom' }], ['Phone_Call', { telephone: '13705561820', type: 'VIDEO' }]] },
  { task: '辨析2', calls: [['Phone_Call', { telephone: '13800990011' }]] },
]
/** A response file from a harness: no trajectory, no verdict (scored on import), a flag. */
const CARA_JSONL = [
  { id: '推理2', run: 0, actor: 'Cara', started: '2026-03-14T09:00:00Z', ended: '2026-03-14T09:02:30Z', calls: [{ name: 'Phone_Call', arguments: { telephone: '13817326690' } }], flags: [{ kind: 'ambiguous', comment: 'Two carpool messages: only the later one holds.', at: '2026-03-14T09:02:40Z' }] },
  { id: '辨析1', run: 0, actor: 'Cara', started: '2026-03-14T09:05:00Z', ended: '2026-03-14T09:06:10Z', calls: [{ name: 'Phone_Call', arguments: { telephone: '13765432109', type: 'VOICE' } }] },
]
  .map((line) => JSON.stringify(line) + '\n')
  .join('')

let dir: string
let origin: string
const zips: Record<string, Record<string, string>> = {}

/** A fresh browser profile for one annotator, on the phone or the People view, once the data set is loaded. */
async function profile(browser: Browser, actor: string, hash = '#/people'): Promise<Page> {
  const context = await browser.newContext({ storageState: annotatorState(origin, actor), baseURL: `${origin}/`, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto(`./${hash}`)
  const ready = hash === '#/people' ? page.getByRole('tab', { name: 'Exports and imports' }) : page.getByRole('button', { name: 'Finish and check' })
  await expect(ready).toBeVisible({ timeout: 90_000 })
  return page
}

async function solve(page: Page, solutions: Solution[]): Promise<void> {
  await page.evaluate(async (list) => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    for (const s of list) {
      await api.open(s.task)
      for (const [name, args] of s.calls) {
        const result = await api.call(name, args)
        if (!result.ok) throw new Error(`${s.task} ${name}: ${result.content}`)
      }
      if (s.submit !== false) await api.submit()
    }
  }, solutions)
}

/** Clicks an export button and keeps the download; its name and its files. */
async function download(page: Page, button: string | RegExp, saveAs: string): Promise<{ name: string; files: Record<string, string> }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  const path = join(dir, saveAs)
  await file.saveAs(path)
  const bytes = readFileSync(path)
  const files = saveAs.endsWith('.zip')
    ? Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([n, b]) => [n, strFromU8(b)]))
    : { [saveAs]: bytes.toString('utf8') }
  return { name: file.suggestedFilename(), files }
}

const manifestCounts = (files: Record<string, string>) => JSON.parse(files['manifest.json'] ?? '{}').counts as { attempts: number; finished: number; people: number }

async function importFiles(page: Page, ...names: string[]): Promise<void> {
  await page.getByRole('tab', { name: 'Exports and imports' }).click()
  await page.getByLabel('Pick exports to import').setInputFiles(names.map((n) => join(dir, n)))
}

/** Drops a file on the import area, as a person dragging it from their desktop. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'Exports and imports' }).click()
  const area = page.getByRole('region', { name: 'Import and merge attempts' })
  const dataTransfer = await page.evaluateHandle(([n, t]) => {
    const data = new DataTransfer()
    data.items.add(new File([t], n))
    return data
  }, [name, text] as const)
  for (const type of ['dragenter', 'dragover', 'drop']) await area.dispatchEvent(type, { dataTransfer })
}

async function showTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click()
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
}

const crossValidationRows = (page: Page) => page.getByRole('table', { name: /^Tasks by verdict/ }).locator('tbody tr')

test.beforeAll(async ({ browser }, testInfo) => {
  origin = new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1:5199/').origin
  dir = mkdtempSync(join(tmpdir(), 'spieval-people-'))
  writeFileSync(join(dir, 'cara.jsonl'), CARA_JSONL)

  // Ann solves on her machine and exports everything there.
  const ann = await profile(browser, 'Ann', '')
  await solve(ann, ANN)
  await ann.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
  const annExport = await download(ann, 'Export all attempts', 'ann.zip')
  expect(annExport.name).toMatch(/^attempts-.+\.zip$/)
  await expect(ann.getByRole('status').filter({ hasText: 'Exported' })).toContainText(`${manifestCounts(annExport.files).attempts} attempts`)
  await ann.context().close()

  // Ben solves on his, and exports his own attempts.
  const ben = await profile(browser, 'Ben', '')
  await solve(ben, BEN)
  await ben.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
  const benExport = await download(ben, 'Export my attempts (Ben)', 'ben.zip')
  expect(benExport.name).toMatch(/^attempts-Ben-.+\.zip$/)
  expect(manifestCounts(benExport.files)).toMatchObject({ finished: 5, people: 1 })
  await ben.context().close()

  // A copy of Ann's export with one answer changed after the export: the manifest no longer matches.
  const tampered = Object.fromEntries(Object.entries(annExport.files).map(([n, text]) => [n, strToU8(n === 'response.jsonl' ? text.replace('13655208731', '13817326690') : text)]))
  writeFileSync(join(dir, 'tampered.zip'), zipSync(tampered))
  Object.assign(zips, { ann: annExport.files, ben: benExport.files })
})

test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('two people’s exports merge: the cross-validation view puts the task one got wrong first, and a second import adds nothing', async ({ browser }) => {
  const page = await profile(browser, 'Cleo')
  await expect(page.getByText(/^Storage: /)).toBeVisible()
  await importFiles(page, 'ann.zip', 'ben.zip')
  const annCount = manifestCounts(zips.ann ?? {}).attempts
  await expect(page.getByRole('status').getByText(`ann.zip: added ${annCount}, skipped 0 (already here).`)).toBeVisible()
  await expect(page.getByRole('status').getByText(/^ben\.zip: added \d+, skipped 0/)).toBeVisible()

  await showTab(page, 'Cross-validation')
  const rows = crossValidationRows(page)
  await expect(rows.first().getByRole('rowheader')).toHaveText('推理2')
  await expect(rows.first()).toHaveClass(/revise/)
  await expect(rows.first().getByRole('cell').first()).toHaveText('Revise')
  await expect(rows.first().getByRole('listitem').filter({ hasText: 'Ann' }).getByRole('img', { name: 'wrong' })).toBeVisible()
  await expect(rows.first().getByRole('listitem').filter({ hasText: 'Ben' }).getByRole('img', { name: 'correct' })).toBeVisible()
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('偏好1')
  const rowCount = await rows.count()
  expect(rowCount).toBe(5) // 推理2 and 偏好1 to revise; 推理1, 辨析1 and 辨析2 (Ann still in progress) agreed or single
  await expect(rows.filter({ hasText: '辨析2' }).getByRole('listitem').filter({ hasText: 'Ann' })).toContainText('in progress')
  // Ben finished 辨析2: it is OK. A row whose people are all still at it is not (it read OK).
  await expect(rows.filter({ hasText: '辨析2' }).getByRole('cell').first()).toHaveText('OK')
  await page.getByRole('checkbox', { name: 'Only candidates for revision' }).check()
  await expect(rows).toHaveCount(2)
  await page.getByRole('checkbox', { name: 'Only candidates for revision' }).uncheck()
  const csv = await download(page, 'Export list (CSV)', 'cross-validation.csv')
  expect(csv.files['cross-validation.csv']?.split('\r\n')[1]).toMatch(/^推理2,推理,wrong,/)

  // The same zip again: everything is skipped, nothing changes.
  await importFiles(page, 'ann.zip')
  await expect(page.getByRole('status').getByText(`ann.zip: added 0, skipped ${annCount} (already here).`)).toBeVisible()
  // A zip changed after its export is refused whole, with the reason.
  await importFiles(page, 'tampered.zip')
  await expect(page.getByRole('alert')).toContainText('Nothing was imported')
  await expect(page.getByRole('alert')).toContainText('response.jsonl: does not match manifest.json')
  await expect(page.getByRole('alert')).toContainText('tampered.zip was changed after it was exported, so none of it is imported: export the attempts again.')
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  await showTab(page, 'Cross-validation')
  await expect(rows).toHaveCount(rowCount)

  // A harness's plain response.jsonl merges too: Cara answers 辨析1 naming the call type the others left out, which is
  // the same answer (the gold lets it be left out: a call without a type is a voice call), and flags 推理2.
  await dropFile(page, 'cara.jsonl', CARA_JSONL)
  await expect(page.getByRole('dialog', { name: 'Data sets' })).toBeHidden() // the page's data set drop target left it alone
  await expect(page.getByRole('status').getByText('cara.jsonl: added 2, skipped 0 (already here).')).toBeVisible()
  await showTab(page, 'Cross-validation')
  await expect(rows).toHaveCount(rowCount)
  await expect(rows.first()).toContainText('Two carpool messages')
  // It read as a split (Ann and Ben agreeing, Cara not) while answers were compared word for word.
  await expect(rows.filter({ hasText: '辨析1' }).getByRole('cell').first()).toHaveText('OK')
  expect(await seriousViolations(page, '.people-view')).toEqual([])

  // Its task id opens the task on the phone.
  await showTab(page, 'Human baseline')
  await expect(page.getByRole('table', { name: /^Accuracy by capability/ })).toBeVisible()
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) await screenshots(page, SHOTS)
  // The tabs take the keys of a tab list: Home, End and the arrows select and focus.
  const tab = (name: string) => page.getByRole('tab', { name })
  await tab('Human baseline').focus()
  for (const [key, name] of [['Home', 'Exports and imports'], ['ArrowRight', 'Cross-validation'], ['End', 'Human baseline'], ['ArrowRight', 'Exports and imports'], ['ArrowLeft', 'Human baseline']] as const) {
    await page.keyboard.press(key)
    await expect(tab(name)).toBeFocused()
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true')
  }
  await showTab(page, 'Cross-validation')
  await rows.first().getByRole('button', { name: 'Open 推理2 on the phone' }).click()
  await expect(page.getByText('“Call the parent driving Lily home today”')).toBeVisible()
  await page.context().close()
})

test('an export imported into a fresh profile reproduces the same results', async ({ browser }) => {
  const first = await profile(browser, 'Cleo')
  await importFiles(first, 'ann.zip', 'ben.zip')
  await expect(first.getByRole('status').getByText(/^ben\.zip: added/)).toBeVisible()
  await showTab(first, 'Human baseline')
  const table = first.getByRole('table', { name: /^Accuracy by capability/ })
  // Ann 2 of 4, Ben 5 of 5: 50 and 100, mean 75 ± 25 over the two.
  await expect(table.locator('tfoot')).toContainText('75.0 ± 25.0')
  await expect(table.locator('tbody tr')).toHaveCount(2)
  const figures = first.getByRole('definition')
  await expect(figures.nth(2)).toContainText('Fleiss κ')
  const baseline = { figures: await figures.allInnerTexts(), table: await table.innerText() }
  await showTab(first, 'Exports and imports')
  await first.getByRole('checkbox', { name: 'Finished attempts only' }).check()
  const merged = await download(first, 'Export all attempts', 'merged.zip')
  expect(manifestCounts(merged.files)).toMatchObject({ attempts: 9, finished: 9, people: 2 })
  await first.context().close()

  const second = await profile(browser, 'Dora')
  await importFiles(second, 'merged.zip')
  await expect(second.getByRole('status').getByText('merged.zip: added 9, skipped 0 (already here).')).toBeVisible()
  await showTab(second, 'Human baseline')
  const again = second.getByRole('table', { name: /^Accuracy by capability/ })
  await expect(again.locator('tfoot')).toContainText('75.0 ± 25.0')
  expect({ figures: await second.getByRole('definition').allInnerTexts(), table: await again.innerText() }).toEqual(baseline)
  await showTab(second, 'Exports and imports')
  await second.getByRole('checkbox', { name: 'Finished attempts only' }).check()
  const reexported = await download(second, 'Export all attempts', 'reexported.zip')
  for (const name of ['response.jsonl', 'result.json', 'details.jsonl']) expect(reexported.files[name], name).toBe(merged.files[name])
  const result = JSON.parse(merged.files['result.json'] ?? '{}')
  expect(result.runs).toBe(2)
  expect(result.per_run.map((r: { overall: number }) => r.overall)).toEqual([4, 10]) // Ann 2 of 50 tasks, Ben 5 of 50
  const alone = await download(second, 'Download response.jsonl', 'response.jsonl')
  expect(alone.name).toBe('response.jsonl')
  expect(alone.files['response.jsonl']).toBe(merged.files['response.jsonl'])
  await second.context().close()
})

type Line = Record<string, unknown>

/** An export's response.jsonl with its lines changed by `edit`, zipped without its manifest (nothing to catch the edit but the import itself). */
function editedZip(files: Record<string, string>, edit: (line: Line) => Line): Uint8Array {
  const lines = (files['response.jsonl'] ?? '').trim().split('\n').map((l) => edit(JSON.parse(l) as Line))
  return zipSync({ 'response.jsonl': strToU8(lines.map((l) => JSON.stringify(l) + '\n').join('')) })
}

test('an import scores every attempt again, is all or nothing across files, and refuses a zip that declares too much', async ({ browser }) => {
  const ann = zips.ann ?? {}
  const ben = zips.ben ?? {}
  // A few KB that declare 20 × 255 MiB: read as they claim, they would take the tab down.
  const runs = Array.from({ length: 20 }, (_, i) => `run-${String(i + 1).padStart(2, '0')}.jsonl`)
  const bomb = craftedZip(Object.fromEntries(runs.map((n) => [n, strToU8('{"id":"推理1","calls":[]}\n')])), Object.fromEntries(runs.map((n) => [n, { originalSize: 255 * MIB }])))
  expect(bomb.length).toBeLessThan(8 * 1024)
  writeFileSync(join(dir, 'bomb.zip'), bomb)
  // Ben's 推理1 with its second call given the first one's seq.
  const benLine = (line: Line) => line.id === '推理1'
  writeFileSync(
    join(dir, 'dup.zip'),
    editedZip(ben, (line) => (benLine(line) ? { ...line, trajectory: (line.trajectory as { seq: number }[]).map((s, i) => (i === 1 ? { ...s, seq: 0 } : s)) } : line)),
  )
  const benAttempt = (ben['response.jsonl'] ?? '').split('\n').map((l) => (l ? (JSON.parse(l) as Line) : {})).find(benLine)?.attempt
  // Ann's wrong answer at 推理2 edited to say it was right.
  writeFileSync(join(dir, 'forged.zip'), editedZip(ann, (line) => (line.id === '推理2' ? { ...line, verdict: { correct: true, error_type: null, mismatches: [] } } : line)))

  const page = await profile(browser, 'Eve')
  await importFiles(page, 'bomb.zip')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Nothing was imported')
  await expect(alert).toContainText('run-01.jsonl declares 255 MiB uncompressed from')
  await expect(alert).toContainText('more than deflate can produce (1032:1)')
  await expect(alert.getByRole('listitem').filter({ hasText: /^run-\d\d\.jsonl declares 255 MiB/ })).toHaveCount(20)

  // Two files, the second refused: neither is imported.
  await importFiles(page, 'ann.zip', 'dup.zip')
  await expect(alert).toContainText('Nothing was imported')
  await expect(alert).toContainText(`response.jsonl line 1: attempt ${String(benAttempt)}: seq 0 is used twice (trajectory[0] and trajectory[1])`)
  await expect(alert.getByRole('listitem').filter({ hasText: 'dup.zip' }).first()).toBeVisible()
  await showTab(page, 'Cross-validation')
  await expect(page.getByText('No attempts yet')).toBeVisible()

  // The edited verdict is not taken: the attempt is scored with this data set's gold, and the report says so.
  await importFiles(page, 'forged.zip')
  const status = page.getByRole('status').filter({ hasText: 'forged.zip: added' })
  await expect(status).toContainText('1 verdict in the files differs from this data set’s gold')
  const changed = page.getByRole('table', { name: 'Verdicts that differ from the files' })
  await expect(changed.locator('tbody tr')).toHaveCount(1)
  await expect(changed.locator('tbody tr').first().getByRole('rowheader')).toHaveText('推理2')
  await expect(changed.locator('tbody tr').first().getByRole('cell')).toHaveText(['forged.zip', 'Ann', 'correct', 'wrong: wrong value'])
  expect(await seriousViolations(page, '.people-view')).toEqual([])
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    const area = page.getByRole('region', { name: 'Import and merge attempts' })
    await area.screenshot({ path: join(SHOTS, 'people-import-verdicts-en.png') })
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    await expect(changed).toBeHidden()
    const zhTable = page.getByRole('table', { name: '与文件不符的判定' })
    await expect(zhTable.locator('tbody tr').first().getByRole('cell')).toHaveText(['forged.zip', 'Ann', '正确', '错误：取值错误'])
    await page.getByRole('region', { name: '导入并合并作答' }).screenshot({ path: join(SHOTS, 'people-import-verdicts-zh.png') })
    await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
  }
  await showTab(page, 'Cross-validation')
  const row = crossValidationRows(page).filter({ hasText: '推理2' })
  await expect(row.getByRole('listitem').filter({ hasText: 'Ann' }).getByRole('img', { name: 'wrong' })).toBeVisible()
  await page.context().close()
})

/** The People view's tabs, in English and in Chinese. */
async function screenshots(page: Page, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true })
  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    const tabs = lang === 'en' ? ['Exports and imports', 'Cross-validation', 'Human baseline'] : ['导出与导入', '交叉验证', '人类基线']
    for (const [i, name] of ['exchange', 'crossval', 'baseline'].entries()) {
      await page.getByRole('tab', { name: tabs[i] }).click()
      if (name === 'exchange') await download(page, lang === 'en' ? 'Export all attempts' : '导出全部作答', `shot-${lang}.zip`)
      await page.screenshot({ path: join(folder, `people-${name}-${lang}.png`) })
    }
  }
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
}

test('a task its people are all still at reads Not finished, not OK', async ({ browser }) => {
  const page = await profile(browser, 'Dora')
  await solve(page, [{ task: '推理3', calls: [['search_contacts', { pattern: 'Tom' }]], submit: false }])
  await showTab(page, 'Cross-validation')
  await expect(crossValidationRows(page).filter({ hasText: '推理3' }).getByRole('cell').first()).toHaveText('Not finished')
  await page.context().close()
})

test('a file that is not an export is said so in the reader’s language', async ({ browser }) => {
  const page = await profile(browser, 'Erin')
  writeFileSync(join(dir, 'junk.zip'), 'not a zip at all')
  writeFileSync(join(dir, 'notes.jsonl'), 'hello\nworld\n')
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
  await page.getByRole('tab', { name: '导出与导入' }).click()
  await page.getByLabel('选择要导入的导出文件').setInputFiles([join(dir, 'junk.zip'), join(dir, 'notes.jsonl')])
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('未导入任何内容')
  // It showed the engine's English (`Not a zip archive (invalid zip data).`) and each line's JSON error alone.
  const junk = alert.getByRole('listitem').filter({ hasText: 'junk.zip' }).first()
  await expect(junk).toContainText('junk.zip 不是 zip 压缩包：请导入“导出我的作答”生成的 zip，或 response.jsonl。')
  await expect(junk).toContainText('Not a zip archive') // the reader's own words follow, for whoever looks closer
  await expect(alert.getByRole('listitem').filter({ hasText: 'notes.jsonl' }).first()).toContainText('notes.jsonl 中没有任何一行是作答：请导入 response.jsonl 或作答导出。')
  // Its lines are named as the file picked (they were response.jsonl's).
  await expect(alert).toContainText('notes.jsonl line 1: not valid JSON')
  await page.context().close()
})
