import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  Attempt,
  DatasetError,
  MemorySink,
  RefusedArguments,
  TaskHost,
  ToolRuntime,
  loadDataset,
  parseResponses,
  readSetting,
  scoreTask,
  submittedOf,
  systemPrompt,
  toolProperties,
} from '../src/core/index'
import type { PredictedCall, Task } from '../src/core/index'
import { readArchive } from '../src/core/archive/read'
import { RECORDS, TOOLS, fixtureDataset, fixtureFiles } from './fixtures'

const props = toolProperties(TOOLS)
const dataset = fixtureDataset()
const callTask = dataset.tasks.find((t) => t.id === '推理1') as Task

/** An attempt at a task, as the page opens one (its steps kept in memory). */
const openAttempt = (task: Task) => Attempt.open({ task, tools: TOOLS, records: RECORDS, setting: 'paginated', actor: 'tester', sink: new MemorySink() })

/** The page's verdict: the calls a trajectory submits, scored in memory. */
async function pageVerdict(task: Task, name: string, args: unknown): Promise<ReturnType<typeof scoreTask>> {
  const attempt = await openAttempt(task)
  await attempt.call(name, args, 'test')
  return scoreTask(task, attempt.submittedCalls(), props)
}

/** The command line's verdict on a response line holding the same calls (as the export writes them). */
function cliVerdict(task: Task, calls: PredictedCall[]): ReturnType<typeof scoreTask> {
  const { lines } = parseResponses(JSON.stringify({ id: task.id, run: 0, calls }))
  return scoreTask(task, lines[0]?.calls, props)
}

describe('own properties only', () => {
  it('refuses a parameter named like an Object.prototype member, in the runtime and the scorer', () => {
    const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const text = `{"telephone": "13933334444", ${JSON.stringify(key)}: "x"}`
      const call = runtime.call('Phone_Call', text, 'test')
      expect(call.ok, key).toBe(false)
      expect(call.content).toContain(`Unknown parameter "${key}"`)
      // The command line scores the same line as wrong: the key is unexpected.
      const verdict = cliVerdict(callTask, [{ name: 'Phone_Call', arguments: text }])
      expect(verdict.correct, key).toBe(false)
      expect(verdict.mismatches).toContainEqual(expect.objectContaining({ param: key, status: 'unexpected' }))
    }
  })

  it('keeps "__proto__" in JSON arguments an ordinary key, never the prototype', () => {
    const text = '{"__proto__": {"telephone": "13933334444"}}'
    const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
    const call = runtime.call('Phone_Call', text, 'test')
    expect(call.ok).toBe(false)
    expect(call.content).toContain('Unknown parameter "__proto__"')
    expect(call.content).toContain('Missing required parameter "telephone"')
    const verdict = cliVerdict(callTask, [{ name: 'Phone_Call', arguments: text }])
    expect(verdict.errorType).toBe('missing_param')
  })

  it('reads a data set whose keys are prototype names as ordinary keys', () => {
    const files = fixtureFiles()
    const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, unknown>
    const text = JSON.stringify(records).replace(/^\{/, '{"__proto__":{"contacts":[]},')
    const { dataset: loaded, warnings } = loadDataset({ ...files, 'records_db.json': text })
    expect(Object.getPrototypeOf(loaded.records)).toBe(Object.prototype)
    expect(Object.hasOwn(loaded.records, '__proto__')).toBe(true)
    expect(warnings.some((w) => w.message.includes('"__proto__", which is not a task'))).toBe(true)
    const gold = (files['input_data.jsonl'] ?? '').replace('"type":["VOICE",null]', '"type":["VOICE",null],"constructor":["x"]')
    expect(() => loadDataset({ ...files, 'input_data.jsonl': gold })).toThrow(/unknown parameter "constructor"/)
  })
})

describe('free parameters win', () => {
  const freeTask: Task = { ...callTask, freeParams: [['type']] }
  it('accepts any schema-valid value, or none, for a free parameter the gold also lists', () => {
    const score = (args: Record<string, unknown>) => scoreTask(freeTask, [{ name: 'Phone_Call', arguments: args }], props)
    expect(score({ telephone: '13933334444', type: 'VIDEO' }).correct).toBe(true)
    expect(score({ telephone: '13933334444' }).correct).toBe(true)
    const invalid = score({ telephone: '13933334444', type: 'AUDIO' })
    expect(invalid.errorType).toBe('wrong_value')
    expect(invalid.mismatches).toContainEqual(expect.objectContaining({ param: 'type', status: 'invalid' }))
  })
})

