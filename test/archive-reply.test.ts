// A response line's replies to the user survive an import (#28): readArchive makes each assistant message without tool
// calls a reply step, as the scorer reads a line (src/core/results/lineTrajectory.ts), so that a rubric's `said` gives
// the same verdict after export → import, and a page export's seqs (failed, withdrawn) still name the right steps.
import { describe, expect, it } from 'vitest'
import { judgeContext, loadDataset, responseLine } from '../src/core/index'
import type { Dataset, Task, TrajectoryStep } from '../src/core/index'
import { readArchive } from '../src/core/archive/index'
import type { ArchivedAttempt } from '../src/core/archive/index'
import { judgeAttempt } from '../src/core/verdict/index'
import { scoreTexts } from '../cli/scoring'
import { rubricFiles, rubricOf } from './support/rubricFixture'
import type { ItemSpec } from './support/rubricFixture'
import { openPlannerAttempt } from './support/plannerAttempt'

type Call = [name: string, args: Record<string, unknown>]
type Step = Call | { say: string } | { withdraw: number }

const RIGHT: Call = ['Phone_Call', { telephone: '13933334444' }]
const WRONG: Call = ['Phone_Call', { telephone: '13911112222' }]
const say = (text: string): Step => ({ say: text })

/** 推理1 judged by its rubric: the right call and telling the user about Rachel, every point needed. */
const ITEMS: ItemSpec[] = [
  { id: 'call', points: 3, auto: { kind: 'called', tool: 'Phone_Call', args: { telephone: '13933334444' } } },
  { id: 'told', points: 1, auto: { kind: 'said', all: ['Rachel'] } },
]
const FILES = rubricFiles({ rubric: rubricOf(ITEMS, { min_score: 1 }) })

function world(): Dataset {
  const { dataset, warnings } = loadDataset(FILES)
  expect(warnings).toEqual([])
  return dataset
}
const taskOf = (dataset: Dataset): Task => dataset.tasks[0] as Task

/** A person's attempt through the page's kernel, finished: its verdict and steps. */
async function played(dataset: Dataset, steps: Step[]) {
  const attempt = await openPlannerAttempt(dataset, taskOf(dataset))
  for (const step of steps) {
    if (Array.isArray(step)) await attempt.call(step[0], step[1], 'ui')
    else if ('say' in step) await attempt.reply(step.say, 'ui')
    else expect(await attempt.withdraw(step.withdraw)).toBeDefined()
  }
  const verdict = await attempt.finish()
  return { verdict, steps: [...attempt.trajectory()] }
}

/** The page's response line for a person's steps (the export of response.jsonl), imported again. */
function roundTrip(dataset: Dataset, steps: readonly TrajectoryStep[], keep: 'both' | 'messages' = 'both'): ArchivedAttempt {
  const line = responseLine({ taskId: taskOf(dataset).id, run: 0, actor: 'Ann', setting: 'paginated', instruction: taskOf(dataset).instruction, steps, finished: true })
  if (keep === 'messages') delete line.calls
  const { attempts, issues } = readArchive({ 'response.jsonl': JSON.stringify(line) + '\n' })
  expect(issues).toEqual([])
  expect(attempts).toHaveLength(1)
  return attempts[0] as ArchivedAttempt
}

/** The verdict the page stores for an imported attempt, through either path: the kernel's (with the data set's skills) or the checked steps'. */
async function judged(dataset: Dataset, attempt: ArchivedAttempt, kernel: boolean) {
  const task = taskOf(dataset)
  const context = judgeContext(kernel ? dataset : { ...dataset, skills: undefined })
  const { verdict, steps } = await judgeAttempt(attempt, { task, records: dataset.records[task.id] ?? {}, fingerprint: 'f' }, context)
  return { verdict: verdict ? { correct: verdict.correct, errorType: verdict.errorType } : undefined, steps }
}

