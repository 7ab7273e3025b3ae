import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { pickDatasetFiles } from '../src/datasets/store'
import { Problem } from '../src/state/problem'
import { readSources } from '../src/state/exchange'
import { StaleRevision, createAttempt, getAttempt, importDataset, listTasks, loadTask, saveStep, saveTaskRevision, taskRevisions } from '../src/db/index'
import { setField } from '../src/core/authoring/edits'
import { judgeAttempt } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR, fixtureFiles } from './fixtures'
import { makeStudy } from '../src/core/study'
import { readSealedManifest } from '../src/core/seal'
import { database } from '../src/db/index'
import type { DatasetRow } from '../src/db/index'
import { pageSink } from '../src/state/attemptController'
import { editDraft, openEditor, saveDraft, showAskedGold, useAuthoring } from '../src/authoring/store'
import { useSession } from '../src/state/sessionStore'
import { useSettings } from '../src/state/settings'

const file = (name: string, text = name) => new File([text], name)

describe('two picked files of one name', () => {
  it('refuse a data set import instead of keeping one of them silently', () => {
    const picked = [
      { file: file('input_data.jsonl'), path: 'input_data.jsonl' },
      { file: file('records_db.json'), path: 'records_db.json' },
      { file: file('tools.json', 'a'), path: 'tools.json' },
      { file: file('tools.json', 'b'), path: 'tools.json' },
    ]
    let problem: unknown
    try {
      pickDatasetFiles(picked)
    } catch (err) {
      problem = err
    }
    expect(problem).toBeInstanceOf(Problem)
    expect((problem as Problem).key).toBe('importSameName')
    expect((problem as Problem).params).toEqual({ file: 'tools.json' })
    // One of each name still imports.
    expect([...pickDatasetFiles(picked.slice(0, 3)).files.keys()].sort()).toEqual(['input_data.jsonl', 'records_db.json', 'tools.json'])
  })

  it('refuse loose export files picked with their manifest', async () => {
    const { sources, problems } = await readSources([file('manifest.json', '{}'), file('response.jsonl', 'a'), file('response.jsonl', 'b')])
    expect(sources).toEqual([])
    expect(problems).toEqual([{ source: 'response.jsonl', key: 'sameName', issues: [] }])
  })
})

describe('the editor and an attempt open on the phone', () => {
  it('refuses a save that started from an older revision than the stored one (two tabs)', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'two tabs', source: 'sample' })
    const loaded = await loadTask(dataset.id, '推理1')
    if (!loaded) throw new Error('no task')
    const content = { task: loaded.task, records: loaded.records }
    // Both tabs opened the task before its first revision (base 0); the first saves revision 1.
    await saveTaskRevision(dataset.id, setField(content, 'type', 'A'), { author: 'tab 1', replaces: '推理1', base: 0 }, judgeAttempt)
    const second = saveTaskRevision(dataset.id, setField(content, 'type', 'B'), { author: 'tab 2', replaces: '推理1', base: 0 }, judgeAttempt)
    await expect(second).rejects.toBeInstanceOf(StaleRevision)
    await expect(second).rejects.toMatchObject({ base: 0, current: 1 })
    expect((await loadTask(dataset.id, '推理1'))?.task.type).toBe('A')
    expect((await taskRevisions(dataset.id, '推理1')).map((r) => r.rev)).toEqual([0, 1])
    // From the latest revision it saves.
    await expect(saveTaskRevision(dataset.id, setField(content, 'type', 'B'), { author: 'tab 2', replaces: '推理1', base: 1 }, judgeAttempt)).resolves.toMatchObject({ rev: 2 })
  })

  it('keeps a rename for an attempt that was open with no calls when its first call is stored', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'rename', source: 'sample' })
    const attempt = await createAttempt({ datasetId: dataset.id, taskId: '推理2', access: 'paginated', actor: 'p', screen: 'home' })
    const loaded = await loadTask(dataset.id, '推理2')
    if (!loaded) throw new Error('no task')
    await saveTaskRevision(dataset.id, setField({ task: loaded.task, records: loaded.records }, 'id', '推理2b'), { author: 'a', replaces: '推理2' }, judgeAttempt)
    expect((await getAttempt(attempt.id))?.taskId).toBe('推理2b')
    // The phone's sink still holds the row it created (task 推理2) and writes it with the first call.
    const step = { seq: 0, name: 'search_contacts', arguments: '{}', source: 'ui', kind: 'retrieval', ok: true, content: '' }
    await saveStep(attempt.id, step as never, { attempt })
    expect((await getAttempt(attempt.id))?.taskId).toBe('推理2b')
    expect((await getAttempt(attempt.id))?.callCount).toBe(1)
  })
})

