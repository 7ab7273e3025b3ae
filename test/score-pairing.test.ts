import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { judgeTask, scoreTask } from '../src/core/score/task'
import type { ToolProperties } from '../src/core/score/task'
import type { Task } from '../src/core/dataset/types'
import type { PredictedCall } from '../src/core/score/types'
import { referenceScoreTask } from './support/referenceScoreTask'

// The scorer skips the assignment where only one pairing is possible: on random tasks and
// responses it must give the verdict (pairing, mismatches, checks) the full assignment gave.

const properties: ToolProperties = new Map(
  ['Alpha', 'Beta', 'Gamma'].map((tool) => [tool, { x: { type: 'string' }, y: { type: 'integer' }, list: { type: 'array', items: { type: 'string' } } }]),
)
const tool = fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta', 'search_contacts')
const param = fc.constantFrom('x', 'y', 'list', 'z')
const value = fc.oneof(fc.constantFrom('a', 'b', 1, 2, '1'), fc.subarray(['a', 'b', 'c'], { minLength: 1 }))

const goldCall = fc.record({ name: tool.filter((n) => !n.startsWith('search_')), arguments: fc.dictionary(param, fc.array(fc.oneof(value, fc.constant(null)), { minLength: 1, maxLength: 3 }), { maxKeys: 3 }) })
const task = fc
  .record({ answer: fc.array(goldCall, { maxLength: 5 }), free: fc.array(fc.subarray(['x', 'list']), { maxLength: 5 }), ordered: fc.boolean() })
  .map(({ answer, free, ordered }): Pick<Task, 'id' | 'answer' | 'freeParams' | 'live'> => ({ id: 't', answer, freeParams: free, ...(ordered ? { live: { ordered: true } as Task['live'] } : {}) }))

const args = fc.dictionary(param, value, { maxKeys: 3 })
const predictedCall: fc.Arbitrary<PredictedCall> = fc.record({
  name: tool,
  arguments: fc.oneof({ weight: 4, arbitrary: args }, { weight: 2, arbitrary: args.map((a) => JSON.stringify(a)) }, { weight: 1, arbitrary: fc.constantFrom('{oops', '[1]', null) }),
})

/** The verdict settled early (judgeTask) and the explained one (scoreTask) are both the full assignment's. */
function sameAsReference(t: Pick<Task, 'id' | 'answer' | 'freeParams' | 'live'>, given: PredictedCall[]): void {
  const reference = referenceScoreTask(t, given, properties)
  const judged = judgeTask(t, given, properties)
  expect({ correct: judged.correct, errorType: judged.errorType }).toEqual({ correct: reference.correct, errorType: reference.errorType })
  expect(judged.explain()).toEqual(reference)
  expect(scoreTask(t, given, properties)).toEqual(reference)
}

/** A response built from the gold: its calls shuffled, some arguments changed, some calls dropped or added. */
const nearGold = (t: Pick<Task, 'answer'>) =>
  fc
    .tuple(fc.array(fc.nat(), { minLength: t.answer.length, maxLength: t.answer.length }), fc.array(fc.nat(5), { minLength: t.answer.length, maxLength: t.answer.length }), fc.array(predictedCall, { maxLength: 2 }))
    .map(([order, tweaks, extra]) => {
      const calls = t.answer.flatMap((c, i): PredictedCall[] => {
        const tweak = tweaks[i] ?? 0
        if (tweak === 5) return []
        const chosen = Object.fromEntries(Object.entries(c.arguments).map(([k, vs]) => [k, tweak === 4 ? 'b' : vs[tweak % vs.length]]))
        return [{ name: c.name, arguments: tweak === 3 ? JSON.stringify(chosen) : chosen }]
      })
      const shuffled = calls.map((c, i) => ({ c, key: order[i] ?? i })).sort((a, b) => a.key - b.key).map((x) => x.c)
      return [...shuffled, ...extra]
    })

describe('scorer pairing', () => {
  it('gives the verdict of the full assignment on random tasks and responses', () => {
    fc.assert(
      fc.property(task, fc.array(predictedCall, { maxLength: 5 }), (t, given) => sameAsReference(t, given)),
      { numRuns: 1500 },
    )
  })

  it('gives it on responses close to the gold', () => {
    fc.assert(
      fc.property(task.chain((t) => fc.tuple(fc.constant(t), nearGold(t))), ([t, given]) => sameAsReference(t, given)),
      { numRuns: 1500 },
    )
  })
})
