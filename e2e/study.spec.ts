// A sealed study end to end (issue #17): `npm run study` hands the sample out; a participant opens their link,
// solves two tasks blind and exports; nothing of the gold reaches their browser.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { loadDataset, solveWithOracle } from '../src/core/index'
import type { Task } from '../src/core/index'
import { readStudyFile, studyFileText } from '../src/core/study'
import type { StudyFile } from '../src/core/study'
import { FIRST_VISIT_STATE } from '../playwright.config'
import { writeOwnCopy } from '../test/ownCopy'
import { api, chooseLanguage, expect, panelOf, resizeTo, test } from './helpers'

// A participant's browser holds their share only: not the sample every other spec starts with (it has gold).
test.use({ storageState: FIRST_VISIT_STATE })

const ROOT = join(import.meta.dirname, '..')
/** The sample's records and gold, every instruction reworded: a study of the bundled sample itself is refused (its gold ships with the page). */
const SAMPLE = writeOwnCopy(join(ROOT, 'public/data'))
const PASSPHRASE = 'a study passphrase of some length'
const FILES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json', 'sealed.json']
const original = loadDataset(Object.fromEntries(FILES.slice(0, 4).map((f) => [f, readFileSync(join(SAMPLE, f), 'utf8')]))).dataset

let out: string
let study: StudyFile
/** A second study of the same data set (another seed): its exports are not the first study's. */
let otherOut: string

function makeStudyFolder(seed: number, extra: string[] = []): string {
  const folder = mkdtempSync(join(tmpdir(), 'study-e2e-'))
  execFileSync('npx', ['tsx', 'cli/study.ts', '--data', SAMPLE, '--people', 'ann,bob', '--per-task', '1', '--seed', String(seed), '--out', folder, '--passphrase-env', 'STUDY_PASS', ...extra], {
    cwd: ROOT,
    env: { ...process.env, STUDY_PASS: PASSPHRASE },
    stdio: 'pipe',
  })
  return folder
}

test.beforeAll(() => {
  // In the full setting (search, all results): the participant's attempts below search nothing, which Submit asks about.
  out = makeStudyFolder(7, ['--setting', 'full'])
  otherOut = makeStudyFolder(8)
  const read = readStudyFile(readFileSync(join(out, 'assignment.json'), 'utf8'))
  if ('problems' in read) throw new Error(read.problems.join('; '))
  study = read.study
})

/** Serves a study folder at ./study/ on the page's own site, as a collector would put it on any static host. */
async function serveStudy(page: Page, folder = out): Promise<void> {
  await page.route(/\/study\/([^/]+)\/([^/?#]+)$/, async (route) => {
    const [, person, file] = /\/study\/([^/]+)\/([^/?#]+)$/.exec(new URL(route.request().url()).pathname) ?? []
    if (!person || !file || !FILES.includes(file)) return route.fulfill({ status: 404, body: 'not found' })
    try {
      const body = readFileSync(join(folder, decodeURIComponent(person), file), 'utf8')
      await route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body })
    } catch {
      await route.fulfill({ status: 404, body: 'not found' })
    }
  })
}

/** The oracle's execution calls for a task of the original data set (the right answer, made the way an agent makes it). */
async function oracleCalls(task: Task): Promise<{ name: string; arguments: unknown }[]> {
  const { steps } = await solveWithOracle(original, task.id, { setting: 'full' })
  return steps.filter((s) => s.kind === 'execution').map((s) => ({ name: s.name, arguments: s.arguments }))
}

function taskOf(id: string): Task {
  const task = original.tasks.find((t) => t.id === id)
  if (!task) throw new Error(`task ${id} is not in the sample`)
  return task
}

/** Everything the participant's browser holds: every IndexedDB database's every store, web storage, and the page. */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: unknown[] = [document.documentElement.outerHTML, { ...localStorage }, { ...sessionStorage }]
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        dump.push({ store, rows })
      }
      db.close()
    }
    return JSON.stringify(dump)
  })
}

