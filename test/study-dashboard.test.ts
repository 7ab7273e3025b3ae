import { describe, expect, it } from 'vitest'
import type { Task } from '../src/core/dataset/types'
import type { PersonAttempt } from '../src/core/analysis/people'
import { callSignature } from '../src/core/analysis/people'
import { studyDashboard, studyDashboardTable } from '../src/core/analysis/study'
import { fleissKappa, pairwiseAgreement } from '../src/core/stats/agreement'
import { readStudyFile } from '../src/core/study'
import type { StudyFile } from '../src/core/study'
import { toCsv } from '../src/core/results/table'

const task = (id: string, type: string, line: number): Task => ({
  id,
  type,
  instruction: `Instruction of ${id}`,
  messages: [{ role: 'user', content: `Instruction of ${id}` }],
  answer: [],
  freeParams: [],
  reasoningPath: '',
  distractors: '',
  line,
})

/** Six study tasks over two capabilities, and one task of the data set that the study leaves out. */
const TASKS = [task('推理1', '推理', 1), task('推理2', '推理', 2), task('推理3', '推理', 3), task('辨析1', '辨析', 4), task('辨析2', '辨析', 5), task('辨析3', '辨析', 6), task('整合1', '整合', 7)]

const FP = (n: number) => String(n).repeat(64).slice(0, 64)

/**
 * 3 people × 6 tasks, K = 2, four tasks each:
 *
 *            ann   ben   cy
 *   推理1     ●     ●
 *   推理2           ●     ●
 *   推理3     ●           ●
 *   辨析1     ●     ●
 *   辨析2           ●     ●
 *   辨析3     ●           ●
 */
const STUDY: StudyFile = {
  format: 'spieval-study',
  version: 1,
  id: '0123456789abcdef',
  seed: 7,
  perTask: 2,
  people: {
    ann: ['推理1', '辨析3', '推理3', '辨析1'],
    ben: ['推理2', '推理1', '辨析2', '辨析1'],
    cy: ['辨析2', '推理2', '推理3', '辨析3'],
  },
  tasks: {
    推理1: { type: '推理', fingerprint: FP(1), people: ['ann', 'ben'] },
    推理2: { type: '推理', fingerprint: FP(2), people: ['ben', 'cy'] },
    推理3: { type: '推理', fingerprint: FP(3), people: ['ann', 'cy'] },
    辨析1: { type: '辨析', fingerprint: FP(4), people: ['ann', 'ben'] },
    辨析2: { type: '辨析', fingerprint: FP(5), people: ['ben', 'cy'] },
    辨析3: { type: '辨析', fingerprint: FP(6), people: ['ann', 'cy'] },
  },
  created: '2026-03-14T09:00:00.000Z',
}

// Answers by letter: the table below names them.
const call = (telephone: string, type = 'VOICE') => [{ name: 'Phone_Call', arguments: { telephone, type } }]
const X = call('13900000001')
const P = call('13900000002')
const Q = call('13900000003')
const Y = call('13900000004')
const Y2 = call('13900000004', 'VIDEO') // as right as Y, but another answer
const R = call('13900000005')
const R2 = call('13900000006')
const Z = call('13900000007')

let next = 0
function attempt(actor: string, taskId: string, fields: { correct?: boolean; calls?: PersonAttempt['calls']; seconds: number; finished?: boolean; ended?: number; afterGold?: boolean }): PersonAttempt {
  next++
  const finished = fields.finished ?? true
  return {
    attemptId: `${actor}-${taskId}-${next}`,
    taskId,
    actor,
    finished,
    started: next * 1000,
    ...(finished ? { ended: fields.ended ?? 100_000 + next } : {}),
    elapsedMs: fields.seconds * 1000,
    ...(finished ? { correct: fields.correct ?? false, errorType: fields.correct ? null : 'wrong_value' } : {}),
    calls: fields.calls ?? [],
    retrievals: 1,
    flags: [],
    ...(fields.afterGold ? { afterGold: true } : {}),
  }
}

/*
 * The attempts (✓ solved, ✗ wrong; answer; active time in s). What counts per person and task is the first finished blind attempt.
 *
 *            ann                          ben           cy
 *   推理1     ✓ X 60                       ✓ X 80        (✓ X 30: not assigned to cy)
 *   推理2                                  ✗ P 40        ✗ Q 45
 *   推理3     ✓ Y 40, then ✗ Z 30 (practice)            ✓ Y2 55
 *   辨析1     ✗ R2 50                      ✓ R 100       (dan ✓ R 20: not in the study)
 *   辨析2                                  ✓ R 70        —
 *   辨析3     in progress 20                             —
 *   整合1     (✓ 10: not a study task)
 */
