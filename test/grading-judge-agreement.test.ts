// The Agreement and Judge tabs' rules (#29): grading stays blind (a person sees an attempt's grades only once they
// graded it, a lead sees all), an adjudication decides its item and keeps the adjudicator's earlier answers on the
// attempt, a pair's κ says on how many attempts it rests, and the judge's counting modes open only off probation.
import { describe, expect, it } from 'vitest'
import { decisionsFor, loadDataset, rubricHash } from '../src/core/index'
import type { Grade, Task } from '../src/core/index'
import { adjudicationGrade } from '../src/grading/agreementAdjudication'
import { pairAttempts } from '../src/grading/agreementRubrics'
import { gradeApplies, gradedRubrics } from '../src/core/judge'
import { visibleGrades } from '../src/grading/agreementVisibility'
import { effectiveJudgeMode, judgeProbation } from '../src/state/judgeSettings'
import { rubricFiles, rubricOf } from './support/rubricFixture'

const { dataset } = loadDataset(
  rubricFiles({
    rubric: { ...rubricOf([{ id: 'r1', points: 1 }, { id: 'r2', points: 1 }, { id: 'r3', points: 1, auto: { kind: 'said', all: ['manager'] } }]), graders: { min: 2 } },
  }),
)
const task = dataset.tasks.find((t) => t.planner?.rubric) as Task
const hash = rubricHash(task)

const grade = (grader: string, attempt: string, items: Record<string, boolean | null>, at = '2026-03-01T10:00:00Z', extra: Partial<Grade> = {}): Grade => ({
  task_id: task.id,
  attempt,
  grader: { id: grader, kind: 'human' },
  items: Object.entries(items).map(([id, met]) => ({ id, met, evidence: [], note: '' })),
  at,
  ...extra,
})

describe('visibleGrades', () => {
  const grades = [grade('ann', 'a1', { r1: true }), grade('bob', 'a1', { r1: false }), grade('bob', 'a2', { r1: true }), grade('cy', 'a3', { r1: true })]

  it('shows a person only the grades of attempts they graded themselves', () => {
    const seen = visibleGrades(grades, { name: 'ann', lead: false })
    expect(seen.grades.map((g) => `${g.grader.id}@${g.attempt}`)).toEqual(['ann@a1', 'bob@a1'])
    expect(seen.hidden).toBe(2)
  })

  it('shows a lead every grade, and a person without a name none', () => {
    expect(visibleGrades(grades, { name: '', lead: true })).toEqual({ grades, hidden: 0 })
    expect(visibleGrades(grades, { name: '', lead: false })).toEqual({ grades: [], hidden: 3 })
  })

  it('does not count an adjudication, nor a judge of the same name, as the person’s own grade', () => {
    const others = [
      grade('bob', 'a1', { r1: false }),
      grade('ann', 'a1', { r1: true }, undefined, { grader: { id: 'ann', kind: 'human', role: 'adjudicator' } }),
      grade('ann', 'a1', { r1: true }, undefined, { grader: { id: 'ann', kind: 'llm' } }),
    ]
    expect(visibleGrades(others, { name: 'ann', lead: false })).toEqual({ grades: [], hidden: 1 })
  })
})

