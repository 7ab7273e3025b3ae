/**
 * Sealing, studies and unsealing in the page (issue #17), against the same
 * core functions Node runs: a folder sealed in Node is unsealed in the page,
 * and what the page seals or hands out Node opens and reads.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import type { Download, Locator, Page } from '@playwright/test'
import { MIN_ITERATIONS, sealDataset, unsealDataset } from '../src/core/seal'
import { makeStudy, readStudyFile, studyFileText, studyFolderFiles } from '../src/core/study'
import { annotatorState } from '../playwright.config'
import { api, expect, panelOf, test, axeResults } from './helpers'
import { ownCopyFiles } from '../test/ownCopy'

/** SEAL_SHOTS=docs/screenshots writes seal-*-en.png and seal-*-zh.png there. */
const SHOTS = process.env.SEAL_SHOTS

const SAMPLE = join(import.meta.dirname, '..', 'public/data')
const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const sample: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE, name), 'utf8')]))
const SAMPLE_NAME = 'Sample (Daniel Hayes)'
/** A data set of one's own made from the sample (every instruction reworded; not the bundled sample): a study may be made of it. */
const OWN_NAME = 'Own copy'
const own = ownCopyFiles(SAMPLE)
const PASSPHRASE = 'participants never see this passphrase'

function manager(page: Page): Locator {
  return page.getByRole('dialog', { name: /^(Data sets|数据集)$/ })
}

async function openManager(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^(Data sets|数据集)$/ }).click()
  const dialog = manager(page)
  await expect(dialog).toBeVisible()
  return dialog
}

/** A downloaded zip's files, by path inside the zip. */
async function zipOf(download: Download): Promise<Record<string, string>> {
  const path = await download.path()
  const entries = unzipSync(new Uint8Array(readFileSync(path)))
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]))
}

/** The files under one folder of a zip, by path below it. */
function under(files: Record<string, string>, folder: string): Record<string, string> {
  const prefix = `${folder}/`
  return Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith(prefix)).map(([path, text]) => [path.slice(prefix.length), text]))
}

async function shot(dialog: Locator, name: string): Promise<void> {
  if (!SHOTS) return
  // Tall enough for the longest dialog to show whole.
  await dialog.page().setViewportSize({ width: 1280, height: 1100 })
  await dialog.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' })
}

async function ready(page: Page): Promise<void> {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  await api(page, 'await api.tasks(); return null')
}