describe('JSON only', () => {
  const cyclic: Record<string, unknown> = { telephone: '13933334444' }
  cyclic.self = cyclic
  const values: [string, unknown][] = [
    ['NaN', { telephone: '13933334444', type: Number.NaN }],
    ['Infinity', { telephone: Infinity }],
    ['BigInt', { telephone: 13933334444n }],
    ['a cycle', cyclic],
    ['a function', { telephone: () => '13933334444' }],
    ['a Date', { telephone: new Date(0) }],
    ['a nested undefined', { telephone: ['1', undefined] }],
    ['deep nesting', { telephone: JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown }],
  ]
  it.each(values)('refuses %s: ok false from the runtime, and nothing recorded', async (_label, args) => {
    const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
    const call = runtime.call('Phone_Call', args, 'test')
    expect(call.ok).toBe(false)
    const sink = new MemorySink()
    const attempt = await Attempt.open({ task: callTask, tools: TOOLS, records: RECORDS, setting: 'paginated', actor: 'tester', sink })
    await expect(attempt.call('Phone_Call', args, 'test')).rejects.toThrow(RefusedArguments)
    expect(attempt.trajectory()).toHaveLength(0)
    expect((await sink.read(attempt.id))?.steps).toEqual([])
  })

  it('treats a top-level undefined like null: left out', async () => {
    const verdict = await pageVerdict(callTask, 'Phone_Call', { telephone: '13933334444', type: undefined })
    expect(verdict.correct).toBe(true)
  })

  it('scores an object the way its JSON text scores', () => {
    const withNaN = scoreTask(callTask, [{ name: 'Phone_Call', arguments: { telephone: '13933334444', type: Number.NaN } }], props)
    const exported = cliVerdict(callTask, [{ name: 'Phone_Call', arguments: { telephone: '13933334444', type: Number.NaN } }])
    expect(withNaN.correct).toBe(exported.correct)
    expect(withNaN.errorType).toBe(exported.errorType)
  })
})

describe('settings are checked', () => {
  it('refuses an unknown setting everywhere, naming the valid ones', async () => {
    const message = /Unknown setting "Paginated": use one of paginated, full, no_search/
    expect(() => readSetting('Paginated')).toThrow(message)
    expect(() => new ToolRuntime(TOOLS, RECORDS, { setting: 'Paginated' as never })).toThrow(message)
    await expect(new TaskHost(dataset).open('推理1', 'Paginated')).rejects.toThrow(message)
    expect(() => systemPrompt({ profile: dataset.profile, tools: TOOLS, setting: 'Paginated' as never })).toThrow(message)
    expect(readSetting(undefined)).toBe('paginated')
  })
})

/** Keys a hostile caller would try: prototype members, odd Unicode, empty and long ones. */
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'telephone', 'type', '', '\u0000', '\ud800', 'e\u0301', '🙂'),
  fc.string({ maxLength: 12 }),
)
const hostileLeaf = fc.oneof(
  fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, -0, 2n ** 70n, undefined, null, () => 1, Symbol('s'), new Date(0), new Map()),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
)
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileLeaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 })),
})).value
const hostileArgs = fc.oneof(
  hostileValue,
  fc.dictionary(hostileKey, hostileValue, { maxKeys: 6 }),
  fc.string({ maxLength: 200 }),
  fc.json(),
  fc.constant('['.repeat(5000) + ']'.repeat(5000)),
)
const toolName = fc.constantFrom(...TOOLS.map((t) => t.function.name), 'constructor', '__proto__', 'toString', 'No_Such_Tool')

describe('hostile values (fast-check)', () => {
  it('never make the runtime throw or hang, and the page and the command line agree', async () => {
    await fc.assert(
      fc.asyncProperty(toolName, hostileArgs, async (name, args) => {
        const started = Date.now()
        const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
        const call = runtime.call(name, args, 'test')
        expect(typeof call.content).toBe('string')
        const attempt = await openAttempt(callTask)
        let refused = false
        try {
          await attempt.call(name, args, 'test')
        } catch (err) {
          expect(err).toBeInstanceOf(RefusedArguments)
          refused = true
        }
        // A refused call is recorded nowhere; an accepted one agrees with the bare runtime.
        expect(attempt.trajectory().length).toBe(refused ? 0 : 1)
        if (refused) expect(call.ok).toBe(false)
        const submitted = submittedOf(attempt.trajectory())
        const page = scoreTask(callTask, submitted, props)
        const cli = cliVerdict(callTask, submitted)
        expect({ correct: page.correct, errorType: page.errorType }).toEqual({ correct: cli.correct, errorType: cli.errorType })
        expect(Date.now() - started).toBeLessThan(1000)
      }),
      { numRuns: 300 },
    )
  })

  it('never make the scorer throw, and an object scores as its JSON text', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: toolName, arguments: hostileArgs }), { maxLength: 3 }), (calls) => {
        const direct = scoreTask(callTask, calls, props)
        let text: string | undefined
        try {
          text = JSON.stringify({ id: callTask.id, calls })
        } catch {
          return // a BigInt or a cycle: no response line can hold it
        }
        const { lines } = parseResponses(text)
        const fromLine = scoreTask(callTask, lines[0]?.calls, props)
        expect(direct.correct).toBe(fromLine.correct)
        // A line may only drop calls whose name JSON cannot carry; otherwise the error types agree.
        if (lines[0]?.calls.length === calls.filter((c) => !c.name.startsWith('search_')).length)
          expect(direct.errorType).toBe(fromLine.errorType)
      }),
      { numRuns: 300 },
    )
  })

  it('never make the data set parser or the archive reader throw anything but their own errors', () => {
    const files = fixtureFiles()
    fc.assert(
      fc.property(fc.constantFrom('input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json'), fc.jsonValue(), fc.string(), (file, value, junk) => {
        for (const text of [JSON.stringify(value), junk, `${JSON.stringify(value)}\n${junk}`]) {
          try {
            loadDataset({ ...files, [file]: text })
          } catch (err) {
            expect(err).toBeInstanceOf(DatasetError)
          }
          const read = readArchive({ 'attempts.jsonl': text, 'manifest.json': junk })
          expect(Array.isArray(read.issues)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })
})