describe('adjudicationGrade', () => {
  const votes = [grade('ann', 'a1', { r1: true, r2: true }), grade('bob', 'a1', { r1: false, r2: false })]
  const adjudicate = (item: string, met: boolean, grades: readonly Grade[], at: string) =>
    adjudicationGrade({ task, attempt: 'a1', item, met, note: ' why ', adjudicator: 'lead', at: new Date(at), grades })

  it('is a grade by an adjudicator under the current rubric, and decides the item against a tie', () => {
    const first = adjudicate('r1', false, votes, '2026-03-02T10:00:00Z')
    expect(first).toEqual({
      task_id: task.id,
      attempt: 'a1',
      grader: { id: 'lead', kind: 'human', role: 'adjudicator' },
      items: [{ id: 'r1', met: false, evidence: [], note: 'why' }],
      at: '2026-03-02T10:00:00.000Z',
      rubric_hash: hash,
    })
    const before = decisionsFor(task, 'a1', votes, { judge: 'advisory' })
    expect(before.decisions.get('r1')).toBeNull()
    const after = decisionsFor(task, 'a1', [...votes, first], { judge: 'advisory' })
    expect(after.decisions.get('r1')).toBe(false)
    expect(after.items.find((item) => item.id === 'r1')?.decided_by).toBe('adjudicator')
  })

  it('keeps the adjudicator’s earlier answers on the attempt, so a second item does not unsettle the first', () => {
    const first = adjudicate('r1', false, votes, '2026-03-02T10:00:00Z')
    const second = adjudicate('r2', true, [...votes, first], '2026-03-02T11:00:00Z')
    expect(second.items.map((item) => [item.id, item.met])).toEqual([
      ['r1', false],
      ['r2', true],
    ])
    const decided = decisionsFor(task, 'a1', [...votes, first, second], { judge: 'advisory' })
    expect([decided.decisions.get('r1'), decided.decisions.get('r2')]).toEqual([false, true])
    // Changing one's mind on an item replaces the answer, not adds a second one.
    const third = adjudicate('r1', true, [...votes, first, second], '2026-03-02T12:00:00Z')
    expect(third.items.map((item) => [item.id, item.met])).toEqual([
      ['r2', true],
      ['r1', true],
    ])
  })

  it('does not carry an adjudication made under an earlier rubric', () => {
    const stale = grade('lead', 'a1', { r2: true }, '2026-03-01T12:00:00Z', { grader: { id: 'lead', kind: 'human', role: 'adjudicator' }, rubric_hash: '0'.repeat(64) })
    expect(adjudicate('r1', true, [...votes, stale], '2026-03-02T10:00:00Z').items.map((item) => item.id)).toEqual(['r1'])
  })

  it('needs the lead grader’s name', () => {
    expect(() => adjudicationGrade({ task, attempt: 'a1', item: 'r1', met: true, note: '', adjudicator: ' ', at: new Date(), grades: [] })).toThrow(/name/)
  })
})

describe('the rubrics and grades the tabs read', () => {
  it('lists only rubrics with items for graders, and leaves stale grades and unknown tasks out', () => {
    expect(gradedRubrics(dataset.tasks).map((rubric) => rubric.task_id)).toEqual([task.id])
    const applies = gradeApplies(dataset.tasks)
    expect(applies(grade('ann', 'a1', { r1: true }))).toBe(true)
    expect(applies(grade('ann', 'a1', { r1: true }, undefined, { rubric_hash: hash }))).toBe(true)
    expect(applies(grade('ann', 'a1', { r1: true }, undefined, { rubric_hash: 'f'.repeat(64) }))).toBe(false)
    expect(applies({ ...grade('ann', 'a1', { r1: true }), task_id: 'gone' })).toBe(false)
  })

  it('counts the attempts on which both graders of a pair rated an item', () => {
    const grid = {
      graders: ['ann', 'bob', 'cy'],
      rows: [
        { task_id: 't', attempt: 'a1', cells: [true, false, null] },
        { task_id: 't', attempt: 'a1', cells: [true, true, null] },
        { task_id: 't', attempt: 'a2', cells: [true, null, true] },
        { task_id: 't', attempt: 'a3', cells: [false, true, true] },
      ],
    }
    expect(pairAttempts([grid], 'ann', 'bob')).toBe(2)
    expect(pairAttempts([grid], 'bob', 'cy')).toBe(1)
    expect(pairAttempts([grid, { ...grid, rows: grid.rows.map((row) => ({ ...row, task_id: 'u' })) }], 'ann', 'cy')).toBe(4)
    expect(pairAttempts([grid], 'ann', 'dee')).toBe(0)
  })
})

describe('the judge’s probation', () => {
  const standing = { eligible: false, attempts: 12, needed: 30, peopleF1: 0.8, judgeF1: 0.9 }

  it('says what keeps the judge on probation', () => {
    expect(judgeProbation(standing)).toBe('attempts')
    expect(judgeProbation({ ...standing, attempts: 30, peopleF1: null })).toBe('people')
    expect(judgeProbation({ ...standing, attempts: 30, judgeF1: 0.7 })).toBe('f1')
    expect(judgeProbation({ ...standing, attempts: 30, eligible: true })).toBeUndefined()
  })

  it('counts the judge as chosen only while it is eligible', () => {
    expect(effectiveJudgeMode('grader', { eligible: false })).toBe('advisory')
    expect(effectiveJudgeMode('fallback', undefined)).toBe('advisory')
    expect(effectiveJudgeMode('fallback', { eligible: true })).toBe('fallback')
    expect(effectiveJudgeMode('off', { eligible: false })).toBe('off')
  })
})