test('a study fixes the access setting: the participant cannot change it, and every attempt is made in it', async ({ page }) => {
  test.setTimeout(120_000)
  const folder = makeStudyFolder(9, ['--setting', 'paginated'])
  const read = readStudyFile(readFileSync(join(folder, 'assignment.json'), 'utf8'))
  if ('problems' in read) throw new Error(read.problems.join('; '))
  expect(read.study.setting).toBe('paginated')
  const first = read.study.people.ann?.[0] ?? ''
  await serveStudy(page, folder)
  await page.goto('./?data=study/ann/')
  await expect(panelOf(page).getByRole('region', { name: 'Sealed data set' })).toContainText(`Study ${read.study.id} · ann`, { timeout: 40_000 })
  const control = page.getByRole('banner').getByRole('combobox', { name: 'Access (set by the study)' })
  await expect(control).toBeDisabled()
  await expect(control).toHaveValue('paginated')
  // Neither the person's stored choice nor a program opening the task picks another setting.
  await api(page, `await api.open(${JSON.stringify(first)}, { setting: 'full' }); return null`)
  expect(await api<{ setting: string }>(page, 'return api.current()')).toMatchObject({ taskId: first, setting: 'paginated' })
  await expect(panelOf(page).getByRole('region', { name: 'Instruction' })).toContainText('Search, 5 a page')
  await page.screenshot({ path: test.info().outputPath('study-setting-en-1280.png') })
})