const shape = (steps: readonly Pick<TrajectoryStep, 'seq' | 'name' | 'kind' | 'ok' | 'arguments' | 'withdrawn'>[]) =>
  steps.map((s) => ({ seq: s.seq, name: s.name, kind: s.kind, ok: s.ok, withdrawn: s.withdrawn === true, ...(s.kind === 'reply' ? { said: s.arguments } : {}) }))

describe('a response line’s replies, exported and imported again', () => {
  it('come back as reply steps, so the rubric’s `said` gives the same verdict as at the finish', async () => {
    const dataset = world()
    const { verdict, steps } = await played(dataset, [RIGHT, say('Calling Rachel now.')])
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    for (const keep of ['both', 'messages'] as const) {
      const attempt = roundTrip(dataset, steps, keep)
      expect(attempt.steps.filter((s) => s.kind === 'reply').map((s) => s.arguments)).toEqual([{ text: 'Calling Rachel now.' }])
      for (const kernel of [true, false]) {
        const again = await judged(dataset, attempt, kernel)
        expect(again.verdict, `${keep}, ${kernel ? 'kernel' : 'checked steps'}`).toEqual({ correct: true, errorType: null })
        expect(again.steps.filter((s) => s.kind === 'reply')).toHaveLength(1)
      }
    }
  })

  it('say nothing when the attempt said nothing: the rubric fails after the import as at the finish', async () => {
    const dataset = world()
    const { verdict, steps } = await played(dataset, [RIGHT])
    expect(verdict).toMatchObject({ correct: false, errorType: 'rubric_failed' })
    for (const kernel of [true, false]) expect((await judged(dataset, roundTrip(dataset, steps), kernel)).verdict).toEqual({ correct: false, errorType: 'rubric_failed' })
  })

  it('keep their place among the calls: the export’s seqs of withdrawn and failed calls name the same steps', async () => {
    const dataset = world()
    // A reply between calls, then a wrong call taken back and a call the runtime refuses.
    const { verdict, steps } = await played(dataset, [say('Looking for Rachel.'), WRONG, { withdraw: 1 }, RIGHT, ['Phone_Call', {}], say('Calling Rachel now.')])
    expect(verdict).toMatchObject({ correct: true, errorType: null })
    const attempt = roundTrip(dataset, steps)
    expect(shape(attempt.steps)).toEqual(shape(steps))
    for (const kernel of [true, false]) expect((await judged(dataset, attempt, kernel)).verdict).toEqual({ correct: true, errorType: null })
  })

  it('agree with npm run score on a line from elsewhere (OpenAI messages only): the last assistant message is the reply, text beside tool calls is not', async () => {
    const dataset = world()
    const call = (id: string, [name, args]: Call, content: string | null = null) => ({ role: 'assistant', content, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] })
    const answer = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'ok' })
    const base = [{ role: 'user', content: 'Call my manager' }, call('c1', RIGHT, 'Rachel, I think.'), answer('c1')]
    const lines = [
      { id: '推理1', model: 'm', messages: [...base, { role: 'assistant', content: [{ type: 'text', text: 'Calling Rachel now.' }] }] },
      // A part of another type with text (the Responses API's `output_text`) is read as text by both, or by neither.
      { id: '推理1', model: 'm', messages: [...base, { role: 'assistant', content: [{ type: 'output_text', text: 'Calling Rachel now.' }] }] },
      { id: '推理1', model: 'm', messages: base },
    ]
    for (const line of lines) {
      const text = JSON.stringify(line) + '\n'
      const { scores } = scoreTexts({ inputData: FILES['input_data.jsonl'] ?? '', tools: FILES['tools.json'] ?? '', responses: text }, () => ({ records: dataset.records, profile: dataset.profile }))
      const [detail] = [...scores.details()]
      const [attempt] = readArchive({ 'r.jsonl': text }).attempts
      if (!attempt) throw new Error('the line was not read')
      for (const kernel of [true, false]) expect((await judged(dataset, attempt, kernel)).verdict).toEqual({ correct: detail?.correct, errorType: detail?.error_type })
    }
  })
})
