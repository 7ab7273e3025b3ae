import { describe, expect, it } from 'vitest'
import type { Task } from '../src/core/dataset/types'
import { callSignature, countedAttempts } from '../src/core/analysis/people'
import type { PersonAttempt } from '../src/core/analysis/people'
import { crossValidation, crossValidationCsv } from '../src/core/analysis/crossValidation'
import { humanBaseline, humanBaselineTable } from '../src/core/analysis/baseline'
import { scoringOrder } from '../src/core/archive/build'

const task = (id: string, type: string, instruction: string, line: number): Task => ({
  id,
  type,
  instruction,
  messages: [{ role: 'user', content: instruction }],
  answer: [],
  freeParams: [],
  reasoningPath: '',
  distractors: '',
  line,
})

/** Five tasks over two capabilities; nobody finishes 辨析3. */
const TASKS = [
  task('推理1', '推理', 'Call my manager', 1),
  task('推理2', '推理', 'Text the plumber', 2),
  task('辨析1', '辨析', 'Send the parcel home', 3),
  task('辨析2', '辨析', 'Book the usual train', 4),
  task('辨析3', '辨析', 'Book the usual room', 5),
]

// Answers, named by letter in the hand computations below.
const X = [{ name: 'Phone_Call', arguments: { telephone: '13933334444', type: 'VOICE' } }]
const X_TEXT = [{ name: 'Phone_Call', arguments: '{"type":"VOICE","telephone":"13933334444"}' }] // X as a string, keys reordered
const Y = [{ name: 'Phone_Call', arguments: { telephone: '13933334444', type: 'VIDEO' } }]
const P = [{ name: 'Messages_Send', arguments: { telephone: '13655208731', text: 'Tuesday?' } }]
const Q = [{ name: 'Messages_Send', arguments: { telephone: '13822419087', text: 'Tuesday?' } }]
const R = [{ name: 'Transaction_Pay', arguments: { amount: 30, account: '6222' } }]
const S = [{ name: 'Transaction_Pay', arguments: { amount: 30, account: '6333' } }]
const T = [
  { name: 'Transport_Book', arguments: { from: 'Shanghai', to: 'Beijing', seats: ['A', 'B'] } },
  { name: 'Schedule_Create', arguments: { title: 'Trip', date: '2026-03-20' } },
]
// T with calls swapped, arguments as strings, keys reordered, array reordered, an explicit null, and a retrieval call.
const T_TEXT = [
  { name: 'search_transport', arguments: { pattern: 'Beijing' } },
  { name: 'Schedule_Create', arguments: '{"date":"2026-03-20","title":"Trip","note":null}' },
  { name: 'Transport_Book', arguments: '{"seats":["B","A"],"to":"Beijing","from":"Shanghai"}' },
]

let next = 0
const attempt = (
  actor: string,
  taskId: string,
  fields: {
    correct?: boolean
    errorType?: string
    calls?: PersonAttempt['calls']
    elapsedMs: number
    retrievals: number
    ended?: number
    finished?: boolean
    flags?: PersonAttempt['flags']
    afterGold?: boolean
  },
): PersonAttempt => {
  next++
  const finished = fields.finished ?? true
  return {
    attemptId: `${actor}-${taskId}-${next}`,
    taskId,
    actor,
    finished,
    started: next * 10,
    ...(finished ? { ended: fields.ended ?? 5000 + next } : {}),
    elapsedMs: fields.elapsedMs,
    ...(finished ? { correct: fields.correct ?? false, errorType: fields.correct ? null : (fields.errorType ?? 'wrong_value') } : {}),
    calls: fields.calls ?? [],
    retrievals: fields.retrievals,
    flags: fields.flags ?? [],
    ...(fields.afterGold ? { afterGold: true } : {}),
  }
}

/*
 * The counted attempt per person and task (✓ solved, ✗ failed; retrievals r, time t in seconds):
 *
 *           推理1          推理2          辨析1                     辨析2                 辨析3
 *   alice   ✓ X  r4 t60    ✓ P  r6 t120   ✓ R r3 t90 (1st attempt)  ✓ T      r5 t150      —
 *   bob     ✓ X' r2 t80    ✗ Q  r1 t40    ✓ R r4 t100               in progress (r7 t20)  —
 *   carol   ✓ Y  r3 t70    ✗ Q  r2 t45    ✗ S r2 t50                ✓ T'     r6 t110      —
 *   dave    —              —              —                         —                     in progress
 *
 * alice's 2nd attempt at 辨析1 (✗ S, r1 t30, made after her review showed the
 * gold: practice, listed first) and her attempt at a task not in the data
 * set (✗) do not count.
 * Flags: carol on 辨析1 (at 500), alice on her 1st 辨析1 attempt (at 1500), bob on 辨析2 while in progress.
 */