test.describe.serial('a sealed study', () => {
  test('a participant opens their link, solves two tasks blind with no verdict, and nothing of the gold is in the browser', async ({ page }) => {
    test.setTimeout(120_000)
    const mine = study.people.ann ?? []
    expect(mine.length).toBeGreaterThan(2)
    await serveStudy(page)
    await page.goto('./?data=study/ann/')
    const panel = panelOf(page)
    await expect(panel.getByRole('region', { name: 'Sealed data set' })).toContainText(`Study ${study.id} · ann · task 1 of ${mine.length}`, { timeout: 40_000 })
    await expect(panel.getByRole('region', { name: 'Sealed data set' })).toContainText('checked later by whoever runs the study')
    // Only ann's tasks, in ann's order.
    const picker = panel.getByRole('combobox', { name: 'Task', exact: true })
    const listed = await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(listed).toEqual(mine)
    await expect(picker).toHaveValue(mine[0] ?? '')

    // The first task right, the second wrong: neither verdict is shown.
    const [first, second] = [taskOf(mine[0] ?? ''), taskOf(mine[1] ?? '')]
    for (const [task, right] of [
      [first, true],
      [second, false],
    ] as const) {
      await api(page, `await api.open(${JSON.stringify(task.id)})`)
      await expect(picker).toHaveValue(task.id)
      const calls = right ? await oracleCalls(task) : [{ name: 'Phone_Call', arguments: { telephone: '10000000000' } }]
      for (const call of calls) await api(page, `await api.call(${JSON.stringify(call.name)}, ${JSON.stringify(call.arguments)})`)
      await panel.getByRole('button', { name: 'Submit', exact: true }).click()
      // No search was made (the calls came straight from the oracle): Submit asks first, in words that promise no verdict.
      const confirm = page.getByRole('dialog', { name: 'Finish this attempt?' })
      await expect(confirm).toContainText('Submitting ends the attempt with your actions as they are')
      await confirm.getByRole('button', { name: 'Submit anyway' }).click()
      const submitted = panel.getByRole('region', { name: 'Submitted' })
      await expect(submitted).toContainText('you will not see a verdict here')
      await expect(panel.getByRole('region', { name: 'Review' })).toHaveCount(0)
      await expect(panel).not.toContainText(/\bCorrect\b|\bWrong\b|Reasoning path|Distractors/)
      await expect(submitted.getByRole('button', { name: 'Next task' })).toBeVisible()
    }
    await expect(panel.getByText(`2 of ${mine.length} submitted`)).toBeVisible()
    // How a participant sees a submitted task, in both languages (STUDY_SHOTS=docs/screenshots: the README's pictures).
    const shots = process.env.STUDY_SHOTS
    await resizeTo(page, { width: 1280, height: 900 })
    if (shots) await page.screenshot({ path: join(shots, 'study-participant-en.png') })
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    const panelZh = page.getByRole('complementary', { name: '任务' })
    await expect(panelZh.getByText(`已提交 2 / ${mine.length}`)).toBeVisible()
    await expect(panelZh.getByRole('region', { name: '已提交' })).toContainText('这里不会显示判定')
    if (shots) await page.screenshot({ path: join(shots, 'study-participant-zh.png') })
    await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
    // What window.spieval answers for a sealed task: the calls, no verdict.
    await api(page, `await api.open(${JSON.stringify(mine[2] ?? '')})`)
    expect(await api(page, 'return api.submit()')).toMatchObject({ id: mine[2], sealed: true, correct: null, errorType: null })

    // No gold of any task of the share anywhere in the browser: reasoning paths, distractors, gold answers, the gold's keys.
    const stored = await everythingStored(page)
    expect(stored.includes(first.instruction), 'the dump holds the tasks').toBe(true)
    for (const id of mine) {
      const task = taskOf(id)
      for (const secret of [task.reasoningPath, task.distractors].filter((s) => s.length > 12)) expect(stored.includes(secret), `${id}: ${secret}`).toBe(false)
      if (id !== first.id) for (const call of task.answer) expect(stored.includes(JSON.stringify(call.arguments)), `${id}: gold answer`).toBe(false)
    }
    // The gold's keys, and the task fields that would hold it, filled.
    for (const pattern of [/prompt_metadata/, /reasoning_path/, /"reasoningPath":"[^"]/, /"distractors":"[^"]/, /"answer":\[\{/])
      expect(pattern.test(stored), `${pattern} in the browser's storage`).toBe(false)
    // The bundle itself: the same, in its files.
    const bundle = FILES.map((f) => readFileSync(join(out, 'ann', f), 'utf8')).join('\n')
    for (const id of mine) for (const secret of [taskOf(id).reasoningPath, taskOf(id).distractors].filter((s) => s.length > 12)) expect(bundle).not.toContain(secret)

    // A participant's page: the phone, the task sheet and their export; none of the study runner's views, even by address.
    await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('button')).toHaveText(['Phone'])
    await expect(page.getByRole('button', { name: /^Present/ })).toHaveCount(0)
    await page.goto('./?data=study/ann/#/runs')
    await expect(panel.getByRole('region', { name: 'Sealed data set' })).toBeVisible({ timeout: 40_000 })
    await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toHaveCount(0)

    // The export the participant sends, from the panel: their attempts, with the study and each task's fingerprint.
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export my attempts (ann)' }).click()])
    // Named by its study and person, not attempts-ann-ann-….
    expect(download.suggestedFilename()).toMatch(new RegExp(`^study-${study.id}-ann-\\d{4}-\\d{2}-\\d{2}\\.zip$`))
    const zipPath = join(out, 'ann-export.zip')
    await download.saveAs(zipPath)
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)))
    const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as { sealed?: { study?: { id: string; person: string }; fingerprints: Record<string, string> } }
    expect(manifest.sealed?.study).toEqual({ id: study.id, person: 'ann' })
    for (const id of mine.slice(0, 3)) expect(manifest.sealed?.fingerprints[id]).toBe(study.tasks[id]?.fingerprint)
  })

  test('the collector loads the study, imports the export into the unsealed data set and sees the verdicts; a tampered export and another study\'s are refused', async ({ page, browser }) => {
    test.setTimeout(150_000)
    const mine = study.people.ann ?? []
    // Another study's share, solved and exported the same way (one task).
    const other = await browser.newContext()
    const participant = await other.newPage()
    await serveStudy(participant, otherOut)
    await participant.goto('./?data=study/ann/')
    await expect(panelOf(participant).getByRole('region', { name: 'Sealed data set' })).toBeVisible({ timeout: 40_000 })
    await api(participant, "await api.call('Phone_Call', { telephone: '10000000000' }); return api.submit()")
    const [otherDownload] = await Promise.all([participant.waitForEvent('download'), panelOf(participant).getByRole('button', { name: 'Export my attempts (ann)' }).click()])
    await otherDownload.saveAs(join(out, 'other-study.zip'))
    await other.close()
    // A copy of ann's export with her wrong answer made right after the export.
    const files = unzipSync(new Uint8Array(readFileSync(join(out, 'ann-export.zip'))))
    const wrongTask = taskOf(mine[1] ?? '')
    const responses = strFromU8(files['response.jsonl'] ?? new Uint8Array())
    expect(responses).toContain('10000000000')
    writeFileSync(join(out, 'tampered.zip'), zipSync({ ...files, 'response.jsonl': strToU8(responses.replace('10000000000', '13822419087')) }))

    // The collector: the study's own data set (imported as files), with the study's assignment.json loaded.
    await page.goto('./')
    await expect(panelOf(page).getByRole('heading', { name: 'Trajectory' })).toBeVisible({ timeout: 40_000 })
    const ownFiles = Object.fromEntries(FILES.slice(0, 4).map((f) => [f, readFileSync(join(SAMPLE, f), 'utf8')]))
    await page.evaluate((files) => window.spieval?.importDataset(files, 'Study data'), ownFiles)
    await page.getByRole('button', { name: 'Data sets' }).click()
    const manager = page.getByRole('dialog', { name: 'Data sets' })
    const row = manager.getByRole('listitem').filter({ hasText: 'Study data' })
    await row.getByLabel('Load a study’s assignment.json into “Study data”').setInputFiles({
      name: 'assignment.json',
      mimeType: 'application/json',
      buffer: Buffer.from(studyFileText(study)),
    })
    await expect(row.getByRole('status')).toHaveText(`Study ${study.id} is kept with “Study data” (2 people).`)
    await manager.getByRole('button', { name: 'Close', exact: true }).first().click()

    await page.getByRole('button', { name: 'People', exact: true }).click()
    const pick = async (name: string) => {
      await page.getByRole('tab', { name: 'Exports and imports' }).click()
      await page.getByLabel('Pick exports to import').setInputFiles(join(out, name))
    }
    await pick('tampered.zip')
    await expect(page.getByRole('alert')).toContainText('response.jsonl: does not match manifest.json')
    await pick('other-study.zip')
    await expect(page.getByRole('alert')).toContainText(/export of study [0-9a-f]{16}.*holds only study/)
    await pick('ann-export.zip')
    await expect(page.getByRole('status').getByText(/^ann-export\.zip: added 3, skipped 0/)).toBeVisible()

    // Scored here: the right answer is correct, the wrong one wrong, in the study's dashboard and the baseline.
    await page.getByRole('tab', { name: 'Study' }).click()
    const person = page.getByRole('row', { name: /^ann/ })
    await expect(person).toContainText(`3/${mine.length}`)
    await expect(person).toContainText('33.3% (1/3)')
    // ann's calls came through window.spieval, not taps on the phone: her two attempts with calls are flagged.
    await expect(person).toContainText(/window\.spieval: \d+/)
    await expect(person).toContainText('2 attempts not made by hand')
    const shots = process.env.E2E_SHOTS
    if (shots) {
      await resizeTo(page, { width: 1280, height: 720 })
      await person.screenshot({ path: join(shots, 'study-calls-en-1280.png') })
      await resizeTo(page, { width: 390, height: 844 })
      await person.screenshot({ path: join(shots, 'study-calls-en-390.png') })
      await resizeTo(page, { width: 1280, height: 720 })
      await chooseLanguage(page, 'zh')
      const zhRow = page.getByRole('row', { name: /^ann/ })
      await expect(zhRow).toContainText('2 次作答并非手动完成')
      await zhRow.screenshot({ path: join(shots, 'study-calls-zh-1280.png') })
      await resizeTo(page, { width: 390, height: 844 })
      await zhRow.screenshot({ path: join(shots, 'study-calls-zh-390.png') })
      await resizeTo(page, { width: 1280, height: 720 })
      await chooseLanguage(page, 'en')
    }
    await page.getByRole('tab', { name: 'Human baseline' }).click()
    await expect(page.getByRole('row', { name: /^ann/ })).toBeVisible()
    await page.getByRole('tab', { name: 'Cross-validation' }).click()
    await expect(page.getByRole('row', { name: new RegExp(wrongTask.id) })).toContainText('Revise')
  })
})
