// The LLM judge in core (#29): the request it sends (the whole trajectory, numbered as the replay numbers it, and the
// items people grade), reading its answer, its grade, and its standing against people's grades ("Check the judge").
import { describe, expect, it } from 'vitest'
import { loadDataset } from '../src/core/index'
import type { Task, TrajectoryStep } from '../src/core/index'
import { JUDGE_MIN_ATTEMPTS, judgeGrade, judgeRequest, judgeStanding, readJudgeAnswer } from '../src/core/judge'
import type { Grade } from '../src/core/judge'
import { rubricHash } from '../src/core/grades/rubricHash'
import { rubricFiles, rubricOf } from './support/rubricFixture'
import { openPlannerAttempt } from './support/plannerAttempt'

/** 推理1 with two items people grade (r1, r3) and one the attempt decides (r2). */
function rubricTask(): { task: Task; dataset: ReturnType<typeof loadDataset>['dataset'] } {
  const rubric = rubricOf([
    { id: 'r1', points: 3 },
    { id: 'r2', points: 1, auto: { kind: 'called', tool: 'Phone_Call' } },
    { id: 'r3', points: -2 },
  ])
  const { dataset } = loadDataset(rubricFiles({ rubric }))
  return { task: dataset.tasks[0] as Task, dataset }
}

/** An attempt through the kernel: a search, a question to the user, a call taken back, the right call, and a reply. */
async function playedSteps(): Promise<TrajectoryStep[]> {
  const { task, dataset } = rubricTask()
  const attempt = await openPlannerAttempt(dataset, task)
  await attempt.call('search_contacts', { pattern: 'manager' }, 'agent')
  await attempt.call('Ask_User', { question: 'Do you mean your manager?' }, 'agent')
  await attempt.call('Phone_Call', { telephone: '13911112222' }, 'agent')
  await attempt.withdraw(2)
  await attempt.call('Phone_Call', { telephone: '13933334444' }, 'agent')
  await attempt.reply('I called your manager at 139 3333 4444.', 'agent')
  return [...attempt.trajectory()]
}

describe('the judge request', () => {
  it('holds the instruction, every step numbered 1..n with its arguments and answer, the replies, and only the items people grade', async () => {
    const { task } = rubricTask()
    const steps = await playedSteps()
    expect(steps.map((s) => s.kind)).toEqual(['retrieval', 'ask', 'execution', 'execution', 'reply'])
    const body = judgeRequest(task, steps, 'judge-model')
    expect(body.model).toBe('judge-model')
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user'])
    const user = body.messages[1]?.content ?? ''
    expect(user).toContain(task.instruction)
    expect(user).toContain('1. tool call search_contacts {"pattern":"manager"}')
    expect(user).toContain(`   answer: ${steps[0]?.content}`)
    expect(user).toContain('2. question to the user Ask_User {"question":"Do you mean your manager?"}')
    expect(user).toContain(`   answer: ${steps[1]?.content}`)
    expect(user).toContain('3. tool call Phone_Call [withdrawn] {"telephone":"13911112222"}')
    expect(user).toContain('4. tool call Phone_Call {"telephone":"13933334444"}')
    expect(user).toContain('5. reply to the user: I called your manager at 139 3333 4444.')
    expect(user).toContain('- r1 (3 points): criterion r1')
    expect(user).toContain('- r3 (-2 points): criterion r3')
    expect(user).not.toContain('criterion r2')
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(JSON.stringify(body.response_format.json_schema.schema)).toContain('"enum":["r1","r3"]')
  })

  it('says so when the attempt has no step, and marks a refused call', () => {
    const { task } = rubricTask()
    expect(judgeRequest(task, [], 'm').messages[1]?.content).toContain('(none: the attempt made no call and said nothing)')
    const refused = judgeRequest(task, [{ name: 'Phone_Call', arguments: '{"telephone": ', kind: 'execution', ok: false }], 'm')
    expect(refused.messages[1]?.content).toContain('1. tool call Phone_Call [refused] {"telephone": ')
  })
})

const GOOD = {
  items: [
    { id: 'r3', met: false, evidence: [], note: 'no fault' },
    { id: 'r1', met: true, evidence: [2, 5], note: 'asked first' },
  ],
}
const read = (text: string) => readJudgeAnswer(text, ['r1', 'r3'], 5)