test('a folder sealed in Node is imported, attempted without a verdict, and unsealed with its passphrase only', async ({ page }) => {
  const sealed = await sealDataset(sample, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS })
  await ready(page)
  await page.evaluate((files) => window.spieval?.importDataset(files, 'Sealed sample'), sealed)
  const submitted = await api<{ correct: boolean | null; sealed?: true }>(
    page,
    `await api.open('推理1', { setting: 'full' }); await api.call('Phone_Call', { telephone: '13822419087' }); return api.submit()`,
  )
  expect(submitted).toMatchObject({ correct: null, sealed: true })
  await expect(panelOf(page).getByRole('region', { name: 'Submitted' })).toBeVisible()

  const dialogs = await openManager(page)
  const row = dialogs.getByRole('listitem').filter({ hasText: 'Sealed sample' })
  await expect(row.getByText('Sealed: gold encrypted')).toBeVisible()
  await row.getByRole('button', { name: 'Unseal “Sealed sample”' }).click()
  const unseal = page.getByRole('dialog', { name: 'Unseal “Sealed sample”' })
  await expect(unseal).toBeVisible()
  const field = unseal.getByLabel('Passphrase', { exact: true })
  await field.fill('a wrong passphrase')
  await unseal.getByRole('button', { name: 'Unseal', exact: true }).click()
  await expect(unseal.getByRole('alert')).toHaveText('Wrong passphrase: it does not open this data set. Nothing was changed.', { timeout: 30_000 })
  await shot(unseal, 'seal-unseal-wrong-en')
  await expect(row.getByText('Sealed: gold encrypted')).toBeVisible()

  await field.fill(PASSPHRASE)
  await unseal.getByRole('button', { name: 'Unseal', exact: true }).click()
  await expect(unseal.getByRole('status')).toHaveText('Unsealed: 50 tasks opened; 1 submitted attempt scored (1 correct).', { timeout: 30_000 })
  await shot(unseal, 'seal-unseal-done-en')
  await expect(row.getByText('Sealed: gold encrypted')).toHaveCount(0)
  await expect(row.getByRole('button', { name: 'Seal “Sealed sample” for participants' })).toBeVisible()
  await unseal.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(unseal).toHaveCount(0)
  await expect(dialogs).toBeVisible()
  await dialogs.getByRole('button', { name: 'Close' }).first().click()

  // The same attempt, reopened: its verdict and review are there now.
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  const stored = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('spieval-phone')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const req = open.result.transaction('attempts', 'readonly').objectStore('attempts').getAll()
          req.onsuccess = () => {
            open.result.close()
            resolve(req.result as unknown[])
          }
        }
      }),
  )
  expect(stored.filter((a) => (a as { finished: boolean }).finished).map((a) => (a as { verdict?: { correct: boolean } }).verdict?.correct)).toEqual([true])
  // Its review shows the gold now: the person's next attempt at the task is practice; at another task it is still blind.
  await api(page, "await api.open('推理1', { setting: 'full' })")
  expect(await api<{ afterGold?: true }>(page, 'return api.current()')).toMatchObject({ afterGold: true })
  await api(page, "await api.open('推理2', { setting: 'full' })")
  expect(await api<{ afterGold?: true }>(page, 'return api.current()')).not.toHaveProperty('afterGold')
})

test('Seal for participants downloads a sealed folder that Node opens back to the original input_data.jsonl, byte for byte', async ({ page }) => {
  await ready(page)
  const dialogs = await openManager(page)
  await dialogs.getByRole('button', { name: `Seal “${SAMPLE_NAME}” for participants` }).click()
  const seal = page.getByRole('dialog', { name: `Seal “${SAMPLE_NAME}” for participants` })
  await expect(seal.getByText('The data set as stored, in the published format (50 tasks; tasks revised in this page as revised).')).toBeVisible()
  await seal.getByLabel('Passphrase (optional)').fill('short')
  await expect(seal.getByText('This passphrase is short (under 12 characters): it could be guessed offline.')).toBeVisible()
  await seal.getByLabel('Passphrase again').fill('shorter')
  await seal.getByRole('button', { name: 'Seal and download' }).click()
  await expect(seal.getByRole('alert')).toContainText('The two passphrases differ.')
  await shot(seal, 'seal-mismatch-en')
  await seal.getByLabel('Passphrase (optional)').fill(PASSPHRASE)
  await seal.getByLabel('Passphrase again').fill(PASSPHRASE)
  const [download] = await Promise.all([page.waitForEvent('download'), seal.getByRole('button', { name: 'Seal and download' }).click()])
  expect(download.suggestedFilename()).toBe('Sample-Daniel-Hayes-sealed.zip')
  await expect(seal.getByRole('status').last()).toContainText('Downloaded Sample-Daniel-Hayes-sealed.zip', { timeout: 30_000 })
  const files = under(await zipOf(download), 'Sample-Daniel-Hayes-sealed')
  expect(Object.keys(files).sort()).toEqual(['input_data.jsonl', 'profile.json', 'records_db.json', 'sealed.json', 'tools.json'])
  expect(files['input_data.jsonl']).not.toMatch(/prompt_metadata|reasoning_path|distractors/)
  expect(JSON.parse(files['sealed.json'] ?? '{}')).toMatchObject({ cipher: 'AES-GCM', kdf: { iterations: MIN_ITERATIONS } })
  const back = await unsealDataset(files, PASSPHRASE)
  expect(back['input_data.jsonl']).toBe(sample['input_data.jsonl'])
  for (const name of ['records_db.json', 'tools.json', 'profile.json']) expect(back[name], name).toBe(sample[name])
  await expect(unsealDataset(files, 'another passphrase')).rejects.toMatchObject({ code: 'wrong-passphrase' })
})