const ATTEMPTS: PersonAttempt[] = [
  attempt('alice', '推理1', { correct: true, calls: X, retrievals: 4, elapsedMs: 60_000 }),
  attempt('alice', '推理2', { correct: true, calls: P, retrievals: 6, elapsedMs: 120_000 }),
  attempt('alice', '辨析1', {
    correct: false,
    calls: S,
    retrievals: 1,
    elapsedMs: 30_000,
    ended: 2000,
    flags: [{ kind: 'ambiguous', comment: 'two addresses, which one?', at: 1500 }],
    afterGold: true,
  }),
  attempt('alice', '辨析1', { correct: true, calls: R, retrievals: 3, elapsedMs: 90_000, ended: 1000 }),
  attempt('alice', '辨析2', { correct: true, calls: T, retrievals: 5, elapsedMs: 150_000 }),
  attempt('alice', '偏好9', { correct: false, calls: X, retrievals: 9, elapsedMs: 1_000 }),
  attempt('bob', '推理1', { correct: true, calls: X_TEXT, retrievals: 2, elapsedMs: 80_000 }),
  attempt('bob', '推理2', { correct: false, calls: Q, retrievals: 1, elapsedMs: 40_000 }),
  attempt('bob', '辨析1', { correct: true, calls: R, retrievals: 4, elapsedMs: 100_000 }),
  attempt('bob', '辨析2', { finished: false, retrievals: 7, elapsedMs: 20_000, flags: [{ kind: 'not_findable', comment: 'no ticket', at: 2500 }] }),
  attempt('carol', '推理1', { correct: true, calls: Y, retrievals: 3, elapsedMs: 70_000 }),
  attempt('carol', '推理2', { correct: false, calls: Q, retrievals: 2, elapsedMs: 45_000 }),
  attempt('carol', '辨析1', {
    correct: false,
    errorType: 'wrong_count',
    calls: S,
    retrievals: 2,
    elapsedMs: 50_000,
    flags: [{ kind: 'gold_wrong', comment: 'the "old" address, surely', at: 500 }],
  }),
  attempt('carol', '辨析2', { correct: true, calls: T_TEXT, retrievals: 6, elapsedMs: 110_000 }),
  attempt('dave', '辨析3', { finished: false, retrievals: 0, elapsedMs: 5_000 }),
]

describe('callSignature', () => {
  it('is equal for string and object arguments, any key, call or array order, and explicit nulls', () => {
    expect(callSignature(X_TEXT)).toBe(callSignature(X))
    expect(callSignature(T_TEXT)).toBe(callSignature(T))
    expect(callSignature([{ name: 'A', arguments: { o: { b: 1, a: [2, 1] } } }])).toBe(callSignature([{ name: 'A', arguments: '{"o":{"a":[1,2],"b":1}}' }]))
    expect(callSignature([{ name: 'A', arguments: '' }])).toBe(callSignature([{ name: 'A', arguments: {} }]))
    expect(callSignature([])).toBe('[]')
  })

  it('differs when an answer differs', () => {
    expect(callSignature(Y)).not.toBe(callSignature(X))
    expect(callSignature([{ name: 'A', arguments: { n: '100' } }])).not.toBe(callSignature([{ name: 'A', arguments: { n: 100 } }]))
    expect(callSignature([...X, ...X])).not.toBe(callSignature(X)) // a multiset: the count matters
    expect(callSignature([{ name: 'B', arguments: X[0]?.arguments }])).not.toBe(callSignature(X))
    // Unparseable arguments equal only the very same text.
    expect(callSignature([{ name: 'A', arguments: '{"n":' }])).toBe(callSignature([{ name: 'A', arguments: '{"n":' }]))
    expect(callSignature([{ name: 'A', arguments: '{"n":' }])).not.toBe(callSignature([{ name: 'A', arguments: {} }]))
  })

  it('reads as canonical JSON', () => {
    expect(callSignature(X_TEXT)).toBe('[{"arguments":{"telephone":"13933334444","type":"VOICE"},"name":"Phone_Call"}]')
  })
})

