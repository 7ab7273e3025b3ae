import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, DatasetError, LiveState, MemorySink, ToolRuntime, loadDataset, systemPrompt, toolEffect } from '../src/core/index'
import type { Dataset, PhoneRecord, SearchData, Setting, Task, ToolCall } from '../src/core/index'
import { readTaskRecords, scanRecordsDb } from '../src/core/dataset/chunked'
import { memoryIdsReturned } from '../src/core/tools/memoryTools'
import { MEMORY_ITEMS, memoryFiles } from './support/memoryFixture'
import type { MemoryChange } from './support/memoryFixture'
import { SAMPLE_DIR } from './fixtures'

const load = (change?: MemoryChange): Dataset => loadDataset(memoryFiles(change)).dataset

/** The errors loading refuses a data set with, as `file line (task): message` lines. */
function refusal(change: MemoryChange): string[] {
  try {
    loadDataset(memoryFiles(change))
  } catch (err) {
    if (err instanceof DatasetError) return err.message.split('\n')
    throw err
  }
  throw new Error('the data set loaded')
}

const withItem = (i: number, fields: Record<string, unknown>): MemoryChange => ({
  items: MEMORY_ITEMS.map((item, j) => (j === i ? { ...item, ...fields } : item)),
})

function runtime(setting: Setting = 'paginated', dataset = load()): ToolRuntime {
  return new ToolRuntime(dataset.tools, dataset.records['推理1'] ?? {}, { setting })
}

const ids = (call: ToolCall) => ((call.data as SearchData | undefined)?.hits ?? []).map((hit) => hit.record.id)

describe('memory items in records_db.json', () => {
  it('load per task, beside the ten apps; a task without them has none', () => {
    const dataset = load()
    expect(dataset.records['推理1']?.memory?.map((item) => item.id)).toEqual(MEMORY_ITEMS.map((item) => item.id))
    expect(dataset.records['多意图1']?.memory).toBeUndefined()
  })

  it('are refused by file and task: ids missing or twice, kinds, field types, supersedes', () => {
    expect(refusal(withItem(6, { id: 'mem_001' }))).toEqual([
      'records_db.json (task 推理1): "memory[6]" (id "mem_001"): the id is used twice (first by "memory[0]")',
    ])
    expect(refusal(withItem(0, { kind: 'habit' }))).toEqual([
      'records_db.json (task 推理1): "memory[0]" (id "mem_001"): "kind" must be one of profile, preference, fact, episode, procedure (got "habit")',
    ])
    const [typed] = refusal(withItem(1, { tags: 'health', date: '20/08/2025', time: '9h', pinned: 'yes', text: '' }))
    expect(typed).toBe(
      'records_db.json (task 推理1): "memory[1]" (id "mem_002"): "text" must be a non-empty string; "tags" must be a list of strings (got "health"); ' +
        '"date" must be a date, YYYY-MM-DD (got "20/08/2025"); "time" must be a time, HH:MM or HH:MM:SS (got "9h"); "pinned" must be true or false (got "yes")',
    )
    expect(refusal(withItem(3, { id: 7 }))[0]).toMatch(/^records_db\.json \(task 推理1\): "memory\[3\]": "id" must be a non-empty string$/)
    expect(refusal(withItem(4, { supersedes: 'mem_099' }))[0]).toContain('"supersedes" names "mem_099", which is no memory item of the task')
    expect(refusal(withItem(4, { supersedes: 'mem_005' }))[0]).toContain('"supersedes" names the item itself')
  })

  it('are refused on the page’s import too, which reads records_db.json task by task', () => {
    const good = memoryFiles()['records_db.json'] ?? ''
    const bad = memoryFiles(withItem(0, { kind: 'habit' }))['records_db.json'] ?? ''
    const read = (text: string) => {
      const scanned = scanRecordsDb(text)
      const slice = scanned?.slices.find((s) => s.taskId === '推理1')
      return scanned && slice ? readTaskRecords(scanned.text, slice) : 'not scanned'
    }
    expect(read(good)).toMatchObject({ memory: MEMORY_ITEMS })
    // Undefined sends the import to the whole-file loader, which names the error (above).
    expect(read(bad)).toBeUndefined()
  })

  it('must hold every memory id a task names: its memory condition and its rubric', () => {
    expect(refusal({ metadata: { memory: { required: ['mem_005', 'mem_404'], forbidden: ['mem_003'] } } })).toEqual([
      'input_data.jsonl line 1 (task 推理1): task "推理1": memory.required names the memory item "mem_404", which is not in the task\'s records_db.json',
    ])
    const rubric = { items: [{ id: 'r1', criterion: 'Uses the newer hotel', points: 1, auto: { kind: 'memory_used', ids: ['mem_405'] } }], pass: { min_score: 1 } }
    expect(refusal({ metadata: { bucket: 'agent_behavior', rubric } })).toEqual([
      'input_data.jsonl line 1 (task 推理1): task "推理1": rubric item "r1" names the memory item "mem_405", which is not in the task\'s records_db.json',
    ])
    expect(refusal({ items: undefined, metadata: { memory: { required: ['mem_001'] } } })[0]).toContain('"mem_001", which is not in the task')
    expect(load({ metadata: { memory: { required: ['mem_005'], evidence: 'opened' } } }).tasks[0]?.planner?.memory?.required).toEqual(['mem_005'])
  })

  it('get new ids from an insert’s `id` stamp only: an insert without one, and an update with one, are refused', () => {
    const effect = (name: string, change: (e: Record<string, unknown>) => void) => (tools: unknown[]) =>
      tools.map((t) => {
        const fn = (t as { function: Record<string, unknown> }).function
        if (fn.name === name) change(fn['x-effect'] as Record<string, unknown>)
        return t
      })
    expect(refusal({ tools: effect('Memory_Add', (e) => (e.stamp = { date: 'date' })) })).toEqual([
      'tools.json: tool "Memory_Add": an insert into memory must stamp a fresh id ("stamp": {"id": "id"})',
    ])
    expect(refusal({ tools: effect('Memory_Update', (e) => (e.stamp = { id: 'id' })) })).toEqual([
      'tools.json: tool "Memory_Update": "x-effect.stamp.id" is "id", which only an insert gives',
    ])
  })
})

