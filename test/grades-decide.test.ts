// People's decisions on a rubric's manual items from grades (#29): this attempt's grades only, stale ones ignored,
// a grader's latest grade, an adjudicator first, else the majority once graders.min people voted (a tie and "can't
// tell" decide nothing), and an LLM judge's grades as its mode says.
import { describe, expect, it } from 'vitest'
import { decisionsFor, loadDataset, publishedRubricHash, rubricHash } from '../src/core/index'
import type { Grade, GraderKind, GraderRole, JudgeMode, Task } from '../src/core/index'
import { rubricFiles } from './support/rubricFixture'

/** Items a1 (automatic) and m1, m2 (people's), as published; graders.min 2. */
const RUBRIC = {
  items: [
    { id: 'a1', criterion: 'Calls', points: 2, auto: { kind: 'called', tool: 'Phone_Call' } },
    { id: 'm1', criterion: 'Polite', points: 1 },
    { id: 'm2', criterion: 'Brief', points: 1 },
  ],
  pass: { min_score: 0.5 },
  graders: { min: 2 },
}

function taskWith(rubric: Record<string, unknown> = RUBRIC): Task {
  const { dataset } = loadDataset(rubricFiles({ rubric }))
  return dataset.tasks[0] as Task
}
const TASK = taskWith()
const ATTEMPT = 'att-1'

let clock = 0
/** A grade of ATTEMPT: `answers` maps item ids to met; each grade is a minute after the one made before, unless `at` is given. */
function grade(id: string, answers: Record<string, boolean | null>, extra: { kind?: GraderKind; role?: GraderRole; at?: string; rubric_hash?: string; invalid?: boolean; attempt?: string; task_id?: string } = {}): Grade {
  const { kind = 'human', role, at, attempt = ATTEMPT, task_id = TASK.id, ...rest } = extra
  clock++
  return {
    task_id,
    attempt,
    grader: { id, kind, ...(role ? { role } : {}) },
    items: Object.entries(answers).map(([item, met]) => ({ id: item, met, evidence: [], note: '' })),
    at: at ?? new Date(Date.UTC(2026, 2, 1, 10, clock)).toISOString(),
    ...rest,
  }
}

const decide = (grades: Grade[], judge: JudgeMode = 'advisory', task = TASK) => decisionsFor(task, ATTEMPT, grades, { judge })
/** The decisions as a plain object: item → met (null undecided). */
const decided = (grades: Grade[], judge: JudgeMode = 'advisory') => Object.fromEntries(decide(grades, judge).decisions)
const by = (grades: Grade[], judge: JudgeMode = 'advisory') => Object.fromEntries(decide(grades, judge).items.map((i) => [i.id, i.decided_by]))