describe('callSignature, as a task’s gold reads the calls', () => {
  // Text the plumber: the words are free; a call of type VOICE, which may be left out, to either of two numbers.
  const gold: Pick<Task, 'answer' | 'freeParams'> = {
    answer: [
      { name: 'Messages_Send', arguments: { telephone: ['13655208731'], text: [] } },
      { name: 'Phone_Call', arguments: { telephone: ['13822419087', '13933334444'], type: ['VOICE', null] } },
    ],
    freeParams: [['text'], []],
  }
  const send = (text: string) => ({ name: 'Messages_Send', arguments: { telephone: '13655208731', text } })
  const call = (args: Record<string, unknown>) => ({ name: 'Phone_Call', arguments: args })

  it('does not tell apart what the gold leaves open: a free parameter’s words, a value that may be left out and is', () => {
    expect(callSignature([send('大门密码是 4827')], gold)).toBe(callSignature([send('Gate code is 4827')], gold))
    expect(callSignature([call({ telephone: '13822419087', type: 'VOICE' })], gold)).toBe(callSignature([call({ telephone: '13822419087' })], gold))
    expect(callSignature([call({ telephone: '13822419087', type: null })], gold)).toBe(callSignature([call({ telephone: '13822419087' })], gold))
    // Without the task, they are other texts.
    expect(callSignature([send('大门密码是 4827')])).not.toBe(callSignature([send('Gate code is 4827')]))
  })

  it('tells apart what the gold checks: two numbers it both accepts, another type, another recipient', () => {
    expect(callSignature([call({ telephone: '13822419087' })], gold)).not.toBe(callSignature([call({ telephone: '13933334444' })], gold))
    expect(callSignature([call({ telephone: '13822419087', type: 'VIDEO' })], gold)).not.toBe(callSignature([call({ telephone: '13822419087' })], gold))
    expect(callSignature([{ name: 'Messages_Send', arguments: { telephone: '13800000000', text: 'hi' } }], gold)).not.toBe(callSignature([send('hi')], gold))
  })

  it('leaves a parameter in when it is free in one gold call of its tool but not in another', () => {
    const two: Pick<Task, 'answer' | 'freeParams'> = {
      answer: [
        { name: 'Messages_Send', arguments: { telephone: ['1'], text: [] } },
        { name: 'Messages_Send', arguments: { telephone: ['2'], text: ['On my way'] } },
      ],
      freeParams: [['text'], []],
    }
    const to2 = (text: string) => [{ name: 'Messages_Send', arguments: { telephone: '2', text } }]
    expect(callSignature(to2('On my way'), two)).not.toBe(callSignature(to2('Later'), two))
  })

  it('makes two people who sent the same number other words agree, in cross-validation and the baseline', () => {
    const texted = { ...task('推理2', '推理', 'Text the plumber', 2), ...gold }
    const people = [
      attempt('ann', '推理2', { correct: true, calls: [send('大门密码是 4827')], retrievals: 1, elapsedMs: 1000 }),
      attempt('bob', '推理2', { correct: true, calls: [send('Gate code is 4827')], retrievals: 1, elapsedMs: 1000 }),
    ]
    const [row] = crossValidation([texted], people)
    expect(row).toMatchObject({ status: 'ok', answers: 1, agree: true })
    expect(humanBaseline([texted], people).agreement.answer.pairwise).toBe(1)
  })
})

describe('countedAttempts', () => {
  it('keeps the first finished blind attempt per person and task; practice after the gold never counts', () => {
    const counted = countedAttempts(ATTEMPTS)
    // 15 attempts − alice's practice at 辨析1 − 2 unfinished = 12 (the unknown task is still there: only the views drop it).
    expect(counted).toHaveLength(12)
    const alice = counted.filter((a) => a.actor === 'alice' && a.taskId === '辨析1')
    expect(alice.map((a) => a.ended)).toEqual([1000])
  })

  it('takes the first blind finish by `ended`, not by input order, and counts none where every finish came after the gold', () => {
    const at = (id: string, ended: number, afterGold = false): PersonAttempt => ({
      attemptId: id,
      taskId: '推理1',
      actor: 'erin',
      finished: true,
      started: ended - 100,
      ended,
      elapsedMs: 100,
      correct: afterGold,
      calls: [],
      retrievals: 0,
      flags: [],
      ...(afterGold ? { afterGold: true } : {}),
    })
    // Two blind attempts made side by side (two tabs), then a practice one after the review: the first blind finish counts.
    const attempts = [at('practice', 9000, true), at('second', 3000), at('first', 2000)]
    expect(countedAttempts(attempts).map((a) => a.attemptId)).toEqual(['first'])
    expect(countedAttempts([at('only-practice', 9000, true)])).toEqual([])
    const baseline = humanBaseline(TASKS, attempts)
    expect(baseline.people.map((p) => [p.actor, p.finished, p.solved, p.practice])).toEqual([['erin', 1, 0, 1]])
    // The practice attempt was correct; the baseline takes the blind one, which was not.
    expect(baseline.overall.mean).toBe(0)
  })
})

