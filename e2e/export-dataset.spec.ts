// window.spieval.exportDataset: the active data set in the published format, each task's line and records as imported.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './helpers'

const ROOT = join(import.meta.dirname, '..')
const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const folder = (dir: string) => Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(ROOT, dir, name), 'utf8')]))

/** A JSON text's value written back with its key order: equal strings, same content. */
const content = (text: string | undefined) => JSON.stringify(JSON.parse(text ?? 'null'))
const lines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map(content)

/** Unknown keys in a task line and a record, keys out of the usual order, an empty app list, records_db.json's tasks in another order. */
function quirkyFiles(): Record<string, string> {
  const sample = folder('public/data')
  const line1 =
    '{"id":"q1","x-review":{"by":"kim","score":1.50},"type":"推理","messages":[{"role":"user","content":"Call Tom \\u00e9","name":"u1"}],' +
    '"prompt_metadata":{"author":"kim","answer":[{"name":"Phone_Call","arguments":{"telephone":["13822419087"],"type":["VOICE",null]}}],"free_params":[[]]},"reasoning_path":"contacts","distractors":""}'
  const line2 = '{"prompt_metadata":{"answer":[{"name":"Phone_Call","arguments":{"telephone":["13911112222"]}}]},"id":"q2","type":"推理","messages":[{"role":"user","content":"Call Rachel"}]}'
  const records = {
    q2: { contacts: [{ 姓名: 'Rachel Kim', 电话号码: '13911112222' }] },
    q1: { sms: [{ 发件人姓名: 'Tom Ruiz', 正文: 'Call me', 'x-flag': [1, 2] }], voicemail: [], contacts: [{ 电话号码: '13822419087', 姓名: 'Tom Ruiz', 昵称: 'T' }] },
  }
  return {
    'input_data.jsonl': `${line1}\n${line2}\n`,
    'records_db.json': JSON.stringify(records, null, 2),
    'tools.json': sample['tools.json'] ?? '',
    'profile.json': sample['profile.json'] ?? '',
  }
}

const exportActive = (page: import('@playwright/test').Page) => page.evaluate(() => window.spieval?.exportDataset()) as Promise<Record<string, string>>

test('exportDataset gives back what importDataset was given, and the bundled sample as published', async ({ page }) => {
  await page.goto('./')
  // The first visit imports the bundled sample: its export is the published folder, byte for byte.
  const sample = folder('public/data')
  const first = await exportActive(page)
  expect(Object.keys(first).sort()).toEqual(Object.keys(sample).sort())
  for (const name of NAMES) expect(first[name], name).toBe(sample[name])

  const quirky = quirkyFiles()
  const imported = await page.evaluate((files) => window.spieval?.importDataset(files, 'quirky'), quirky)
  expect(imported?.tasks).toBe(2)
  const exported = await exportActive(page)
  expect(Object.keys(exported).sort()).toEqual(NAMES.slice().sort())
  // Task lines as written; records, tools and profile with the same content, key order included.
  expect(exported['input_data.jsonl']).toBe(quirky['input_data.jsonl'])
  expect(lines(exported['input_data.jsonl'])).toEqual(lines(quirky['input_data.jsonl']))
  for (const name of ['records_db.json', 'tools.json', 'profile.json']) expect(content(exported[name]), name).toBe(content(quirky[name]))
  const records = JSON.parse(exported['records_db.json'] ?? '') as Record<string, Record<string, unknown>>
  expect(Object.keys(records)).toEqual(['q2', 'q1'])
  expect(Object.keys(records.q1 ?? {})).toEqual(['sms', 'voicemail', 'contacts'])

  // Stored, not held in the page: a reload exports the same; and the export imports again to the same files.
  await page.reload()
  expect(await exportActive(page)).toEqual(exported)
  // importDataset marks when the files are stored (spieval:import-stored), once, before it resolves with the data set open.
  const marks = await page.evaluate(async (files) => {
    performance.clearMarks('spieval:import-stored')
    const started = performance.now()
    await window.spieval?.importDataset(files, 'again')
    const resolved = performance.now()
    return performance.getEntriesByName('spieval:import-stored', 'mark').map((m) => ({ afterStart: m.startTime >= started, beforeEnd: m.startTime <= resolved }))
  }, exported)
  expect(marks).toEqual([{ afterStart: true, beforeEnd: true }])
  expect(await exportActive(page)).toEqual(exported)
})