const ATTEMPTS: PersonAttempt[] = [
  attempt('ann', '推理1', { correct: true, calls: X, seconds: 60 }),
  attempt('ben', '推理1', { correct: true, calls: X, seconds: 80 }),
  attempt('cy', '推理1', { correct: true, calls: X, seconds: 30 }),
  attempt('ben', '推理2', { correct: false, calls: P, seconds: 40 }),
  attempt('cy', '推理2', { correct: false, calls: Q, seconds: 45 }),
  attempt('ann', '推理3', { correct: false, calls: Z, seconds: 30, ended: 900_000, afterGold: true }),
  attempt('ann', '推理3', { correct: true, calls: Y, seconds: 40, ended: 200_000 }),
  attempt('cy', '推理3', { correct: true, calls: Y2, seconds: 55 }),
  attempt('ann', '辨析1', { correct: false, calls: R2, seconds: 50 }),
  attempt('ben', '辨析1', { correct: true, calls: R, seconds: 100 }),
  attempt('dan', '辨析1', { correct: true, calls: R, seconds: 20 }),
  attempt('ben', '辨析2', { correct: true, calls: R, seconds: 70 }),
  attempt('ann', '辨析3', { finished: false, seconds: 20 }),
  attempt('ann', '整合1', { correct: true, calls: X, seconds: 10 }),
]