describe('the attempt that counts when two finish at the same time', () => {
  const finishedAt = (id: string, started: number) => ({
    id,
    taskId: '推理1',
    access: 'paginated' as const,
    actor: 'dana',
    started,
    elapsedMs: 5000 - started,
    finished: true,
    ended: 5000,
    steps: [],
  })
  const early = finishedAt('b-early', 1000)
  const late = finishedAt('a-late', 2000)
  const person = (a: typeof early): PersonAttempt => ({ ...a, attemptId: a.id, calls: [], retrievals: 0, flags: [] })

  it('is the one that started earlier, whatever the input order, and the export puts it last (the scorer keeps the last line)', () => {
    for (const order of [
      [early, late],
      [late, early],
    ]) {
      expect(countedAttempts(order.map(person)).map((a) => a.attemptId)).toEqual(['b-early'])
      expect(scoringOrder(order, TASKS).map((o) => o.attempt.id)).toEqual(['a-late', 'b-early'])
    }
  })

  it('is never one made after the gold: the export puts the first blind finish last, after later practice', () => {
    const practice = { ...finishedAt('c-practice', 6000), ended: 9000, elapsedMs: 3000, afterGold: true as const }
    for (const order of [
      [early, practice],
      [practice, early],
    ]) {
      expect(countedAttempts(order.map(person)).map((a) => a.attemptId)).toEqual(['b-early'])
      expect(scoringOrder(order, TASKS).map((o) => o.attempt.id)).toEqual(['c-practice', 'b-early'])
    }
  })
})

describe('crossValidation', () => {
  const rows = crossValidation(TASKS, ATTEMPTS)

  it('lists tasks a solver got wrong, then split answers, then the rest, each in task order', () => {
    // Wrong: 推理2 (bob, carol ✗) and 辨析1 (carol ✗). Split: 推理1 (X, X, Y, all ✓). OK: 辨析2 (T, T), 辨析3 (nobody finished).
    expect(rows.map((r) => [r.taskId, r.status])).toEqual([
      ['推理2', 'wrong'],
      ['辨析1', 'wrong'],
      ['推理1', 'split'],
      ['辨析2', 'ok'],
      ['辨析3', 'ok'],
    ])
  })

  it('shows each solver, their agreement, and every flag', () => {
    const byId = Object.fromEntries(rows.map((r) => [r.taskId, r]))
    expect(byId['辨析1']?.solvers.map((s) => [s.actor, s.state, s.correct, s.errorType, s.attempts, s.retrievals, s.practice])).toEqual([
      ['alice', 'finished', true, null, 2, 3, 1],
      ['bob', 'finished', true, null, 1, 4, 0],
      ['carol', 'finished', false, 'wrong_count', 1, 2, 0],
    ])
    expect(byId['辨析1']).toMatchObject({ finished: 3, solved: 2, answers: 2, agree: false })
    // Flags of every attempt (alice's practice one too), oldest first.
    expect(byId['辨析1']?.flags.map((f) => [f.actor, f.kind, f.at])).toEqual([
      ['carol', 'gold_wrong', 500],
      ['alice', 'ambiguous', 1500],
    ])
    expect(byId['推理1']).toMatchObject({ finished: 3, solved: 3, answers: 2, agree: false })
    // bob is still at 辨析2: listed, not counted; alice's and carol's answers are the same (T and T').
    expect(byId['辨析2']?.solvers.map((s) => [s.actor, s.state, s.signature === null])).toEqual([
      ['alice', 'finished', false],
      ['bob', 'in progress', true],
      ['carol', 'finished', false],
    ])
    expect(byId['辨析2']).toMatchObject({ finished: 2, solved: 2, answers: 1, agree: true })
    expect(byId['辨析2']?.flags.map((f) => f.actor)).toEqual(['bob'])
    expect(byId['辨析3']).toMatchObject({ finished: 0, solved: 0, answers: 0, agree: null })
    expect(byId['辨析3']?.solvers.map((s) => s.actor)).toEqual(['dave'])
  })

  it('exports CSV in the list order, quoting as RFC 4180 says', () => {
    expect(crossValidationCsv(rows).split('\r\n')).toEqual([
      'task,type,status,instruction,finished,solved,answers,agree,solvers,flags',
      '推理2,推理,wrong,Text the plumber,3,1,2,no,alice: correct; bob: wrong (wrong_value); carol: wrong (wrong_value),',
      '辨析1,辨析,wrong,Send the parcel home,3,2,2,no,alice: correct (+1 practice); bob: correct; carol: wrong (wrong_count),' +
        '"carol [gold_wrong]: the ""old"" address, surely; alice [ambiguous]: two addresses, which one?"',
      '推理1,推理,split,Call my manager,3,3,2,no,alice: correct; bob: correct; carol: correct,',
      '辨析2,辨析,ok,Book the usual train,2,2,1,yes,alice: correct; bob: in progress; carol: correct,bob [not_findable]: no ticket',
      '辨析3,辨析,ok,Book the usual room,0,0,0,,dave: in progress,',
      '',
    ])
  })
})

