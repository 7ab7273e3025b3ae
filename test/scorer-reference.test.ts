// The scorer settles most verdicts before explaining them (#27): whatever it is given, its verdict and the
// explanation it gives on demand equal the full assignment's (test/support/referenceScoreTask.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { judgeTask, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PredictedCall, TaskVerdict } from '../src/core/index'
import { readSources } from '../scripts/sample-lib'
import { ROOT, TOOLS } from './fixtures'
import { referenceScoreTask } from './support/referenceScoreTask'

const props = toolProperties(TOOLS)
const sources = readSources(ROOT)
const toolNames = TOOLS.map((t) => t.function.name).filter((n) => !n.startsWith('search_'))

/** Every field of a verdict read, as a reader (the review, JSON, IndexedDB) reads it. */
const read = (v: TaskVerdict) => ({ id: v.id, correct: v.correct, errorType: v.errorType, mismatches: v.mismatches, pairing: v.pairing, checks: v.checks })

/** One argument value: an acceptable one, another of the same kind, null, a wrong type, or left out. */
const mutation = fc.constantFrom('keep', 'last', 'wrong', 'null', 'number', 'omit', 'array')

function mutate(acceptable: unknown[], how: string): unknown {
  switch (how) {
    case 'keep':
      return acceptable[0]
    case 'last':
      return acceptable.at(-1)
    case 'wrong':
      return 'not-this-value'
    case 'null':
      return null
    case 'number':
      return 7
    case 'array':
      return acceptable.filter((v) => v !== null)
    default:
      return undefined
  }
}

const call = (gold: GoldCall, hows: string[], extra: string | undefined, asText: boolean): PredictedCall => {
  const args: Record<string, unknown> = {}
  Object.entries(gold.arguments).forEach(([k, acceptable], i) => {
    const v = mutate(acceptable, hows[i % hows.length] ?? 'keep')
    if (v !== undefined) args[k] = v
  })
  if (extra) args[extra] = 'extra value'
  return { name: gold.name, arguments: asText ? JSON.stringify(args) : args }
}

describe('the scorer against its reference', () => {
  it('gives the same verdict and explanation for the sample tasks under random changes to their gold calls', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.array(fc.array(mutation, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.option(fc.constantFrom('note', 'content', 'title', 'unknownParam', 'type'), { nil: undefined }),
        fc.boolean(),
        fc.option(fc.constantFrom(...toolNames), { nil: undefined }),
        fc.option(fc.constantFrom('cut', 'twice', 'garbage', 'search'), { nil: undefined }),
        (source, hows, order, extra, asText, otherTool, shape) => {
          const meta = source.task.prompt_metadata as { answer: GoldCall[]; free_params?: string[][] }
          const task = { id: source.task.id, answer: meta.answer, freeParams: meta.free_params ?? [] }
          let calls = meta.answer.map((g, i) => call(g, hows[i % hows.length] ?? ['keep'], i === 0 ? extra : undefined, asText))
          // Reordered, cut, doubled, with a call of another tool, unparseable arguments or a search among them.
          calls = order.length > 0 ? calls.map((_, i) => calls[(order[i % order.length] ?? 0) % calls.length] as PredictedCall) : calls
          if (otherTool) calls = [...calls.slice(1), { name: otherTool, arguments: {} }]
          if (shape === 'cut') calls = calls.slice(1)
          if (shape === 'twice') calls = [...calls, ...calls]
          if (shape === 'garbage') calls = calls.map((c, i) => (i === 0 ? { ...c, arguments: '{not json' } : c))
          if (shape === 'search') calls = [{ name: 'search_contacts', arguments: { pattern: 'x' } }, ...calls]
          const judged = judgeTask(task, calls, props)
          const reference = read(referenceScoreTask(task, calls, props))
          expect({ correct: judged.correct, errorType: judged.errorType }).toEqual({ correct: reference.correct, errorType: reference.errorType })
          expect(read(judged.explain())).toEqual(reference)
          expect(read(scoreTask(task, calls, props))).toEqual(reference)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('gives the same verdict in order (live tasks) and with no response', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sources), fc.array(fc.nat(), { maxLength: 4 }), (source, order) => {
        const meta = source.task.prompt_metadata as { answer: GoldCall[]; free_params?: string[][] }
        const task = { id: source.task.id, answer: meta.answer, freeParams: meta.free_params ?? [], live: { ordered: true } } as Parameters<typeof scoreTask>[0]
        const calls = source.solution.calls
        const shuffled = order.length > 0 ? calls.map((_, i) => calls[(order[i % order.length] ?? 0) % calls.length] as PredictedCall) : calls
        expect(read(scoreTask(task, shuffled, props))).toEqual(read(referenceScoreTask(task, shuffled, props)))
        expect(read(scoreTask(task, undefined, props))).toEqual(read(referenceScoreTask(task, undefined, props)))
      }),
      { numRuns: 300 },
    )
  })

  it('explains a judgement once, however often it is asked', () => {
    const source = sources[0]
    if (!source) throw new Error('no sample task')
    const meta = source.task.prompt_metadata as { answer: GoldCall[]; free_params?: string[][] }
    const task = { id: source.task.id, answer: meta.answer, freeParams: meta.free_params ?? [] }
    for (const calls of [source.solution.calls, source.solution.calls.slice(1), [], undefined]) {
      const judged = judgeTask(task, calls, props)
      expect(judged.explain()).toBe(judged.explain())
      expect(read(judged.explain())).toEqual(read(referenceScoreTask(task, calls, props)))
    }
  })
})
