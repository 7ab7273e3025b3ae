// What the Analysis view shows of a data set's grades (#29): the people's agreement over the items they grade, stale
// grades left out, and each judge's standing, all from core (core/judge/figures.ts).
import { describe, expect, it } from 'vitest'
import { loadDataset, rubricHash } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import { gradingFigures } from '../src/core/judge'
import { rubricFiles } from './support/rubricFixture'

const RUBRIC = {
  items: [
    { id: 'a1', criterion: 'Calls', points: 2, auto: { kind: 'called', tool: 'Phone_Call' } },
    { id: 'm1', criterion: 'Polite', points: 1 },
    { id: 'm2', criterion: 'Brief', points: 1 },
  ],
  pass: { min_score: 0.5 },
  graders: { min: 2 },
}
const task = loadDataset(rubricFiles({ rubric: RUBRIC })).dataset.tasks[0] as Task

function grade(id: string, answers: Record<string, boolean | null>, extra: Partial<Grade> & { kind?: 'human' | 'llm' } = {}): Grade {
  const { kind = 'human', ...rest } = extra
  return {
    task_id: task.id,
    attempt: 'att-1',
    grader: { id, kind },
    items: Object.entries(answers).map(([item, met]) => ({ id: item, met, evidence: [], note: '' })),
    at: '2026-03-01T10:00:00Z',
    ...rest,
  }
}

describe('gradingFigures', () => {
  it('is undefined for tasks without items for graders, and counts nothing without grades', () => {
    const plain = loadDataset(rubricFiles({ rubric: { ...RUBRIC, items: [RUBRIC.items[0]] } })).dataset.tasks
    expect(gradingFigures([], plain)).toBeUndefined()
    expect(gradingFigures([], [task])).toMatchObject({ grades: 0, stale: 0, judges: [] })
  })

  it("gives the people's agreement on the graded items only, stale grades and automatic items left out", () => {
    const ann = grade('ann', { a1: false, m1: true, m2: true })
    const bob = grade('bob', { a1: true, m1: false, m2: true })
    const stale = grade('cy', { m1: false, m2: false }, { rubric_hash: '0'.repeat(64) })
    const figures = gradingFigures([ann, bob, stale], [task])
    expect(figures).toMatchObject({ grades: 2, stale: 1 })
    // m1 disagrees, m2 agrees: one agreeing pair of two; a1 is automatic and not a unit.
    expect(figures?.agreement.raw.agreement).toBe(0.5)
    expect(figures?.agreement.units).toBe(2)
    expect(figures?.agreement.attempts).toBe(1)
    // A grade carrying the current hash counts.
    const current = grade('cy', { m1: true, m2: true }, { rubric_hash: rubricHash(task) ?? '' })
    expect(gradingFigures([ann, bob, current], [task])?.grades).toBe(3)
  })

  it("lists each judge with its standing against the people's majority", () => {
    const people = [grade('ann', { m1: true, m2: false }), grade('bob', { m1: true, m2: false })]
    const judges = [grade('llm:good', { m1: true, m2: false }, { kind: 'llm' }), grade('llm:contrary', { m1: false, m2: true }, { kind: 'llm' })]
    const figures = gradingFigures([...people, ...judges], [task])
    expect(figures?.judges.map((j) => j.id)).toEqual(['llm:contrary', 'llm:good'])
    const byId = new Map(figures?.judges.map((j) => [j.id, j.standing]))
    expect(byId.get('llm:good')).toMatchObject({ attempts: 1, judgeF1: 1, eligible: false })
    expect(byId.get('llm:contrary')?.judgeF1).toBe(0)
  })
})