describe('the editor store', () => {
  it('says so when another tab saved the task after the draft was opened, and keeps the draft', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'editor tabs', source: 'sample' })
    useSession.setState({ dataset, tasks: await listTasks(dataset.id), status: 'ready' })
    useSettings.setState({ actor: 'author' })
    await openEditor('推理1')
    // The editor asks before it shows the gold of a task the author has not finished (#24): agreed.
    await showAskedGold()
    expect(useAuthoring.getState().baseRev).toBe(0)
    // Another tab saves revision 1 meanwhile.
    const loaded = await loadTask(dataset.id, '推理1')
    if (!loaded) throw new Error('no task')
    await saveTaskRevision(dataset.id, setField({ task: loaded.task, records: loaded.records }, 'type', 'elsewhere'), { author: 'other tab', replaces: '推理1', base: 0 }, judgeAttempt)
    editDraft((c) => setField(c, 'type', 'here'))
    expect(await saveDraft()).toBeUndefined()
    expect(useAuthoring.getState()).toMatchObject({ saveConflict: { rev: 1 }, saving: false })
    expect(useAuthoring.getState().draft?.task.type).toBe('here')
    expect((await loadTask(dataset.id, '推理1'))?.task.type).toBe('elsewhere')
    // Opened again, it starts from revision 1 and saves revision 2.
    useAuthoring.setState({ base: useAuthoring.getState().draft })
    await openEditor('推理1')
    editDraft((c) => setField(c, 'type', 'here'))
    expect(await saveDraft()).toMatchObject({ rev: 2 })
    expect(useAuthoring.getState().baseRev).toBe(2)
  })
})

describe('strict durability for a study', () => {
  it('is asked for in every folder of a study made with it, and read back from sealed.json', async () => {
    const made = await makeStudy({ files: fixtureFiles(), bundled: new Set(), people: ['ann', 'bo'], perTask: 1, seed: 1, durability: 'strict' })
    for (const person of ['ann', 'bo']) {
      const read = readSealedManifest(made.bundles[person]?.['sealed.json'] ?? '')
      expect('manifest' in read && read.manifest.study?.durability).toBe('strict')
    }
    const plain = await makeStudy({ files: fixtureFiles(), bundled: new Set(), people: ['ann', 'bo'], perTask: 1, seed: 1 })
    expect(JSON.parse(plain.bundles.ann?.['sealed.json'] ?? '{}').study).not.toHaveProperty('durability')
    const wrong = (made.bundles.ann?.['sealed.json'] ?? '').replace('"durability": "strict"', '"durability": "lazy"')
    expect(readSealedManifest(wrong)).toEqual({ problems: ['"study.durability" must be "strict" when given'] })
  })

  it('makes the page write each call of such a study in a strict transaction', async () => {
    const dataset = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'strict', source: 'sample' })
    const study = { id: 's', person: 'ann', tasks: ['推理1'], durability: 'strict' as const }
    const row = { ...dataset, sealed: { format: 'spieval-sealed', version: 1, cipher: null, kdf: null, check: null, study } } as DatasetRow
    const db = database()
    await db.open()
    const backend = db.backendDB()
    const transaction = vi.spyOn(backend, 'transaction')
    try {
      for (const [datasetRow, expected] of [
        [row, { durability: 'strict' }],
        [dataset, undefined],
      ] as const) {
        const sink = pageSink(datasetRow, { elapsedMs: () => 0 })
        const attempt = { id: `a-${expected ? 'strict' : 'default'}`, taskId: '推理1', access: 'paginated', actor: 'p', started: 0, elapsedMs: 0, finished: false, callCount: 0 }
        await sink.create({ attempt, inherited: [] } as never)
        transaction.mockClear()
        await sink.writeStep(attempt.id, { seq: 0, name: 'search_contacts', arguments: '{}', source: 'ui', kind: 'retrieval', ok: true, content: '' } as never, {})
        expect(transaction).toHaveBeenCalledTimes(1)
        expect(transaction.mock.calls[0]?.[2]).toEqual(expected)
      }
    } finally {
      transaction.mockRestore()
    }
  })
})