describe("reading the judge's answer", () => {
  it('reads plain JSON, JSON in a ```json fence, and JSON after prose, in the rubric order', () => {
    const expected = { items: [GOOD.items[1], GOOD.items[0]] }
    expect(read(JSON.stringify(GOOD))).toEqual(expected)
    expect(read(`Sure.\n\`\`\`json\n${JSON.stringify(GOOD, null, 2)}\n\`\`\`\nHope this helps.`)).toEqual(expected)
    expect(read(`Here is my grade {as asked}:\n${JSON.stringify(GOOD)}`)).toEqual(expected)
    expect(read(JSON.stringify({ items: [{ ...GOOD.items[0], met: null }, GOOD.items[1]] }))).toEqual({ items: [GOOD.items[1], { ...GOOD.items[0], met: null }] })
  })

  it('finds nothing readable in prose, or in JSON followed by prose without a fence', () => {
    expect(read('The attempt was fine.')).toEqual({ problem: 'no JSON object in the answer' })
    expect(read(`${JSON.stringify(GOOD)}\nThat is all.`)).toEqual({ problem: 'no JSON object in the answer' })
    expect(read('[1, 2]')).toEqual({ problem: 'no JSON object in the answer' })
  })

  it('refuses unknown, missing and repeated items, wrong types, extra keys and steps the attempt does not have', () => {
    const [r3, r1] = GOOD.items as [(typeof GOOD.items)[0], (typeof GOOD.items)[0]]
    const problem = (items: unknown[]) => read(JSON.stringify({ items }))
    expect(problem([r1, r3, { ...r1, id: 'r9' }])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([r1])).toEqual({ problem: 'no grade for r3' })
    expect(problem([r1, r3, r1])).toEqual({ problem: 'item r1 is graded twice' })
    expect(problem([{ ...r1, met: 'yes' }, r3])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([{ ...r1, evidence: ['2'] }, r3])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([{ ...r1, evidence: [1.5] }, r3])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([{ id: 'r1', met: true, evidence: [] }, r3])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([{ ...r1, score: 3 }, r3])).toHaveProperty('problem', expect.stringContaining('schema'))
    expect(problem([{ ...r1, evidence: [0, 6] }, r3])).toHaveProperty('problem', expect.stringContaining('(0, 6; steps are 1 to 5)'))
  })
})

describe("the judge's grade", () => {
  it('names the model as an llm grader, carries the rubric hash and the clock, and marks an unread answer invalid with every item null', () => {
    const { task } = rubricTask()
    const at = new Date('2025-06-01T10:00:00Z')
    const items = [{ id: 'r1', met: true, evidence: [1], note: 'n' }, { id: 'r3', met: false, evidence: [], note: '' }]
    const good = judgeGrade({ task, attempt: 'a1', model: 'gpt-x', at, items })
    expect(good).toEqual({ task_id: task.id, attempt: 'a1', grader: { id: 'llm:gpt-x', kind: 'llm' }, items, at: '2025-06-01T10:00:00.000Z', rubric_hash: rubricHash(task) })
    expect(good.rubric_hash).toMatch(/^[0-9a-f]{64}$/)
    const unread = judgeGrade({ task, attempt: 'a1', model: 'gpt-x', at, items: undefined })
    expect(unread.invalid).toBe(true)
    expect(unread.items).toEqual([
      { id: 'r1', met: null, evidence: [], note: '' },
      { id: 'r3', met: null, evidence: [], note: '' },
    ])
  })
})

/** A grade of attempt `a<i>` of task T by `grader` with the items' met values. */
function gradeOf(grader: string, i: number, met: Record<string, boolean | null>, extra: Partial<Grade> = {}): Grade {
  const kind = grader.startsWith('llm:') ? 'llm' : 'human'
  const items = Object.entries(met).map(([id, value]) => ({ id, met: value, evidence: [], note: '' }))
  return { task_id: 'T', attempt: `a${i}`, grader: { id: grader, kind }, items, at: '2025-01-01T00:00:00Z', ...extra }
}

