import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ToolRuntime, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PredictedCall } from '../src/core/index'
import { readSources } from '../scripts/sample-lib'
import { RECORDS, ROOT, TOOLS } from './fixtures'
import { cpuTimed } from './support/cpuTime'

const props = toolProperties(TOOLS)
const sources = readSources(ROOT)
const toolNames = TOOLS.map((t) => t.function.name)

/** Sample tasks with their gold, correct calls and trap calls. */
const sampleTask = fc.constantFrom(...sources)

function shuffleArrays(args: unknown, seed: number[]): unknown {
  if (typeof args !== 'object' || args === null) return args
  const out: Record<string, unknown> = {}
  let i = 0
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v)) {
      const rotate = (seed[i++ % Math.max(seed.length, 1)] ?? 0) % Math.max(v.length, 1)
      out[k] = [...v.slice(rotate), ...v.slice(0, rotate)].reverse()
    } else out[k] = v
  }
  return out
}

describe('scoring is order-free', () => {
  it('permuting the predicted calls, or the items of their array arguments, never changes a verdict', () => {
    fc.assert(
      fc.property(sampleTask, fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), fc.nat(), (source, trap, seed, rotation) => {
        const task = {
          id: source.task.id,
          answer: (source.task.prompt_metadata as { answer: GoldCall[] }).answer,
          freeParams: (source.task.prompt_metadata as { free_params?: string[][] }).free_params ?? [],
        }
        const calls = trap ? source.solution.trap : source.solution.calls
        const base = scoreTask(task, calls, props)
        const r = rotation % calls.length
        const permuted: PredictedCall[] = [...calls.slice(r), ...calls.slice(0, r)]
          .reverse()
          .map((c) => ({ name: c.name, arguments: shuffleArrays(c.arguments, seed) }))
        const again = scoreTask(task, permuted, props)
        expect(again.correct).toBe(base.correct)
        expect(again.errorType).toBe(base.errorType)
        expect(again.mismatches.length).toBe(base.mismatches.length)
      }),
      { numRuns: 300 },
    )
  })

  it('random gold and predictions: the verdict does not depend on the order of predictions', () => {
    const value = fc.oneof(fc.constantFrom('1', '2', 'x'), fc.integer({ min: 0, max: 2 }), fc.constant(null))
    const gold = fc.array(
      fc.record({ telephone: fc.array(value, { minLength: 1, maxLength: 3 }), type: fc.constantFrom<unknown[]>(['VOICE', null], ['VIDEO']) }),
      { minLength: 0, maxLength: 4 },
    )
    const predicted = fc.array(fc.record({ telephone: value, type: fc.constantFrom('VOICE', 'VIDEO', null) }), { maxLength: 4 })
    fc.assert(
      fc.property(gold, predicted, (g, p) => {
        const task = { id: 't', answer: g.map((a) => ({ name: 'Phone_Call', arguments: a })), freeParams: g.map(() => []) }
        const calls = p.map((a) => ({ name: 'Phone_Call', arguments: a }))
        const a = scoreTask(task, calls, props)
        const b = scoreTask(task, [...calls].reverse(), props)
        expect([b.correct, b.errorType]).toEqual([a.correct, a.errorType])
      }),
      { numRuns: 500 },
    )
  })
})

describe('the runtime never throws or hangs', () => {
  const runtime = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
  const json = fc.jsonValue({ maxDepth: 2 })
  const searchArgs = fc.record(
    {
      pattern: fc.oneof(fc.string(), fc.constantFrom('(a+)+$', '[', '.*', '\\', 'Tom', '(?i)x', '\\p{Han}')),
      field: fc.oneof(fc.constantFrom('姓名', '备注', 'nope', '昵称'), json),
      mode: fc.oneof(fc.constantFrom('fixed', 'regex', 'fuzzy'), json),
      ignore_case: fc.oneof(fc.boolean(), json),
      page: fc.oneof(fc.integer({ min: -2, max: 4 }), json),
    },
    { requiredKeys: [] },
  )
  const anyArgs = fc.oneof(searchArgs, fc.dictionary(fc.string(), json), fc.string(), json)
  const name = fc.oneof(fc.constantFrom(...toolNames), fc.string())

  it('every random call returns a result or an error', () => {
    fc.assert(
      fc.property(name, anyArgs, (n, args) => {
        const { result, ms } = cpuTimed(() => runtime.call(n, args, 'test'))
        expect(typeof result.ok).toBe('boolean')
        expect(typeof result.content).toBe('string')
        expect(result.content.length).toBeGreaterThan(0)
        expect(ms).toBeLessThan(500) // CPU time: the wall clock counts a busy machine's waits
      }),
      { numRuns: 2000 },
    )
  })

  it('the same call twice gives the same content', () => {
    fc.assert(
      fc.property(name, anyArgs, (n, args) => {
        const fresh = new ToolRuntime(TOOLS, RECORDS, { setting: 'paginated' })
        expect(runtime.call(n, args, 'test').content).toBe(fresh.call(n, structuredClone(args), 'test').content)
      }),
      { numRuns: 500 },
    )
  })
})