test('a data set given as files is sealed from its stored copy: nothing to fetch or pick again', async ({ page }) => {
  await ready(page)
  await page.evaluate((files) => window.spieval?.importDataset(files, 'Given copy'), sample)
  const dialogs = await openManager(page)
  await dialogs.getByRole('button', { name: 'Seal “Given copy” for participants' }).click()
  const seal = page.getByRole('dialog', { name: 'Seal “Given copy” for participants' })
  await expect(seal.getByText('The data set as stored, in the published format (50 tasks; tasks revised in this page as revised).')).toBeVisible()
  await expect(seal.getByLabel(/^Pick/)).toHaveCount(0)
  const { violations } = await axeResults(page, '.sealing-dialog')
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await shot(seal, 'seal-stored-en')
  const [download] = await Promise.all([page.waitForEvent('download'), seal.getByRole('button', { name: 'Seal and download' }).click()])
  expect(download.suggestedFilename()).toBe('Given-copy-sealed.zip')
  const files = under(await zipOf(download), 'Given-copy-sealed')
  expect(files['records_db.json']).toBe(sample['records_db.json'])
  expect(files['tools.json']).toBe(sample['tools.json'])
  expect(JSON.parse(files['sealed.json'] ?? '{}')).toMatchObject({ cipher: null })
  // Without a passphrase the gold is removed; the instructions are the stored ones, in the file's order.
  const ids = (text: string | undefined) => (text ?? '').trim().split('\n').map((l) => JSON.parse(l).id)
  expect(ids(files['input_data.jsonl'])).toEqual(ids(sample['input_data.jsonl']))
})

