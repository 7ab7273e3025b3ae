import { describe, expect, it, vi } from 'vitest'
import { DatasetError, MemorySink, TaskHost, ToolRuntime, loadDataset, parseResponses, scoreResponses, scoreResponsesLazily } from '../src/core/index'
import type { PredictedCall, Task } from '../src/core/index'
import { readTaskRecords, scanRecordsDb } from '../src/core/dataset/chunked'
import { readArchive } from '../src/core/archive/read'
import { ARCHIVE_FORMAT } from '../src/core/archive/types'
import { makeStudy } from '../src/core/study'
import { RECORDS, TOOLS, fixtureDataset, fixtureFiles } from './fixtures'
import { addCall, addRecord, emptyTask, setAcceptable, setRecordField, setRecords } from '../src/core/authoring/edits'
import { goldArguments } from '../src/core/agent/builtin'
import { analyze as analyzeResponses } from '../src/core/analysis/analyze'
import { initialValues, toArguments } from '../src/phone/actionArguments'
import { actionAsRecord, whereArguments } from '../src/core'

const nested = (depth: number, inner: unknown = 'x'): unknown => {
  let value = inner
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('bounded nesting', () => {
  it('refuses records nested thousands of levels deep, naming the file and the line', () => {
    const files = fixtureFiles()
    const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, Record<string, unknown>[]>>
    const first = records['推理1']?.notes?.[0] as Record<string, unknown>
    first['内容'] = 'DEEP'
    // Written as text: JSON.stringify itself cannot go this deep.
    const text = JSON.stringify(records, null, 2).replace('"DEEP"', '['.repeat(5000) + ']'.repeat(5000))
    const error = (() => {
      try {
        loadDataset({ ...files, 'records_db.json': text })
      } catch (err) {
        return err
      }
    })()
    expect(error).toBeInstanceOf(DatasetError)
    const issue = (error as DatasetError).issues.find((i) => i.file === 'records_db.json')
    expect(issue?.message).toMatch(/nested more than 64 levels deep/)
    // Pretty-printed: the place it gets too deep is many lines in.
    expect(issue?.line).toBeGreaterThan(60)
  })

  it('accepts 64 levels, and the chunked reader refuses a task deeper than that', () => {
    const files = fixtureFiles()
    const ok = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, Record<string, unknown>[]>>
    // The file's own object, the task, the app's list and the record take 4 levels.
    ;(ok['推理1']?.notes?.[0] as Record<string, unknown>)['内容'] = nested(60)
    const text = JSON.stringify(ok)
    expect(() => loadDataset({ ...files, 'records_db.json': text })).not.toThrow()
    const scanned = scanRecordsDb(text)
    const slice = scanned?.slices.find((s) => s.taskId === '推理1')
    expect(slice && readTaskRecords(text, slice)).toBeDefined()
    ;(ok['推理1']?.notes?.[0] as Record<string, unknown>)['内容'] = nested(61)
    const deep = JSON.stringify(ok)
    expect(() => loadDataset({ ...files, 'records_db.json': deep })).toThrow(/records_db\.json line 1: .*nested more than 64/)
    const deepSlice = scanRecordsDb(deep)?.slices.find((s) => s.taskId === '推理1')
    expect(deepSlice && readTaskRecords(deep, deepSlice)).toBeUndefined()
  })

  it('refuses a task line nested too deep with its line, and brackets inside strings do not count', () => {
    const files = fixtureFiles()
    const lines = (files['input_data.jsonl'] ?? '').trimEnd().split('\n')
    const task = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>
    task.distractors = '['.repeat(500)
    expect(() => loadDataset({ ...files, 'input_data.jsonl': [lines[0], JSON.stringify(task)].join('\n') })).not.toThrow()
    task.extra = nested(100)
    expect(() => loadDataset({ ...files, 'input_data.jsonl': [lines[0], JSON.stringify(task)].join('\n') })).toThrow(/input_data\.jsonl line 2: .*nested more than 64/)
  })

  it('gives arguments sent as a JSON string the same 32-level limit as an object', () => {
    const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
    const args = { telephone: nested(40, '13933334444') }
    const asObject = runtime.call('Phone_Call', args, 'test')
    const asText = runtime.call('Phone_Call', JSON.stringify(args), 'test')
    expect(asObject.ok).toBe(false)
    expect(asText.ok).toBe(false)
    expect(asText.content).toContain('nested more than 32 levels deep')
    expect(asText.content).toBe(asObject.content)
  })
})

describe('distinct runs', () => {
  const dataset = fixtureDataset()
  const answerOf = (task: Task): PredictedCall[] => task.answer.map((c) => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v[0]])) }))

  it('scores only the (run, task) pairs that have a line: work grows with the lines, not runs × tasks', () => {
    let typeReads = 0
    const tasks = Array.from({ length: 40 }, (_, i) => {
      const task = { ...(dataset.tasks[i % 2] as Task), id: `t${i}` }
      return new Proxy(task, { get: (target, key, receiver) => (key === 'type' && typeReads++, Reflect.get(target, key, receiver) as unknown) })
    })
    // 2000 runs, one line each: 80,000 pairs, 2,000 answered.
    const text = Array.from({ length: 2000 }, (_, run) => JSON.stringify({ id: `t${run % 40}`, run, calls: answerOf(tasks[run % 40] as Task) })).join('\n')
    const { result, details } = scoreResponses(tasks, TOOLS, parseResponses(text).lines)
    expect(details).toHaveLength(80_000)
    expect(result.runs).toBe(2000)
    expect(result.overall.mean).toBeCloseTo(100 / 40)
    expect(typeReads).toBeLessThan(20_000)
  })

  it('writes the same details, line for line, lazily as in full', () => {
    const lines = parseResponses(
      [
        { id: '推理1', run: 3, calls: answerOf(dataset.tasks[0] as Task) },
        { id: '多意图1', run: 7, calls: [] },
        { id: 'unknown', run: 9, calls: [] },
        { id: '推理1', run: 7, calls: [{ name: 'Phone_Call', arguments: '{"telephone":"1"}' }] },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    ).lines
    const lazy = scoreResponsesLazily(dataset.tasks, TOOLS, lines)
    const full = scoreResponses(dataset.tasks, TOOLS, lines)
    expect([...lazy.details()]).toEqual(full.details)
    expect([...lazy.detailTexts()]).toEqual(full.details.map((d) => JSON.stringify(d)))
    expect(full.details.map((d) => [d.run, d.id, d.error_type])).toEqual([
      [3, '推理1', null],
      [3, '多意图1', 'no_response'],
      [7, '推理1', 'wrong_value'],
      [7, '多意图1', 'wrong_count'],
      [9, '推理1', 'no_response'],
      [9, '多意图1', 'no_response'],
    ])
    expect(full.result.per_run.map((r) => r.overall)).toEqual([50, 0, 0])
  })
})