describe('studyDashboard', () => {
  const dashboard = studyDashboard(STUDY, TASKS, ATTEMPTS)
  const person = (actor: string) => dashboard.people.find((p) => p.actor === actor)

  it('uses a well-formed study', () => {
    expect(readStudyFile(JSON.stringify(STUDY))).toEqual({ study: STUDY })
  })

  it('gives each person progress, work under way and active time over their own tasks, each task once', () => {
    expect(dashboard.people.map((p) => [p.actor, p.assigned, p.submitted, p.progress, p.inProgress, p.activeMs])).toEqual([
      ['ann', 4, 3, 0.75, 1, (60 + 40 + 50) * 1000],
      ['ben', 4, 4, 1, 0, (80 + 40 + 100 + 70) * 1000],
      ['cy', 4, 2, 0.5, 0, (45 + 55) * 1000],
    ])
  })

  it('gives accuracy per person, per capability and overall, over the tasks submitted', () => {
    expect(dashboard.types).toEqual(['推理', '辨析'])
    expect(person('ann')?.by_type).toEqual({ 推理: { finished: 2, solved: 2, accuracy: 100 }, 辨析: { finished: 1, solved: 0, accuracy: 0 } })
    expect(person('ann')?.overall.accuracy).toBeCloseTo(200 / 3)
    expect(person('ben')?.by_type).toEqual({ 推理: { finished: 2, solved: 1, accuracy: 50 }, 辨析: { finished: 2, solved: 2, accuracy: 100 } })
    expect(person('ben')?.overall).toEqual({ finished: 4, solved: 3, accuracy: 75 })
    expect(person('cy')?.by_type).toEqual({ 推理: { finished: 2, solved: 1, accuracy: 50 }, 辨析: { finished: 0, solved: 0, accuracy: null } })
    expect(person('cy')?.overall).toEqual({ finished: 2, solved: 1, accuracy: 50 })
  })

  it('gives each capability across people: pooled, and mean ± std over the people who submitted one', () => {
    const reasoning = dashboard.by_type['推理']
    expect(reasoning).toMatchObject({ tasks: 3, assigned: 6, submitted: 6, solved: 4 })
    expect(reasoning?.accuracy).toBeCloseTo(400 / 6)
    expect(reasoning?.overPeople.people).toBe(3)
    expect(reasoning?.overPeople.mean).toBeCloseTo(200 / 3) // 100, 50, 50
    expect(reasoning?.overPeople.std).toBeCloseTo(Math.sqrt(((100 - 200 / 3) ** 2 + 2 * (50 - 200 / 3) ** 2) / 3))
    expect(dashboard.by_type['辨析']).toEqual({ tasks: 3, assigned: 6, submitted: 3, solved: 2, accuracy: 200 / 3, overPeople: { mean: 50, std: 50, people: 2 } })
    expect(dashboard.totals).toMatchObject({ tasks: 6, assigned: 12, submitted: 9, solved: 6 })
    expect(dashboard.totals.overPeople.mean).toBeCloseTo((200 / 3 + 75 + 50) / 3)
  })

  it('measures agreement on the tasks two assigned people submitted, with the shared statistics', () => {
    // 推理1 [✓✓] (cy's is not hers to solve), 推理2 [✗✗], 推理3 [✓✓] (ann's latest), 辨析1 [✗✓] (dan is not in the study).
    const verdicts = [
      ['correct', 'correct'],
      ['wrong', 'wrong'],
      ['correct', 'correct'],
      ['wrong', 'correct'],
    ]
    expect(dashboard.overlap).toBe(6)
    expect(dashboard.agreement.verdict.tasks).toBe(4)
    expect(dashboard.agreement.verdict.kappa).toBe(fleissKappa(verdicts))
    expect(dashboard.agreement.verdict.kappa).toBeCloseTo(7 / 15) // (0.75 − 34/64) / (1 − 34/64)
    expect(dashboard.agreement.verdict.pairwise).toBe(0.75)
    const answers = [
      [X, X],
      [P, Q],
      [Y, Y2],
      [R2, R],
    ].map((pair) => pair.map((calls) => callSignature(calls)))
    expect(dashboard.agreement.answer).toEqual({ kappa: fleissKappa(answers), pairwise: pairwiseAgreement(answers), kappaWithheld: true, tasks: 4 })
    expect(dashboard.agreement.answer.pairwise).toBe(0.25)
  })

  it('lists the study’s tasks for cross-validation, with only their assigned people, wrong and split first', () => {
    expect(dashboard.crossValidation.map((r) => [r.taskId, r.status, r.solvers.map((s) => s.actor)])).toEqual([
      ['推理2', 'wrong', ['ben', 'cy']],
      ['辨析1', 'wrong', ['ann', 'ben']],
      ['推理3', 'split', ['ann', 'cy']],
      ['推理1', 'ok', ['ann', 'ben']],
      ['辨析2', 'ok', ['ben']],
      ['辨析3', 'ok', ['ann']],
    ])
  })

  it('counts attempts outside the assignment apart, and they change no figure', () => {
    expect(dashboard.outside).toBe(3) // cy at 推理1, dan at 辨析1, ann at 整合1
    const inside = ATTEMPTS.filter((a) => !(a.actor === 'cy' && a.taskId === '推理1') && a.actor !== 'dan' && a.taskId !== '整合1')
    expect({ ...studyDashboard(STUDY, TASKS, inside), outside: 3 }).toEqual(dashboard)
    expect(dashboard.people.map((p) => p.actor)).toEqual(['ann', 'ben', 'cy'])
  })

  it('never mixes settings: a study that fixes one counts only attempts made in it, and says how many it left out', () => {
    const inBrowse = ATTEMPTS.map((a) => ({ ...a, access: 'browse' }))
    // ben solved 辨析2 once more, later, with search: a study in "browse" must not count it.
    const searched = { ...attempt('ben', '辨析2', { correct: false, calls: P, seconds: 5, ended: 999_999 }), access: 'full' }
    const fixed = studyDashboard({ ...STUDY, setting: 'browse' }, TASKS, [...inBrowse, searched])
    expect(fixed.otherSetting).toBe(1)
    expect(fixed.outside).toBe(4)
    expect(fixed.setting).toBe('browse')
    expect({ ...fixed, outside: 3, otherSetting: 0, setting: undefined }).toEqual({ ...dashboard, setting: undefined })
    // A study made before studies had a setting counts every attempt, as before.
    expect(studyDashboard(STUDY, TASKS, [...inBrowse, searched]).otherSetting).toBe(0)
  })

  it('counts a study task the data set lacks as assigned, and names it', () => {
    const study: StudyFile = {
      ...STUDY,
      people: { ...STUDY.people, eve: ['整合9'] },
      tasks: { ...STUDY.tasks, 整合9: { type: '整合', fingerprint: FP(9), people: ['eve'] } },
    }
    const d = studyDashboard(study, TASKS, ATTEMPTS)
    expect(d.missingTasks).toEqual(['整合9'])
    expect(d.types).toEqual(['推理', '辨析', '整合'])
    expect(d.people.at(-1)).toMatchObject({ actor: 'eve', assigned: 1, submitted: 0, progress: 0, activeMs: 0, overall: { accuracy: null } })
    expect(d.by_type['整合']).toMatchObject({ tasks: 1, assigned: 1, submitted: 0, accuracy: null, overPeople: { people: 0 } })
  })

  it('says per person how the calls were made, and flags the attempts not tapped on the phone', () => {
    const made = (a: PersonAttempt, sources: Record<string, number>): PersonAttempt => ({ ...a, sources })
    const withSources = ATTEMPTS.map((a) => {
      if (a.actor === 'ann') return made(a, { ui: 3 })
      if (a.actor === 'ben' && a.taskId === '推理2') return made(a, { ui: 1, api: 2 })
      if (a.actor === 'ben' && a.taskId === '辨析2') return made(a, { agent: 4 })
      if (a.actor === 'ben') return made(a, { ui: 2 })
      if (a.actor === 'dan') return made(a, { api: 5 }) // outside the study: never counted
      return a
    })
    const d = studyDashboard(STUDY, TASKS, withSources)
    const row = (actor: string) => d.people.find((p) => p.actor === actor)
    // ann: 推理1, 推理3 twice, 辨析1, 辨析3 (in progress) are hers; 整合1 is outside the study.
    expect(row('ann')).toMatchObject({ sources: { ui: 15 }, notByHand: 0 })
    expect(row('ben')).toMatchObject({ sources: { ui: 5, api: 2, agent: 4 }, notByHand: 2 })
    expect(row('cy')).toMatchObject({ sources: {}, notByHand: 0 })
  })

  it('writes the per-person table for CSV', () => {
    expect(toCsv(studyDashboardTable(dashboard).rows).split('\r\n')).toEqual([
      'person,assigned,submitted,progress (%),in progress,active time (s),Reasoning 推理,Disambiguation 辨析,Overall',
      'ann,4,3,75.0,1,150.0,100.0 (2/2),0.0 (0/1),66.7 (2/3)',
      'ben,4,4,100.0,0,290.0,50.0 (1/2),100.0 (2/2),75.0 (3/4)',
      'cy,4,2,50.0,0,100.0,50.0 (1/2),—,50.0 (1/2)',
      '',
    ])
  })
})