describe('search_memory', () => {
  it('searches text and tags only, and shows each item whole with its id', () => {
    const rt = runtime()
    // "travel" is only ever a tag; "booking" only a source, "mem_003" only an id.
    const travel = rt.call('search_memory', { query: 'travel' }, 'test')
    expect(travel).toMatchObject({ ok: true, kind: 'retrieval' })
    expect(ids(travel)).toEqual(['mem_001', 'mem_003', 'mem_005'])
    expect(travel.content.split('\n')[0]).toBe('3 results for "travel" in memory, page 1 of 1. This is the last page.')
    expect(travel.content).toContain(`1. ${JSON.stringify(MEMORY_ITEMS[0])}`)
    expect(ids(rt.call('search_memory', { query: 'booking' }, 'test'))).toEqual([])
    expect(ids(rt.call('search_memory', { query: 'mem_003' }, 'test'))).toEqual([])
    expect(ids(rt.call('search_memory', { query: 'HOTEL' }, 'test'))).toEqual(['mem_003', 'mem_005'])
    expect(ids(rt.call('search_memory', { query: 'HOTEL', ignore_case: false }, 'test'))).toEqual([])
  })

  it('searches in the usual modes: regex and fuzzy, and refuses a bad pattern', () => {
    const rt = runtime()
    expect(ids(rt.call('search_memory', { query: '^Usual hotel in \\w+:', mode: 'regex' }, 'test'))).toEqual(['mem_003', 'mem_005'])
    expect(ids(rt.call('search_memory', { query: 'Alergic', mode: 'fuzzy' }, 'test'))).toEqual(['mem_002'])
    expect(ids(rt.call('search_memory', { query: 'hotl', mode: 'fuzzy' }, 'test')).slice(0, 2)).toEqual(['mem_003', 'mem_005'])
    const bad = rt.call('search_memory', { query: '(', mode: 'regex' }, 'test')
    expect(bad.ok).toBe(false)
    expect(bad.content).toMatch(/^search_memory: Invalid regular expression/)
  })

  it('narrows by tags, kind and a date range, with or without a query', () => {
    const rt = runtime()
    expect(ids(rt.call('search_memory', { tags: ['Travel', 'hotel'] }, 'test'))).toEqual(['mem_003', 'mem_005'])
    expect(ids(rt.call('search_memory', { query: 'Shanghai', tags: ['seat'] }, 'test'))).toEqual([])
    expect(ids(rt.call('search_memory', { kind: 'preference', date_from: '2025-10-01' }, 'test'))).toEqual(['mem_003', 'mem_005'])
    // An item without a date is outside any range.
    const october = rt.call('search_memory', { date_from: '2025-10-01', date_to: '2025-10-18' }, 'test')
    expect(ids(october)).toEqual(['mem_003', 'mem_004'])
    expect(october.content.split('\n')[0]).toBe('2 results for "" in memory (from 2025-10-01; to 2025-10-18), page 1 of 1. This is the last page.')
    expect(rt.call('search_memory', { date_from: '1 Oct' }, 'test')).toMatchObject({ ok: false, content: 'search_memory: "date_from" must be a date, YYYY-MM-DD.' })
  })

  it('pages as the other searches: five a page in paginated, all at once in full', () => {
    const rt = runtime()
    const first = rt.call('search_memory', {}, 'test')
    expect(ids(first)).toEqual(['mem_001', 'mem_002', 'mem_003', 'mem_004', 'mem_005'])
    expect(first.content.split('\n')[0]).toBe('7 results for "" in memory, page 1 of 2. More results: call search_memory again with page 2.')
    expect(ids(rt.call('search_memory', { page: 2 }, 'test'))).toEqual(['mem_006', 'mem_007'])
    expect(rt.call('search_memory', { page: 3 }, 'test').content).toBe('Page 3 does not exist: 7 results for "" in memory make 2 pages.')
    expect(ids(runtime('full').call('search_memory', {}, 'test'))).toHaveLength(7)
  })
})