describe('own properties everywhere', () => {
  const proto = '__proto__'
  const owns = (object: object, key: string) => Object.hasOwn(object, key) && Object.getPrototypeOf(object) === Object.prototype

  it('keeps a field or parameter named "__proto__" in the editor, the built-in agents, the action form and the phone', () => {
    const content = emptyTask('t1')
    const record = setRecordField(addRecord(content, 'contacts'), 'contacts', 0, proto, 'x').records.contacts?.[0] ?? {}
    expect(owns(record, proto)).toBe(true)
    const gold = setAcceptable(addCall(content, 'Phone_Call'), 0, proto, ['v']).task.answer[0]?.arguments ?? {}
    expect(owns(gold, proto)).toBe(true)
    const records = setRecords(content, proto, [{ a: 1 }]).records
    expect(owns(records, proto)).toBe(true)
    const parsed = JSON.parse('{"__proto__": ["v"], "telephone": ["1"]}') as Record<string, unknown[]>
    expect(owns(goldArguments(parsed), proto)).toBe(true)
    const form = initialValues(JSON.parse('{"__proto__": "v", "n": 3}') as Record<string, unknown>)
    expect(owns(form, proto)).toBe(true)
    // A prefill from a link's address: only the form's own fields take a value, so nothing unseen is sent.
    expect(initialValues({ telephone: '1', type: 'VOICE', hidden: 'x' }, { telephone: { type: 'string' }, type: { type: 'string' } })).toEqual({ telephone: '1', type: 'VOICE' })
    expect(owns(initialValues(JSON.parse('{"__proto__": "v", "n": 3}') as Record<string, unknown>, { n: { type: 'integer' } }), proto)).toBe(false)
    const args = toArguments(form, { n: { type: 'integer' } })
    expect(owns(args, proto)).toBe(true)
    expect(args.n).toBe(3)
    const step = { seq: 0, name: 'Messages_Send', arguments: JSON.parse('{"__proto__": "x", "telephone": "1"}') as Record<string, unknown> }
    expect(owns(actionAsRecord(step as never, { name: 'me' }), proto)).toBe(true)
    const where = whereArguments(JSON.parse('{"姓名": "__proto__"}') as Record<string, string>, { 姓名: 'Tom' })
    expect(owns(where, proto)).toBe(true)
  })

  it('keeps a capability named "__proto__" in by_type and a task id "__proto__" in the analysis', () => {
    const dataset = fixtureDataset()
    const tasks = dataset.tasks.map((t, i) => ({ ...t, type: i === 0 ? proto : 'constructor', id: i === 0 ? proto : t.id }))
    const text = JSON.stringify({ id: proto, run: 0, calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444', type: 'VOICE' } }] })
    const { result } = scoreResponses(tasks, TOOLS, parseResponses(text).lines)
    expect(owns(result.by_type, proto)).toBe(true)
    expect(Object.keys(result.by_type)).toEqual([proto, 'constructor'])
    expect(JSON.parse(JSON.stringify(result)).by_type[proto]).toEqual({ mean: 100, std: 0 })
    expect(owns(result.per_run[0]?.by_type ?? {}, proto)).toBe(true)
    const [row] = analyzeResponses(tasks, TOOLS, parseResponses(text).lines)
    expect(owns(row?.perTask ?? {}, proto)).toBe(true)
    expect(owns(row?.outcomes ?? {}, proto)).toBe(true)
  })
})

describe('archive manifest', () => {
  it('reports a listed file named like an Object.prototype member as missing instead of throwing', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const manifest = JSON.stringify({ format: ARCHIVE_FORMAT, version: 1, files: JSON.parse(`{${JSON.stringify(name)}: {"sha256": "${'0'.repeat(64)}"}}`) as unknown })
      const read = () => readArchive({ 'manifest.json': manifest, 'response.jsonl': '' })
      expect(read, name).not.toThrow()
      expect(read().issues, name).toContain(`${name}: listed in manifest.json but missing`)
    }
  })
})