test('Create a study downloads the folder npm run study would write, keeps the study with the data set, and loads only studies of this data set', async ({ page }) => {
  await ready(page)
  // The bundled sample's gold ships with the page: a study of it is refused, saying why.
  let dialogs = await openManager(page)
  const sampleRow = dialogs.getByRole('listitem').filter({ hasText: SAMPLE_NAME })
  await sampleRow.getByRole('button', { name: `Create a study from “${SAMPLE_NAME}”` }).click()
  const refused = page.getByRole('dialog', { name: `Create a study from “${SAMPLE_NAME}”` })
  await refused.getByLabel('People (names separated by commas)').fill('ann, bob')
  await refused.getByLabel('People per task (K)').fill('1')
  await refused.getByRole('button', { name: 'Create and download' }).click()
  await expect(refused.getByRole('alert')).toContainText(`“${SAMPLE_NAME}” is a sample bundled with this page: its gold ships with the page`)
  await shot(refused, 'seal-study-bundled-en')
  await page.keyboard.press('Escape')
  await expect(refused).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(dialogs).toBeHidden()
  // The same files under another name are still the sample: refused by content, naming the tasks.
  await page.evaluate(([files, name]) => window.spieval?.importDataset(files, name), [sample, 'Renamed sample'] as const)
  dialogs = await openManager(page)
  await dialogs.getByRole('listitem').filter({ hasText: 'Renamed sample' }).getByRole('button', { name: 'Create a study from “Renamed sample”' }).click()
  const renamed = page.getByRole('dialog', { name: 'Create a study from “Renamed sample”' })
  await renamed.getByLabel('People (names separated by commas)').fill('ann, bob')
  await renamed.getByLabel('People per task (K)').fill('1')
  await renamed.getByRole('button', { name: 'Create and download' }).click()
  await expect(renamed.getByRole('alert')).toContainText('50 of the 50 tasks (推理1, 推理2, 推理3 and 47 more) ask what a sample bundled with this page asks')
  await page.keyboard.press('Escape')
  await expect(renamed).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(dialogs).toBeHidden()
  // A data set of one's own (the sample's records and gold, every instruction reworded) makes the study.
  await page.evaluate(([files, name]) => window.spieval?.importDataset(files, name), [own, OWN_NAME] as const)
  dialogs = await openManager(page)
  const row = dialogs.getByRole('listitem').filter({ hasText: OWN_NAME })
  await row.getByRole('button', { name: `Create a study from “${OWN_NAME}”` }).click()
  const dialog = page.getByRole('dialog', { name: `Create a study from “${OWN_NAME}”` })
  await expect(dialog.getByText('The data set as stored, in the published format (50 tasks; tasks revised in this page as revised).')).toBeVisible()
  // A random seed is chosen and shown.
  await expect(dialog.getByLabel('Seed')).toHaveValue(/^\d+$/)
  await dialog.getByLabel('People (names separated by commas)').fill('ann, bob')
  await dialog.getByLabel('People per task (K)').fill('3')
  await dialog.getByRole('button', { name: 'Create and download' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Each task needs 3 different people, but only 2 are named.')
  await dialog.getByLabel('People (names separated by commas)').fill('ann, bob, cy')
  await dialog.getByLabel('People per task (K)').fill('2')
  await dialog.getByLabel('Seed').fill('7')
  await dialog.getByLabel('Base URL (optional)').fill('https://example.org/study')
  await dialog.getByRole('checkbox', { name: 'Write every call to disk before it counts as stored' }).check()
  await shot(dialog, 'seal-study-en')
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Create and download' }).click()])
  const zip = await zipOf(download)
  const folder = download.suggestedFilename().replace(/\.zip$/, '')
  expect(folder).toMatch(/^study-[0-9a-f]{16}$/)
  const files = under(zip, folder)
  const read = readStudyFile(files['assignment.json'] ?? '')
  if (!('study' in read)) throw new Error(read.problems.join('; '))
  const made = await makeStudy({ files: own, bundled: new Set(), people: ['ann', 'bob', 'cy'], perTask: 2, seed: 7, baseUrl: 'https://example.org/study', created: read.study.created, durability: 'strict' })
  expect(read.study).toEqual(made.study)
  expect(folder).toBe(`study-${made.study.id}`)
  // Without a passphrase the folders are deterministic: every file is the one npm run study writes.
  expect(files).toEqual(studyFolderFiles(made))
  // Each person's page is asked to write every call strictly.
  expect(JSON.parse(files['ann/sealed.json'] ?? '{}').study).toMatchObject({ person: 'ann', durability: 'strict' })
  expect(files['links.txt']).toBe('ann\t?data=https://example.org/study/ann/\nbob\t?data=https://example.org/study/bob/\ncy\t?data=https://example.org/study/cy/\n')
  await expect(dialog.getByRole('status').last()).toContainText(`Study ${made.study.id}: 50 tasks, each solved by 2 of 3 people.`)
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(row.getByRole('list', { name: 'Studies' })).toContainText(`Study ${made.study.id}: 3 people, each task by 2`)

  // A study made with npm run study for this data set loads; one whose task changed since is refused, naming the task.
  const other = await makeStudy({ files: own, bundled: new Set(), people: ['dee', 'eve'], perTask: 1, seed: 3 })
  const input = row.getByLabel(`Load a study’s assignment.json into “${OWN_NAME}”`)
  await input.setInputFiles({ name: 'assignment.json', mimeType: 'application/json', buffer: Buffer.from(studyFileText(other.study)) })
  await expect(row.getByRole('status')).toHaveText(`Study ${other.study.id} is kept with “${OWN_NAME}” (2 people).`)
  await expect(row.getByRole('list', { name: 'Studies' }).getByRole('listitem')).toHaveCount(2)
  const changed = structuredClone(other.study)
  const first = Object.keys(changed.tasks)[0] ?? ''
  const entry = changed.tasks[first]
  if (!entry) throw new Error('no task')
  entry.fingerprint = '0'.repeat(64)
  changed.id = 'ffffffffffffffff'
  await input.setInputFiles({ name: 'assignment.json', mimeType: 'application/json', buffer: Buffer.from(studyFileText(changed)) })
  await expect(row.getByRole('alert')).toContainText(
    `This study is not for this data set as stored: task ${first} has another instruction or other records here than when the study was made. Nothing was kept.`,
  )
  await expect(row.getByRole('list', { name: 'Studies' }).getByRole('listitem')).toHaveCount(2)
  await shot(dialogs, 'seal-manager-en')
})

test('a copy sealed without a passphrase says where its answers are scored instead of unsealing', async ({ page }) => {
  const stripped = await sealDataset(sample)
  await ready(page)
  await page.evaluate((files) => window.spieval?.importDataset(files, 'Stripped sample'), stripped)
  const dialogs = await openManager(page)
  const row = dialogs.getByRole('listitem').filter({ hasText: 'Stripped sample' })
  await expect(row.getByText('Sealed: gold removed')).toBeVisible()
  await row.getByRole('button', { name: 'Unseal “Stripped sample”' }).click()
  const unseal = page.getByRole('dialog', { name: 'Unseal “Stripped sample”' })
  await expect(unseal).toContainText('its gold is not in this folder')
  await expect(unseal).toContainText('imports the participants’ exports into the original data set')
  await expect(unseal.getByLabel('Passphrase', { exact: true })).toHaveCount(0)
})

test('an agent run on a sealed copy is submitted, not scored: it says so instead of 0 %', async ({ page }) => {
  const stripped = await sealDataset(sample)
  await ready(page)
  await page.evaluate((files) => window.spieval?.importDataset(files, 'Stripped sample'), stripped)
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Agent runs' }).click()
  await page.getByLabel('Model', { exact: true }).selectOption('oracle')
  await page.getByLabel('Repeats').fill('1')
  await page.getByLabel('Tasks to run').selectOption(['推理1'])
  await page.getByLabel('Watch on the phone').selectOption('')
  await page.getByRole('button', { name: 'Start run' }).click()
  const run = page.getByRole('article', { name: /^oracle · / }).first()
  await expect(run.getByRole('status')).toHaveText('done', { timeout: 60_000 })
  await expect(run.getByTestId('accuracy')).toHaveText('Not scored: this data set is sealed (its answers are checked where the study is collected).')
  await expect(run.getByTestId('accuracy')).not.toContainText('%')
})

test('without WebCrypto (an http page that is not localhost) the buttons say why instead of failing', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true }))
  const sealed = await sealDataset(sample, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS })
  await ready(page)
  expect(await page.evaluate(() => typeof crypto.subtle)).toBe('undefined')
  await page.evaluate((files) => window.spieval?.importDataset(files, 'Sealed sample'), sealed)
  const dialogs = await openManager(page)
  const row = dialogs.getByRole('listitem').filter({ hasText: 'Sealed sample' })
  await expect(row.getByRole('button', { name: 'Unseal “Sealed sample”' })).toBeDisabled()
  await expect(row.getByText('Needs https or localhost (WebCrypto)')).toBeVisible()
  const sampleRow = dialogs.getByRole('listitem').filter({ hasText: SAMPLE_NAME })
  await sampleRow.getByRole('button', { name: `Seal “${SAMPLE_NAME}” for participants` }).click()
  const seal = page.getByRole('dialog', { name: `Seal “${SAMPLE_NAME}” for participants` })
  await expect(seal.getByRole('alert')).toContainText('the browser offers no WebCrypto here')
  await expect(seal.getByLabel('Passphrase (optional)')).toBeDisabled()
  // Removing the gold needs no key: that still works.
  await expect(seal.getByText('The data set as stored, in the published format')).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), seal.getByRole('button', { name: 'Seal and download' }).click()])
  const files = under(await zipOf(download), 'Sample-Daniel-Hayes-sealed')
  expect(JSON.parse(files['sealed.json'] ?? '{}')).toMatchObject({ cipher: null })
})