describe('get_memory', () => {
  it('answers the item by id, shaped as a search’s one hit; an unknown id answers ok: false', () => {
    const rt = runtime()
    const opened = rt.call('get_memory', { id: 'mem_005' }, 'test')
    expect(opened).toMatchObject({ ok: true, kind: 'retrieval', content: JSON.stringify(MEMORY_ITEMS[4]) })
    expect(memoryIdsReturned(opened)).toEqual(['mem_005'])
    const unknown = rt.call('get_memory', { id: 'mem_404' }, 'test')
    expect(unknown).toMatchObject({ ok: false, content: 'get_memory: there is no memory item with id "mem_404". Use search_memory to find ids.' })
    expect(memoryIdsReturned(unknown)).toEqual([])
  })

  it('stays in no_search, where search_memory goes and every item is in the prompt', () => {
    const rt = runtime('no_search')
    expect(rt.call('get_memory', { id: 'mem_001' }, 'test').ok).toBe(true)
    expect(rt.call('search_memory', { query: 'hotel' }, 'test').ok).toBe(false)
  })
})

describe('Memory_Add, Memory_Update and Memory_Delete in a live attempt', () => {
  const open = async (dataset: Dataset, sink = new MemorySink()) => {
    const task = dataset.tasks[0] as Task
    const source = { task, tools: dataset.tools, records: dataset.records['推理1'] ?? {}, profile: dataset.profile }
    const attempt = await Attempt.open({ ...source, setting: 'paginated', state: 'live', actor: 't', sink })
    return { attempt, source, sink }
  }

  it('insert with a fresh id, update and delete by id; searches see it, and a resume replays the same ids', async () => {
    const dataset = load()
    const { attempt, source, sink } = await open(dataset)
    const added = await attempt.call('Memory_Add', { text: 'Prefers window seats now.', tags: ['travel', 'seat'], kind: 'preference' }, 'test')
    expect(added.ok).toBe(true)
    expect((added.data as { change: { after: PhoneRecord } }).change.after).toEqual({
      source: 'assistant',
      id: 'mem_008',
      date: '2025-11-01',
      time: '12:00:00',
      text: 'Prefers window seats now.',
      tags: ['travel', 'seat'],
      kind: 'preference',
    })
    const second = await attempt.call('Memory_Add', { text: 'Learning Spanish.', kind: 'fact' }, 'test')
    expect((second.data as { change: { after: PhoneRecord } }).change.after.id).toBe('mem_009')
    expect((await attempt.call('Memory_Update', { id: 'mem_008', text: 'Prefers window seats on planes.' }, 'test')).ok).toBe(true)
    expect((await attempt.call('Memory_Delete', { id: 'mem_001' }, 'test')).ok).toBe(true)
    const gone = await attempt.call('Memory_Delete', { id: 'mem_001' }, 'test')
    expect(gone).toMatchObject({ ok: false, content: 'Error: No memory record has id = "mem_001"; nothing was changed.' })
    expect(ids(await attempt.call('search_memory', { query: 'seat' }, 'test'))).toEqual(['mem_008'])
    expect((await attempt.call('get_memory', { id: 'mem_008' }, 'test')).content).toContain('"text":"Prefers window seats on planes."')
    expect((await attempt.call('get_memory', { id: 'mem_001' }, 'test')).ok).toBe(false)
    // The data set's items never change.
    expect(dataset.records['推理1']?.memory).toEqual(MEMORY_ITEMS)

    const resumed = await Attempt.resume({ ...source, attemptId: attempt.id, sink })
    expect(ids(resumed.runtime.call('search_memory', { query: 'Spanish' }, 'test'))).toEqual(['mem_009'])
    expect(ids(resumed.runtime.call('search_memory', { query: 'seat' }, 'test'))).toEqual(['mem_008'])
  })

  it('never gives a deleted item’s id again, and follows the width of the task’s ids', () => {
    const dataset = load({ items: [{ id: 'mem_7', text: 'One', kind: 'fact' }] })
    const effect = (name: string) => {
      const tool = dataset.tools.find((t) => t.function.name === name)
      return tool ? toolEffect(tool) : undefined
    }
    const calls = [
      { name: 'Memory_Add', arguments: { text: 'a', kind: 'fact' } },
      { name: 'Memory_Delete', arguments: { id: 'mem_8' } },
      { name: 'Memory_Add', arguments: { text: 'b', kind: 'fact' } },
    ]
    const replay = () => LiveState.replay(dataset.records['推理1'] ?? {}, calls, effect, dataset.profile).state.records('memory').map((r) => r.id)
    expect(replay()).toEqual(['mem_7', 'mem_9'])
    expect(replay()).toEqual(replay())
    const fresh = LiveState.replay({}, calls.slice(0, 1), effect, dataset.profile).state.records('memory')
    expect(fresh.map((r) => r.id)).toEqual(['mem_001'])
  })
})

