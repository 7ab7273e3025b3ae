// exportDataset: a stored data set written back in the published format, each task's line and records as imported.
import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DATASET_FILES, SEALED_FILE, judgeAttempt, loadDataset } from '../src/core/index'
import type { Dataset, Task } from '../src/core/index'
import { splitLines, stripBom } from '../src/core/base/text'
import { MIN_ITERATIONS, sealDataset } from '../src/core/seal'
import { SpievalDatabase, exportDataset, importDataset, listTasks, unsealStoredDataset } from '../src/db/index'
import { readDatasetFolder } from '../cli/files'
import { LIVE_DIR, ROOT, SAMPLE_DIR, TOOLS_TEXT } from './fixtures'
import { cliArgs } from './support/cli'

const temp = mkdtempSync(join(tmpdir(), 'export-dataset-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

let n = 0
const freshDb = () => new SpievalDatabase(`export-test-${n++}`)

/** Imports `files` into a fresh database and exports them again. */
async function roundTrip(files: Record<string, string>) {
  const db = freshDb()
  const row = await importDataset(files, { name: 'imported', source: 'files' }, db)
  const exported = await exportDataset(row.id, db)
  if (!exported) throw new Error('nothing exported')
  return { db, row, exported }
}

/** A JSON text's value written back with its key order: equal strings mean the same content, key order included. */
const content = (text: string | undefined): string => JSON.stringify(JSON.parse(stripBom(text ?? 'null')))
const lines = (text: string | undefined): string[] =>
  splitLines(text ?? '')
    .filter((l) => l.trim() !== '')
    .map((l) => content(l))

/** The same files, each with the same content: the same task lines and records in the same order, key order included. */
function expectSameContent(exported: Record<string, string>, original: Record<string, string>): void {
  expect(Object.keys(exported).sort()).toEqual(Object.keys(original).sort())
  expect(lines(exported[DATASET_FILES.inputData])).toEqual(lines(original[DATASET_FILES.inputData]))
  for (const name of Object.keys(original)) if (name !== DATASET_FILES.inputData) expect(content(exported[name]), name).toBe(content(original[name]))
}

/** A loaded data set without what depends on the file's layout (line numbers, the lines as written). */
function plain(dataset: Dataset) {
  return { ...dataset, tasks: dataset.tasks.map(({ line: _line, source: _source, ...task }) => task) }
}

describe('exportDataset', () => {
  it('gives back the sample byte for byte', async () => {
    const original = readDatasetFolder(SAMPLE_DIR)
    const { exported, db, row } = await roundTrip(original)
    // Its lines are what the tasks' fields write: storage keeps no second copy of them.
    expect((await listTasks(row.id, db)).filter((t) => t.source !== undefined)).toEqual([])
    expect(Object.keys(exported).sort()).toEqual(Object.keys(original).sort())
    for (const name of Object.keys(original)) expect(exported[name], name).toBe(original[name])
    expect(plain(loadDataset(exported).dataset)).toEqual(plain(loadDataset(original).dataset))
  })

  it('gives back the live sample byte for byte (stored through the whole-file path)', async () => {
    const original = readDatasetFolder(LIVE_DIR)
    const { exported } = await roundTrip(original)
    for (const name of Object.keys(original)) expect(exported[name], name).toBe(original[name])
    expect(loadDataset(exported).dataset).toEqual(loadDataset(original).dataset)
  })

  it('keeps unknown keys, key order, values, empty app lists and the order of tasks, apps and records', async () => {
    const original = quirkyFiles()
    const { exported, db, row } = await roundTrip(original)
    expectSameContent(exported, original)
    // Task lines come back as written (unknown keys, escapes, big numbers, number spellings), without the blank line or CRLF.
    expect(exported[DATASET_FILES.inputData]).toBe(QUIRKY_LINES.join('\n') + '\n')
    const records = JSON.parse(exported[DATASET_FILES.records] ?? '') as Record<string, Record<string, unknown[]>>
    expect(Object.keys(records)).toEqual(['t2', 't1'])
    expect(Object.keys(records.t1 ?? {})).toEqual(['sms', 'voicemail', 'contacts'])
    expect(records.t1?.voicemail).toEqual([])
    expect(Object.keys((records.t1?.contacts?.[0] ?? {}) as object)).toEqual(['电话号码', '姓名', '昵称', '__proto__'])
    // Neither line is what the task's fields write, so both are kept as written.
    expect((await listTasks(row.id, db)).map((t) => t.source)).toEqual(QUIRKY_LINES)
    // What the phone reads is unchanged: non-empty lists only, in the registry's order.
    const stored = await db.taskRecords.get([row.id, 't1'])
    expect(Object.keys(stored?.records ?? {})).toEqual(['contacts', 'sms'])
    expect(plain(loadDataset(exported).dataset)).toEqual(plain(loadDataset(original).dataset))
  })

  it('gives back a published-size generated data set with the same content, its lines byte for byte', async () => {
    const dir = join(temp, 'gen')
    const run = spawnSync(process.execPath, [...cliArgs('cli/gen.ts'), '--size', 'spieval', '--out', dir], { cwd: ROOT, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const original = readDatasetFolder(dir)
    const { exported, row } = await roundTrip(original)
    expect(row.tasks).toBe(250)
    expectSameContent(exported, original)
    expect(exported[DATASET_FILES.inputData]).toBe(original[DATASET_FILES.inputData])
    expect(exported[DATASET_FILES.tools]).toBe(original[DATASET_FILES.tools])
    expect(exported[DATASET_FILES.profile]).toBe(original[DATASET_FILES.profile])
  })

  it('writes a folder that npm run validate passes', async () => {
    const { exported } = await roundTrip(readDatasetFolder(LIVE_DIR))
    const dir = join(temp, 'validate')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const [name, text] of Object.entries(exported)) writeFileSync(join(dir, name), text)
    const run = spawnSync(process.execPath, [...cliArgs('cli/validate.ts'), dir], { cwd: ROOT, encoding: 'utf8' })
    expect(run.stdout).toMatch(/0 errors/)
    expect(run.status, run.stdout).toBe(0)
  })

  it('leaves profile.json out when the data set had none, and leaves out records of ids that are no tasks', async () => {
    const { [DATASET_FILES.profile]: _profile, ...original } = quirkyFiles()
    const db = JSON.parse(original[DATASET_FILES.records] ?? '') as Record<string, unknown>
    original[DATASET_FILES.records] = JSON.stringify({ ...db, stray: { notes: [] } })
    const { exported } = await roundTrip(original)
    expect(Object.keys(exported).sort()).toEqual([DATASET_FILES.inputData, DATASET_FILES.records, DATASET_FILES.tools].sort())
    expect(Object.keys(JSON.parse(exported[DATASET_FILES.records] ?? ''))).toEqual(['t2', 't1'])
  })

  it('writes an edited task into its line, keeping the keys the task does not model', async () => {
    const original = quirkyFiles()
    const { exported: before, db, row } = await roundTrip(original)
    const stored = await db.tasks.get([row.id, 't1'])
    if (!stored) throw new Error('no task t1')
    const answer = [{ name: 'Phone_Call', arguments: { telephone: ['13655208731'] } }]
    // An edit as an editor would make it: the fields changed, `source` left as it was.
    await db.tasks.put({ ...stored, task: { ...stored.task, answer, freeParams: [[]], distractors: 'edited' } })
    const after = await exportDataset(row.id, db)
    const [first, second] = (after?.[DATASET_FILES.inputData] ?? '').trimEnd().split('\n')
    const edited = JSON.parse(first ?? '') as Record<string, unknown>
    expect(Object.keys(edited)).toEqual(Object.keys(JSON.parse(QUIRKY_LINES[0] ?? '') as object))
    expect(edited).toMatchObject({ 'x-note': { b: 1, a: [1.5, 100, 12345678901234567000] }, distractors: 'edited', prompt_metadata: { answer, free_params: [[]], author: 'kim' } })
    // The fields left alone keep their value as written (a reasoning path that was not a string stays one).
    expect(edited.reasoning_path).toEqual({ steps: ['contacts', 'sms'] })
    expect(second).toBe(QUIRKY_LINES[1])
    const reloaded = loadDataset({ ...(after ?? {}) }).dataset.tasks[0]
    expect(reloaded?.answer).toEqual(answer)
    expect(after?.[DATASET_FILES.records]).toBe(before[DATASET_FILES.records])
  })

  it('writes tools and profile from the stored values once they no longer match the texts imported', async () => {
    const { db, row } = await roundTrip(readDatasetFolder(SAMPLE_DIR))
    const stored = await db.datasets.get(row.id)
    if (!stored) throw new Error('no row')
    await db.datasets.put({ ...stored, tools: stored.tools.slice(1), profile: { ...stored.profile, name: 'Someone Else' } })
    const exported = await exportDataset(row.id, db)
    expect(JSON.parse(exported?.[DATASET_FILES.tools] ?? '')).toEqual(stored.tools.slice(1))
    expect(loadDataset(exported ?? {}).dataset.profile.name).toBe('Someone Else')
  })

  it('exports a data set stored before exports existed from its fields, and it loads as the same data set', async () => {
    const original = quirkyFiles()
    const { db, row } = await roundTrip(original)
    // What an older version stored: no lines as written, no texts, no app order or empty lists.
    // (Rows written whole: Dexie's modify() copies values in a way that drops a record's own "__proto__" key.)
    await db.tasks.bulkPut((await db.tasks.toArray()).map(({ task: { source: _s, ...task }, ...r }) => ({ ...r, task })))
    await db.taskRecords.bulkPut((await db.taskRecords.toArray()).map(({ apps: _a, at: _at, ...r }) => r))
    const { texts: _texts, ...oldRow } = row
    await db.datasets.put(oldRow)
    const exported = await exportDataset(row.id, db)
    if (!exported) throw new Error('nothing exported')
    const loaded = loadDataset(exported).dataset
    const want = loadDataset(original).dataset
    expect(loaded.tasks.map(({ line: _l, source: _s, ...t }) => t)).toEqual(want.tasks.map(({ line: _l, source: _s, ...t }) => t))
    expect(loaded.profile).toEqual(want.profile)
    expect(loaded.tools).toEqual(want.tools)
    expect(JSON.parse(exported[DATASET_FILES.records] ?? '')).toEqual({
      t1: { contacts: want.records.t1?.contacts, sms: want.records.t1?.sms },
      t2: { contacts: want.records.t2?.contacts },
    })
  })

  it('gives an unknown data set id nothing', async () => {
    expect(await exportDataset('no-such-id', freshDb())).toBeUndefined()
  })

  for (const passphrase of ['correct horse battery staple', undefined])
    it(`exports a sealed data set as it was given, sealed.json included (${passphrase ? 'encrypted' : 'stripped'} gold)`, async () => {
      const original = readDatasetFolder(SAMPLE_DIR)
      const sealed = await sealDataset(original, { ...(passphrase ? { passphrase } : {}), iterations: MIN_ITERATIONS })
      const { exported, db, row } = await roundTrip(sealed)
      expect(Object.keys(exported).sort()).toEqual(Object.keys(sealed).sort())
      for (const name of Object.keys(sealed)) expect(exported[name], name).toBe(sealed[name])
      expect(loadDataset(exported).dataset.sealed).toEqual(loadDataset(sealed).dataset.sealed)
      if (!passphrase) return
      // Unsealed in storage, it exports as the original data set.
      await unsealStoredDataset(row.id, passphrase, judgeAttempt, db)
      const opened = await exportDataset(row.id, db)
      expect(opened?.[SEALED_FILE]).toBeUndefined()
      for (const name of Object.keys(original)) expect(opened?.[name], name).toBe(original[name])
      expect((await listTasks(row.id, db)).every((t: Task) => t.answer.length > 0)).toBe(true)
    })
})

/**
 * Task lines with what the loader does not model: unknown keys at every
 * level, escapes, a number beyond double precision, number spellings JSON.parse
 * would change, a reasoning path that is not a string, keys in an unusual order.
 */
const QUIRKY_LINES = [
  '{"id":"t1","x-note":{"b":1,"a":[1.50,1e2,12345678901234567890]},"type":"推理","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Call Tom \\u00e9","name":"u1"}],' +
    '"prompt_metadata":{"author":"kim","answer":[{"name":"Phone_Call","arguments":{"type":["VOICE",null],"telephone":["13822419087"]},"note":"gold"}],"free_params":[[]]},' +
    '"reasoning_path":{"steps":["contacts","sms"]},"distractors":"namesake","extra":[true,null]}',
  '{ "prompt_metadata": {"answer": [{"name": "Messages_Send", "arguments": {"telephone": ["13911112222"]}}], "free_params": [["text"]]}, "id": "t2", "type": "多意图", "messages": [{"role": "user", "content": "Text Rachel"}] }',
]

function quirkyFiles(): Record<string, string> {
  const contact = '{"电话号码": "13822419087", "姓名": "Tom Ruiz", "昵称": "T", "__proto__": {"x": 1}}'
  const records =
    '{\n' +
    ' "t2": {"contacts": [{"姓名": "Rachel Kim", "电话号码": "13911112222", "score": 1.0}]},\n' +
    ` "t1": {"sms": [{"发件人姓名": "Tom Ruiz", "正文": "Call me \\ud83d\\ude00", "附件": ["a.pdf"], "金额": 350.50}], "voicemail": [], "contacts": [${contact}]}\n` +
    '}'
  return {
    [DATASET_FILES.inputData]: '\ufeff' + QUIRKY_LINES[0] + '\r\n\r\n' + QUIRKY_LINES[1],
    [DATASET_FILES.records]: records,
    [DATASET_FILES.tools]: TOOLS_TEXT,
    [DATASET_FILES.profile]: readFileSync(join(SAMPLE_DIR, 'profile.json'), 'utf8'),
  }
}