test('the dialogs in Chinese', async ({ browser, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1/').origin
  const state = annotatorState(origin, 'e2e')
  const settings = JSON.parse(state.origins[0]?.localStorage[0]?.value ?? '{}') as { state: Record<string, unknown> }
  settings.state.language = 'zh'
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'spieval-settings', value: JSON.stringify(settings) }] }] },
  })
  const page = await context.newPage()
  await ready(page)
  const sealed = await sealDataset(sample, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS })
  await page.evaluate((files) => window.spieval?.importDataset(files, '封存样例'), sealed)
  const dialogs = await openManager(page)
  const row = dialogs.getByRole('listitem').filter({ hasText: SAMPLE_NAME })
  await row.getByRole('button', { name: `为参与者封存“${SAMPLE_NAME}”` }).click()
  const seal = page.getByRole('dialog', { name: `为参与者封存“${SAMPLE_NAME}”` })
  await expect(seal.getByText('已存储的数据集，按发布格式（50 个任务；在本页修订过的任务按修订后的版本）。')).toBeVisible()
  await seal.getByLabel('口令（可选）').fill('short')
  await expect(seal.getByText('这个口令太短（少于 12 个字符）：可能被离线猜出。')).toBeVisible()
  await shot(seal, 'seal-seal-zh')
  await seal.getByRole('button', { name: '取消' }).click()
  await row.getByRole('button', { name: `用“${SAMPLE_NAME}”创建研究` }).click()
  const study = page.getByRole('dialog', { name: `用“${SAMPLE_NAME}”创建研究` })
  await study.getByLabel('人员（名字用逗号分隔）').fill('ann, bob, cy')
  await study.getByLabel('随机种子').fill('7')
  await study.getByRole('button', { name: '创建并下载' }).click()
  // The bundled sample: refused, saying why.
  await expect(study.getByRole('alert')).toContainText(`“${SAMPLE_NAME}”是本页面自带的示例：它的标准答案随页面一起发布`)
  await shot(study, 'seal-study-zh')
  await study.getByRole('button', { name: '取消' }).click()
  const sealedRow = dialogs.getByRole('listitem').filter({ hasText: '封存样例' })
  await expect(sealedRow.getByText('已封存：标准答案已加密')).toBeVisible()
  await sealedRow.getByRole('button', { name: '解封“封存样例”' }).click()
  const unseal = page.getByRole('dialog', { name: '解封“封存样例”' })
  await unseal.getByLabel('口令', { exact: true }).fill('wrong passphrase')
  await unseal.getByRole('button', { name: '解封', exact: true }).click()
  await expect(unseal.getByRole('alert')).toHaveText('口令错误：无法打开这个数据集。没有做任何改动。', { timeout: 30_000 })
  await shot(unseal, 'seal-unseal-wrong-zh')
  await unseal.getByRole('button', { name: '取消' }).click()
  await shot(dialogs, 'seal-manager-zh')
  await context.close()
})

test('the seal dialog reads and checks the files, and warns of a short passphrase (with SEAL_SHOTS, its screenshot)', async ({ page }) => {
  await ready(page)
  const dialogs = await openManager(page)
  await dialogs.getByRole('button', { name: `Seal “${SAMPLE_NAME}” for participants` }).click()
  const seal = page.getByRole('dialog', { name: `Seal “${SAMPLE_NAME}” for participants` })
  await expect(seal.getByText('The data set as stored, in the published format')).toBeVisible()
  await seal.getByLabel('Passphrase (optional)').fill('short')
  await expect(seal.getByText('This passphrase is short')).toBeVisible()
  await shot(seal, 'seal-seal-en')
})