describe('humanBaseline', () => {
  const baseline = humanBaseline(TASKS, ATTEMPTS)
  const byActor = Object.fromEntries(baseline.people.map((p) => [p.actor, p]))

  it('scores each person over the tasks they finished', () => {
    // alice 4/4 (推理 2/2, 辨析 2/2); bob 2/3 (推理 1/2, 辨析 1/1: 辨析2 unfinished does not count);
    // carol 2/4 (推理 1/2, 辨析 1/2); dave nothing finished.
    expect(baseline.people.map((p) => [p.actor, p.finished, p.solved])).toEqual([
      ['alice', 4, 4],
      ['bob', 3, 2],
      ['carol', 4, 2],
      ['dave', 0, 0],
    ])
    expect(byActor.alice?.accuracy).toBe(100)
    expect(byActor.bob?.accuracy).toBeCloseTo(200 / 3, 10)
    expect(byActor.carol?.accuracy).toBe(50)
    expect(byActor.dave?.accuracy).toBeNull()
    expect(byActor.bob?.by_type).toEqual({ 推理: { finished: 2, solved: 1, accuracy: 50 }, 辨析: { finished: 1, solved: 1, accuracy: 100 } })
    expect(byActor.carol?.by_type['辨析']).toEqual({ finished: 2, solved: 1, accuracy: 50 })
    // Medians: alice [60, 90, 120, 150] → (90 + 120)/2 = 105; bob [40, 80, 100] → 80; carol [45, 50, 70, 110] → (50 + 70)/2 = 60.
    expect(baseline.people.map((p) => p.medianMs)).toEqual([105_000, 80_000, 60_000, null])
    // Retrievals: alice (4+6+3+5)/4 = 4.5; bob (2+1+4)/3 = 7/3; carol (3+2+2+6)/4 = 3.25.
    expect(byActor.alice?.retrievals).toBe(4.5)
    expect(byActor.bob?.retrievals).toBeCloseTo(7 / 3, 10)
    expect(byActor.carol?.retrievals).toBe(3.25)
    // Every flag raised, in any attempt.
    expect(baseline.people.map((p) => p.flags)).toEqual([1, 1, 1, 0])
  })

  it('takes mean ± population std over people', () => {
    expect(baseline.types).toEqual(['推理', '辨析'])
    // Overall over alice, bob, carol = 100, 200/3, 50 (dave has none): mean = 650/9 = 72.22;
    // deviations 250/9, −50/9, −200/9 → squares (62500 + 2500 + 40000)/81, /3 = 35000/81 → std = √35000/9 = 20.787.
    expect(baseline.overall.people).toBe(3)
    expect(baseline.overall.mean).toBeCloseTo(650 / 9, 10)
    expect(baseline.overall.std).toBeCloseTo(Math.sqrt(35000) / 9, 10)
    // 推理: 100, 50, 50 → mean 200/3 = 66.67; deviations 100/3, −50/3, −50/3 → (10000 + 2500 + 2500)/9/3 = 5000/9 → std 23.570.
    expect(baseline.by_type['推理']?.mean).toBeCloseTo(200 / 3, 10)
    expect(baseline.by_type['推理']?.std).toBeCloseTo(Math.sqrt(5000 / 9), 10)
    // 辨析: 100, 100, 50 → mean 250/3 = 83.33; deviations 50/3, 50/3, −100/3 → same std √(5000/9) = 23.570.
    expect(baseline.by_type['辨析']).toMatchObject({ people: 3 })
    expect(baseline.by_type['辨析']?.mean).toBeCloseTo(250 / 3, 10)
    expect(baseline.by_type['辨析']?.std).toBeCloseTo(Math.sqrt(5000 / 9), 10)
  })

  it('pools time and retrievals over counted attempts', () => {
    // 11 counted times (s): 40 45 50 60 70 80 90 100 110 120 150 → the 6th, 80.
    expect(baseline.medianMs).toBe(80_000)
    // Solved: alice 4+6+3+5, bob 2+4, carol 3+6 = 33 over 8 → 4.125. Failed: bob 1, carol 2+2 = 5 over 3.
    expect(baseline.retrievals.solved).toBe(4.125)
    expect(baseline.retrievals.failed).toBeCloseTo(5 / 3, 10)
  })

  it('measures agreement on the verdict and on the answer over tasks two or more people finished', () => {
    /*
     * Tasks: 推理1 (3 people), 推理2 (3), 辨析1 (3), 辨析2 (2) → 4 tasks, 11 ratings, 3+3+3+1 = 10 pairs.
     * Verdict: [c c c], [c w w], [c c w], [c c].
     *   Agreeing pairs 3 + 1 + 1 + 1 = 6 → 6/10.
     *   P_i = 1, 2/6, 2/6, 1 → P̄ = (8/3)/4 = 2/3. Shares c 8/11, w 3/11 → Pe = (64 + 9)/121 = 73/121.
     *   κ = (2/3 − 73/121)/(1 − 73/121) = (23/363)/(48/121) = 23/144 = 0.1597.
     * Answer: [X X Y], [P Q Q], [R R S], [T T].
     *   Agreeing pairs 1 + 1 + 1 + 1 = 4 → 4/10.
     *   P_i = 1/3, 1/3, 1/3, 1 → P̄ = 2/4 = 1/2. Shares X 2, Y 1, P 1, Q 2, R 2, S 1, T 2 of 11 → Pe = 19/121.
     *   κ = (1/2 − 19/121)/(1 − 19/121) = (83/242)/(102/121) = 83/204 = 0.4069.
     */
    expect(baseline.agreement.verdict.tasks).toBe(4)
    expect(baseline.agreement.verdict.pairwise).toBeCloseTo(0.6, 12)
    expect(baseline.agreement.verdict.kappa).toBeCloseTo(23 / 144, 12)
    // Computed, but over 4 shared tasks it is not shown as a figure (one disagreement swings it to ±1).
    expect(baseline.agreement.verdict.kappaWithheld).toBe(true)
    expect(baseline.agreement.answer.tasks).toBe(4)
    expect(baseline.agreement.answer.pairwise).toBeCloseTo(0.4, 12)
    expect(baseline.agreement.answer.kappa).toBeCloseTo(83 / 204, 12)
  })

  it("prints in the paper's Table 2 layout", () => {
    expect(humanBaselineTable(baseline).rows).toEqual([
      ['person', 'tasks', 'Reasoning 推理', 'Disambiguation 辨析', 'Overall', 'median time (s)', 'retrievals / task', 'flags'],
      ['alice', '4', '100.0 (2/2)', '100.0 (2/2)', '100.0 (4/4)', '105.0', '4.5', '1'],
      ['bob', '3', '50.0 (1/2)', '100.0 (1/1)', '66.7 (2/3)', '80.0', '2.3', '1'],
      ['carol', '4', '50.0 (1/2)', '50.0 (1/2)', '50.0 (2/4)', '60.0', '3.3', '1'],
      ['dave', '0', '—', '—', '—', '—', '—', '0'],
      ['people (mean ± std, 3)', '11', '66.7 ± 23.6', '83.3 ± 23.6', '72.2 ± 20.8', '80.0', 'solved 4.1 · failed 1.7', '3'],
    ])
  })

  it('is empty but defined without attempts or without pairs', () => {
    const empty = humanBaseline(TASKS, [])
    expect(empty.people).toEqual([])
    expect(empty.overall).toEqual({ mean: 0, std: 0, people: 0 })
    expect(empty.medianMs).toBeNull()
    expect(empty.agreement.verdict).toEqual({ pairwise: null, kappa: null, kappaWithheld: true, tasks: 0 })
    // One person alone: no task has two raters.
    expect(humanBaseline(TASKS, ATTEMPTS.filter((a) => a.actor === 'alice')).agreement.answer).toEqual({ pairwise: null, kappa: null, kappaWithheld: true, tasks: 0 })
  })
})