describe('the system prompt', () => {
  const dataset = load()
  const prompt = (setting: Setting, taskId = '推理1') => systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting, records: dataset.records[taskId] ?? {} })

  it('holds the pinned items, and only them, outside no_search; get_memory among the retrieval tools', () => {
    const p = prompt('paginated')
    expect(p).toContain(`# What you remember about the user\nPinned memory items (2):\n1. ${JSON.stringify(MEMORY_ITEMS[0])}\n2. ${JSON.stringify(MEMORY_ITEMS[1])}`)
    expect(p).not.toContain('mem_003')
    const retrieval = p.slice(p.indexOf('Retrieval tools'), p.indexOf('Execution tools'))
    expect(retrieval).toContain('- get_memory: ')
    expect(retrieval).toContain('- search_memory: ')
    expect(p.slice(p.indexOf('Execution tools'))).toContain('- Memory_Add: ')
  })

  it('lists every item in no_search, memory after the phone’s apps; a task without memory has no memory block', () => {
    const p = prompt('no_search')
    expect(p).toContain('\n## memory (7)\n')
    expect(p.indexOf('## notes')).toBeLessThan(p.indexOf('## memory'))
    expect(p).toContain('- get_memory: ')
    expect(p).not.toContain('- search_memory: ')
    expect(prompt('paginated', '多意图1')).not.toContain('# What you remember')
  })
})

describe('a published data set', () => {
  // Computed over public/data with the code before the memory app (commit 53180d8): prompts and answers must not move.
  const PUBLISHED = {
    prompts: '8c63408866259fa5854f8778e474e2e44c130864f48f4f62ad68257fd99f1301',
    answers: '4a326e557032f03a7f88aa4f1a66b288d1b3b332dc956c65f57abcc2c199c7fa',
  }
  const CALLS: [string, Record<string, unknown>][] = [
    ['search_phone', { pattern: '1' }],
    ['search_phone', { pattern: '会议' }],
    ['search_contacts', { pattern: '1', page: 2 }],
    ['search_sms', { pattern: '\\d{3}', mode: 'regex' }],
    ['search_notes', { pattern: '会议', mode: 'fuzzy' }],
    ['search_contacts', { pattern: 'x', field: 'nope' }],
    ['search_memory', { query: 'x' }],
    ['get_memory', { id: 'mem_001' }],
    ['Phone_Call', { telephone: '123' }],
    ['Unknown_Tool', {}],
  ]

  it('prompts and answers every task as before, in every setting', () => {
    const files: Record<string, string> = {}
    for (const name of ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']) files[name] = readFileSync(join(SAMPLE_DIR, name), 'utf8')
    const { dataset } = loadDataset(files)
    const prompts = createHash('sha256')
    const answers = createHash('sha256')
    for (const task of dataset.tasks) {
      const records = dataset.records[task.id] ?? {}
      for (const setting of ['paginated', 'full', 'no_search'] as const) {
        prompts.update(systemPrompt({ profile: dataset.profile, tools: dataset.tools, setting, records }))
        const rt = new ToolRuntime(dataset.tools, records, { setting })
        for (const [name, args] of CALLS) answers.update(JSON.stringify(rt.call(name, args, 'test')))
      }
    }
    expect({ prompts: prompts.digest('hex'), answers: answers.digest('hex') }).toEqual(PUBLISHED)
  })
})
