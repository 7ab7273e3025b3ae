// Rubric pass rates by bucket and dimension (#29, Analysis): read from the rows' verdicts, over every rubric task
// times the row's units, pending apart, a task without an answer a failure, tasks without a rubric left out.
import { describe, expect, it } from 'vitest'
import { rubricRates } from '../src/core/index'
import type { AnalysisRow, Task, TaskOutcome } from '../src/core/index'

const rubric = { items: [{ id: 'r1', criterion: 'asks', points: 1 }], pass: { min_score: 1, required: [] }, graders: { min: 2 } }
const task = (id: string, dimension: 'basic' | 'memory' | 'skill', judged: boolean, bucket?: 'tool_call' | 'agent_behavior'): Pick<Task, 'id' | 'planner' | 'live'> => ({
  id,
  planner: { dimension, ...(bucket ? { bucket } : {}), ...(judged ? { rubric } : {}) } as Task['planner'],
})
const TASKS = [
  task('b1', 'basic', true, 'agent_behavior'),
  task('b2', 'basic', true, 'agent_behavior'),
  task('m1', 'memory', true, 'agent_behavior'),
  // A rubric task in the tool-call bucket: it counts under its own bucket.
  task('s1', 'skill', true, 'tool_call'),
  // No rubric: never counted, though it has answers.
  task('b3', 'basic', false),
]
const right = (unit: string): TaskOutcome => ({ unit, correct: true, errorType: null })
const wrong = (unit: string, errorType: TaskOutcome['errorType']): TaskOutcome => ({ unit, correct: false, errorType })

/** Two people: ann and ben. ben has no answer to m1. */
const ROW: Pick<AnalysisRow, 'units' | 'outcomes'> = {
  units: 2,
  outcomes: {
    b1: [right('ann'), wrong('ben', 'rubric_pending')],
    b2: [wrong('ann', 'rubric_failed'), right('ben')],
    m1: [wrong('ann', 'rubric_pending')],
    s1: [right('ann'), right('ben')],
    b3: [right('ann'), right('ben')],
  },
}

describe('rubric pass rates', () => {
  it('counts passed, pending and failed over tasks × units, by bucket and by dimension', () => {
    const rates = rubricRates(ROW, TASKS)
    // agent_behavior: b1, b2, m1 × 2 people = 6 pairs; passed b1·ann, b2·ben; pending b1·ben, m1·ann; failed b2·ann, m1·ben (no answer).
    expect(rates?.buckets).toEqual({
      tool_call: { tasks: 1, pairs: 2, passed: 2, pending: 0, failed: 0, rate: 100 },
      agent_behavior: { tasks: 3, pairs: 6, passed: 2, pending: 2, failed: 2, rate: (2 / 6) * 100 },
    })
    expect(rates?.dimensions).toEqual({
      basic: { tasks: 2, pairs: 4, passed: 2, pending: 1, failed: 1, rate: 50 },
      memory: { tasks: 1, pairs: 2, passed: 0, pending: 1, failed: 1, rate: 0 },
      skill: { tasks: 1, pairs: 2, passed: 2, pending: 0, failed: 0, rate: 100 },
    })
    // Groups keep the published order; a group without rubric tasks (sub-agents, state change) is absent.
    expect(Object.keys(rates?.dimensions ?? {})).toEqual(['basic', 'memory', 'skill'])
  })

  it('is undefined for a data set without rubrics', () => {
    expect(rubricRates(ROW, [task('b3', 'basic', false)])).toBeUndefined()
  })
})