describe('making a study', () => {
  it('reads the data set once and seals the people in turn', async () => {
    const files = fixtureFiles()
    const records = files['records_db.json'] ?? ''
    const parse = vi.spyOn(JSON, 'parse')
    let running = 0
    let most = 0
    const derive = crypto.subtle.deriveKey.bind(crypto.subtle)
    const deriveKey = vi.spyOn(crypto.subtle, 'deriveKey').mockImplementation(async (...args: Parameters<SubtleCrypto['deriveKey']>) => {
      most = Math.max(most, ++running)
      try {
        return await derive(...args)
      } finally {
        running--
      }
    })
    try {
      const people = ['ann', 'bo', 'cy', 'di']
      const made = await makeStudy({ files, bundled: new Set(), people, perTask: 2, seed: 1, passphrase: 'a long passphrase', baseUrl: 'https://example.test/' })
      expect(Object.keys(made.bundles)).toEqual(people)
      expect(parse.mock.calls.filter(([text]) => text === records)).toHaveLength(1)
      expect(deriveKey).toHaveBeenCalledTimes(people.length)
      expect(most).toBe(1)
    } finally {
      parse.mockRestore()
      deriveKey.mockRestore()
    }
  })
})

describe('a host keeps a bounded number of attempts in memory', () => {
  it('lets the attempt used longest ago go first, and says so when it is forked', async () => {
    const sink = new MemorySink({ limit: 2 })
    const host = new TaskHost(fixtureDataset(), sink)
    const first = await host.open('推理1')
    await host.call('search_contacts', { pattern: 'Tom' }, 'mcp')
    const second = await host.open('多意图1')
    // Forking the first uses it again: the second is now the one used longest ago.
    const third = await host.fork(first.attemptId, 1)
    expect(sink.ids()).toEqual([first.attemptId, third.attemptId])
    expect(await sink.read(second.attemptId)).toBeUndefined()
    await expect(host.fork(second.attemptId, 0)).rejects.toThrow(/no longer kept/)
    const many = new MemorySink({ limit: 3 })
    const busy = new TaskHost(fixtureDataset(), many)
    for (let i = 0; i < 50; i++) await busy.open(i % 2 ? '推理1' : '多意图1')
    expect(many.ids()).toHaveLength(3)
  })
})