describe('decisionsFor: people', () => {
  it('decides an item by the majority once graders.min people voted; fewer, or a tie, decide nothing', () => {
    expect(decided([])).toEqual({ m1: null, m2: null })
    expect(decided([grade('ann', { m1: true })])).toEqual({ m1: null, m2: null })
    expect(decided([grade('ann', { m1: true, m2: false }), grade('bob', { m1: true, m2: false })])).toEqual({ m1: true, m2: false })
    expect(decided([grade('ann', { m1: true }), grade('bob', { m1: false })])).toEqual({ m1: null, m2: null })
    expect(decided([grade('ann', { m1: true }), grade('bob', { m1: false }), grade('cy', { m1: false })])).toEqual({ m1: false, m2: null })
  })

  it('counts "can\'t tell" (null) as no vote', () => {
    expect(decided([grade('ann', { m1: true }), grade('bob', { m1: null })])).toEqual({ m1: null, m2: null })
    const graded = decide([grade('ann', { m1: true }), grade('bob', { m1: null }), grade('cy', { m1: true })])
    expect(graded.decisions.get('m1')).toBe(true)
    expect(graded.items).toEqual([
      { id: 'a1', for: 0, against: 0, decided_by: 'auto' },
      { id: 'm1', for: 2, against: 0, decided_by: 'people' },
      { id: 'm2', for: 0, against: 0, decided_by: null },
    ])
  })

  it('never decides an automatic item, and reads only this task and attempt', () => {
    const grades = [grade('ann', { a1: false, m1: true }), grade('bob', { a1: false, m1: true })]
    expect(decide(grades).decisions.has('a1')).toBe(false)
    expect(by(grades).a1).toBe('auto')
    const elsewhere = [grade('ann', { m1: true }, { attempt: 'att-2' }), grade('bob', { m1: true }, { task_id: 'other' })]
    expect(decided([grade('cy', { m1: true }), ...elsewhere])).toEqual({ m1: null, m2: null })
  })

  it("takes each grader's latest grade only, all its items at once", () => {
    const early = grade('ann', { m1: false, m2: true }, { at: '2026-03-01T09:00:00Z' })
    const late = grade('ann', { m1: true }, { at: '2026-03-01T12:00:00+01:00' })
    const bob = grade('bob', { m1: true, m2: true })
    // Given out of order: `at` decides which is latest, not the list.
    expect(decided([late, early, bob])).toEqual({ m1: true, m2: null })
    expect(decided([early, late, bob])).toEqual({ m1: true, m2: null })
    expect(decide([late, early, bob]).items.find((i) => i.id === 'm1')).toMatchObject({ for: 2, against: 0 })
  })

  it('lets an adjudicator decide each item it answers, the latest adjudication first, over any majority', () => {
    const majority = [grade('ann', { m1: true, m2: true }), grade('bob', { m1: true, m2: true })]
    const lead = grade('lead', { m1: false, m2: null }, { role: 'adjudicator' })
    expect(decided([...majority, lead])).toEqual({ m1: false, m2: true })
    expect(by([...majority, lead])).toEqual({ a1: 'auto', m1: 'adjudicator', m2: 'people' })
    // Alone, without graders.min votes.
    expect(decided([lead])).toEqual({ m1: false, m2: null })
    // The later adjudication wins, in whichever order the grades come.
    const second = grade('chief', { m1: true }, { role: 'adjudicator' })
    expect(decided([second, lead])).toEqual({ m1: true, m2: null })
    expect(decided([lead, second])).toEqual({ m1: true, m2: null })
  })

  it("keeps a lead's adjudication apart from their own vote: adjudicating one item leaves their vote on the others", () => {
    const ann = grade('ann', { m1: true, m2: true })
    const leadVote = grade('lead', { m1: false, m2: true })
    const leadDecision = grade('lead', { m1: true }, { role: 'adjudicator' })
    expect(decided([ann, leadVote])).toEqual({ m1: null, m2: true })
    expect(decided([ann, leadVote, leadDecision])).toEqual({ m1: true, m2: true })
    expect(by([ann, leadVote, leadDecision])).toEqual({ a1: 'auto', m1: 'adjudicator', m2: 'people' })
  })
})