/** The truth of attempt i: r1 alternates, r2 is met on every third attempt. */
const truthOf = (i: number) => ({ r1: i % 2 === 0, r2: i % 3 === 0 })

/** Three people on `n` attempts: two always agree with the truth, the third flips r1 on every fifth attempt. */
function people(n: number): Grade[] {
  return Array.from({ length: n }, (_, i) => {
    const truth = truthOf(i)
    return [gradeOf('ann', i, truth), gradeOf('bo', i, truth), gradeOf('cy', i, { ...truth, r1: i % 5 === 0 ? !truth.r1 : truth.r1 })]
  }).flat()
}

const judgeOn = (n: number, verdict: (i: number) => Record<string, boolean | null>) => Array.from({ length: n }, (_, i) => gradeOf('llm:j', i, verdict(i)))

describe('checking the judge (its standing)', () => {
  it('is not eligible below 30 graded attempts, even agreeing perfectly', () => {
    const standing = judgeStanding({ people: people(29), judge: judgeOn(29, truthOf) })
    expect(standing).toMatchObject({ attempts: 29, needed: JUDGE_MIN_ATTEMPTS, items: 58, judgeF1: 1, eligible: false })
    expect(standing.peopleF1).toBeLessThan(1)
  })

  it('is eligible at 30 attempts when its F1 against the majority reaches the people pairwise F1', () => {
    const standing = judgeStanding({ people: people(30), judge: judgeOn(30, truthOf) })
    expect(standing).toMatchObject({ attempts: 30, items: 60, judgeF1: 1, invalid: 0, eligible: true })
    // ann–bo agree; each of them against cy differs on r1 of attempts 0, 5, …, 25.
    expect(standing.peopleF1).toBeGreaterThan(0.8)
  })

  it('is not eligible at 30 attempts when it agrees less than people do', () => {
    const sloppy = judgeOn(30, (i) => ({ ...truthOf(i), r2: i % 2 === 0 ? !truthOf(i).r2 : truthOf(i).r2 }))
    const standing = judgeStanding({ people: people(30), judge: sloppy })
    expect(standing.attempts).toBe(30)
    expect(standing.judgeF1).toBeLessThan(standing.peopleF1 ?? 0)
    expect(standing.eligible).toBe(false)
  })

  it("counts the judge's 'can't tell' as wrong, leaves out ties and invalid grades, and ignores stale grades", () => {
    const judge = judgeOn(30, (i) => ({ ...truthOf(i), r2: i === 0 ? null : truthOf(i).r2 }))
    const abstains = judgeStanding({ people: people(30), judge })
    expect(abstains.items).toBe(60)
    expect(abstains.judgeF1).toBeLessThan(1)
    // Two people who disagree on every r1: those items have no majority.
    const tied = Array.from({ length: 30 }, (_, i) => [gradeOf('ann', i, truthOf(i)), gradeOf('bo', i, { ...truthOf(i), r1: !truthOf(i).r1 })]).flat()
    expect(judgeStanding({ people: tied, judge: judgeOn(30, truthOf) })).toMatchObject({ attempts: 30, items: 30, judgeF1: 1 })
    // Invalid grades are counted apart and compared on nothing.
    const invalid = judgeOn(30, () => ({ r1: null, r2: null })).map((g, i) => (i < 2 ? { ...g, invalid: true } : g))
    const withInvalid = judgeStanding({ people: people(30), judge: [...judgeOn(30, truthOf).slice(2), ...invalid.slice(0, 2)] })
    expect(withInvalid).toMatchObject({ attempts: 28, invalid: 2, eligible: false })
    // Stale grades (another rubric's hash) are left out.
    const stale = judgeOn(30, truthOf).map((g) => ({ ...g, rubric_hash: 'old' }))
    const applies = (g: Grade) => g.rubric_hash === undefined || g.rubric_hash === 'now'
    expect(judgeStanding({ people: people(30), judge: stale, applies })).toMatchObject({ attempts: 0, judgeF1: null, eligible: false })
  })

  it('refuses the grades of two judges at once', () => {
    expect(() => judgeStanding({ people: people(2), judge: [...judgeOn(2, truthOf), gradeOf('llm:k', 0, truthOf(0))] })).toThrow(/2 judges/)
  })
})