describe('decisionsFor: the rubric hash', () => {
  it('is SHA-256 of the published rubric in canonical JSON, whatever its key order', () => {
    const hash = rubricHash(TASK)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).toBe(publishedRubricHash(RUBRIC))
    const reordered = { graders: RUBRIC.graders, pass: RUBRIC.pass, items: RUBRIC.items }
    expect(rubricHash(taskWith(reordered))).toBe(hash)
    expect(rubricHash(taskWith({ ...RUBRIC, pass: { min_score: 0.6 } }))).not.toBe(hash)
    // The published value, not the parsed one: leaving out a default changes it.
    expect(rubricHash(taskWith({ ...RUBRIC, graders: undefined }))).not.toBe(rubricHash(taskWith({ ...RUBRIC, graders: { min: 1 } })))
  })

  it('ignores and counts stale grades; a grade without a hash, or with the current one, applies', () => {
    const current = rubricHash(TASK)
    const stale = 'f'.repeat(64)
    const graded = decide([grade('ann', { m1: true }, { rubric_hash: stale }), grade('bob', { m1: true }, { rubric_hash: current }), grade('cy', { m1: true })])
    expect(graded.stale).toBe(1)
    expect(graded.decisions.get('m1')).toBe(true)
    expect(graded.items.find((i) => i.id === 'm1')).toMatchObject({ for: 2 })
    expect(decide([grade('ann', { m1: true }, { rubric_hash: stale }), grade('bob', { m1: true })]).decisions.get('m1')).toBe(null)
  })

  it("does not let a stale grade replace the grader's current one", () => {
    const current = grade('ann', { m1: true }, { at: '2026-03-01T09:00:00Z' })
    const staleLater = grade('ann', { m1: false }, { at: '2026-03-01T11:00:00Z', rubric_hash: 'f'.repeat(64) })
    expect(decided([current, staleLater, grade('bob', { m1: true })])).toEqual({ m1: true, m2: null })
  })

  it('applies every grade where the task keeps no line to hash', () => {
    const { source: _source, ...unsourced } = TASK
    expect(rubricHash(unsourced)).toBeUndefined()
    const grades = [grade('ann', { m1: true }, { rubric_hash: 'f'.repeat(64) }), grade('bob', { m1: true })]
    expect(decide(grades, 'advisory', unsourced)).toMatchObject({ stale: 0 })
    expect(decide(grades, 'advisory', unsourced).decisions.get('m1')).toBe(true)
  })
})

describe('decisionsFor: an LLM judge', () => {
  const judge = (answers: Record<string, boolean | null>, extra: Parameters<typeof grade>[2] = {}) => grade('gpt', answers, { kind: 'llm', ...extra })

  it('off and advisory: its grades never count', () => {
    for (const mode of ['off', 'advisory'] as const) {
      expect(decided([judge({ m1: true })], mode)).toEqual({ m1: null, m2: null })
      expect(decided([grade('ann', { m1: true }), grade('bob', { m1: false }), judge({ m1: true })], mode)).toEqual({ m1: null, m2: null })
    }
  })

  it('grader: one more vote in the majority, but only people reach graders.min', () => {
    expect(decided([grade('ann', { m1: true }), grade('bob', { m1: false }), judge({ m1: true })], 'grader')).toEqual({ m1: true, m2: null })
    expect(decide([grade('ann', { m1: true }), grade('bob', { m1: false }), judge({ m1: true })], 'grader').items[1]).toEqual({ id: 'm1', for: 2, against: 1, decided_by: 'people' })
    expect(decided([grade('ann', { m1: true }), judge({ m1: true })], 'grader')).toEqual({ m1: null, m2: null })
    // Neither an adjudicator's role nor a person's id makes a judge more than its mode allows.
    expect(decided([judge({ m1: false }, { role: 'adjudicator' })], 'grader')).toEqual({ m1: null, m2: null })
  })

  it('fallback: decides an item only where no person voted on it, and says so', () => {
    const grades = [grade('ann', { m1: true, m2: null }), judge({ m1: false, m2: false })]
    expect(decided(grades, 'fallback')).toEqual({ m1: null, m2: false })
    expect(decide(grades, 'fallback').items[2]).toEqual({ id: 'm2', for: 0, against: 1, decided_by: 'judge_fallback' })
    // With graders.min people, theirs; the judge's vote is not added.
    expect(decide([grade('ann', { m1: true }), grade('bob', { m1: false }), judge({ m1: false })], 'fallback').items[1]).toEqual({ id: 'm1', for: 1, against: 1, decided_by: null })
  })

  it('never counts an invalid grade, which does not replace an earlier readable one', () => {
    const readable = judge({ m2: true }, { at: '2026-03-01T09:00:00Z' })
    const unreadable = judge({ m2: false }, { at: '2026-03-01T10:00:00Z', invalid: true })
    const graded = decide([readable, unreadable], 'fallback')
    expect(graded.invalid).toBe(1)
    expect(graded.decisions.get('m2')).toBe(true)
    expect(decide([unreadable], 'fallback').decisions.get('m2')).toBe(null)
  })
})
