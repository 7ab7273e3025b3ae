// One owner for the verdict (#24), as a property: for random attempts, revisions, seals and imports, the verdict the
// page stores is what `npm run score` gives on the page's own export, and the export's result.json and details.jsonl
// are that command's files byte for byte.
import 'fake-indexeddb/auto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreTexts } from '../cli/scoring'
import { Attempt, IssueList, isRetrievalToolName, judgeAttempt, loadDataset, parseProfile, parseRecordsDb } from '../src/core/index'
import type { Dataset, GoldCall, Task, ToolSchema } from '../src/core/index'
import { MIN_ITERATIONS, sealDataset } from '../src/core/seal'
import {
  IndexedDbSink,
  SpievalDatabase,
  datasetAttempts,
  
  exportDataset,
  importAttempts,
  importDataset,
  readStoredDataset,
  saveTaskRevision,
  unsealStoredDataset,
} from '../src/db/index'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const folder = (dir: string) => Object.fromEntries(NAMES.filter((name) => existsSync(join(dir, name))).map((name) => [name, readFileSync(join(dir, name), 'utf8')]))
const LIVE_DIR = join(ROOT, 'public/data-live')
const SOURCES = { sample: folder(SAMPLE_DIR), ...(existsSync(LIVE_DIR) ? { live: folder(LIVE_DIR) } : {}) } as Record<'sample' | 'live', Record<string, string>>
const KINDS = Object.keys(SOURCES) as ('sample' | 'live')[]
const DATASETS = new Map(KINDS.map((kind) => [kind, loadDataset(SOURCES[kind]).dataset]))
const PASSPHRASE = 'correct horse battery staple'
const WRONG = 'zzz-not-the-gold'
/** A few tasks each (with gold), so that attempts meet again at one task. */
const TASKS_PER_SET = 2

type CallPlan = { kind: 'gold' | 'wrong'; gold: number } | { kind: 'retrieval' } | { kind: 'withdraw'; which: number }
interface AttemptPlan {
  task: number
  live: boolean
  failure: boolean
  finished: boolean
  calls: CallPlan[]
}
interface RevisionPlan {
  task: number
  op: 'addValue' | 'replaceValue' | 'addFriction' | 'dropFriction'
}
interface Scenario {
  kind: 'sample' | 'live'
  sealed: boolean
  attempts: AttemptPlan[]
  revisions: RevisionPlan[]
  reimport: boolean
}

// Mostly gold calls, so that verdicts are often right and a revision has something to turn.
const callPlan: fc.Arbitrary<CallPlan> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('gold' as const), gold: fc.nat(3) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('wrong' as const), gold: fc.nat(3) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'retrieval' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), which: fc.nat(4) }), weight: 1 },
)
const scenario: fc.Arbitrary<Scenario> = fc.record({
  kind: fc.constantFrom(...KINDS),
  sealed: fc.boolean(),
  attempts: fc.array(
    fc.record({ task: fc.nat(TASKS_PER_SET - 1), live: fc.boolean(), failure: fc.boolean(), finished: fc.boolean(), calls: fc.array(callPlan, { maxLength: 5 }) }),
    { minLength: 1, maxLength: 5 },
  ),
  revisions: fc.array(fc.record({ task: fc.nat(TASKS_PER_SET - 1), op: fc.constantFrom('addValue' as const, 'replaceValue' as const, 'addFriction' as const, 'dropFriction' as const) }), {
    maxLength: 3,
  }),
  reimport: fc.boolean(),
})

/** The tasks attempts are made at: in a live data set those that expect changes first (their state is judged too). */
function chosenTasks(dataset: Dataset): Task[] {
  const gold = dataset.tasks.filter((t) => t.answer.length > 0)
  return [...gold.filter((t) => t.live?.expectedState), ...gold.filter((t) => !t.live?.expectedState)].slice(0, TASKS_PER_SET)
}

/** The gold's first acceptable values, with every required parameter it leaves free filled in. */
function goldCall(call: GoldCall, tools: readonly ToolSchema[]): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [param, values] of Object.entries(call.arguments)) if (values[0] !== null && values[0] !== undefined) args[param] = values[0]
  const parameters = tools.find((t) => t.function.name === call.name)?.function.parameters
  for (const name of parameters?.required ?? []) if (!Object.hasOwn(args, name)) args[name] = 'x'
  return args
}

function wrongCall(call: GoldCall, tools: readonly ToolSchema[]): Record<string, unknown> {
  const args = goldCall(call, tools)
  const first = Object.keys(call.arguments)[0]
  if (first !== undefined) args[first] = WRONG
  return args
}

let n = 0

/** Makes the attempts as the page does: through the kernel into IndexedDB, each by its own person (so each is its own run in the export). */
async function play(db: SpievalDatabase, datasetId: string, original: Dataset, plans: readonly AttemptPlan[], sealed: boolean): Promise<void> {
  const stored = await readStoredDataset(datasetId, db)
  if (!stored) throw new Error('no data set')
  const tasks = chosenTasks(original)
  const retrieval = stored.row.tools.find((t) => isRetrievalToolName(t.function.name))?.function.name ?? 'search_contacts'
  for (const [i, plan] of plans.entries()) {
    const gold = tasks[plan.task % tasks.length] as Task
    const task = stored.tasks.find((t) => t.id === gold.id) as Task
    const sink = new IndexedDbSink({ db, datasetId, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000 })
    const attempt = await Attempt.open({
      task,
      tools: stored.row.tools,
      records: stored.records[task.id] ?? {},
      profile: stored.row.profile,
      setting: 'full',
      ...(plan.live ? { state: 'live' as const } : {}),
      ...(plan.failure ? { failure: { rate: 0.5, seed: i } } : {}),
      ...(sealed ? { sealed: true } : {}),
      actor: `person ${String(i).padStart(2, '0')}`,
      sink,
    })
    for (const call of plan.calls) {
      if (call.kind === 'withdraw') await attempt.withdraw(call.which % Math.max(1, attempt.trajectory().length))
      else if (call.kind === 'retrieval') await attempt.call(retrieval, { pattern: 'a' }, 'ui')
      else {
        const answer = gold.answer[call.gold % gold.answer.length] as GoldCall
        await attempt.call(answer.name, call.kind === 'gold' ? goldCall(answer, stored.row.tools) : wrongCall(answer, stored.row.tools), 'ui')
      }
    }
    if (plan.finished) await attempt.finish()
    attempt.close()
  }
}

/** A revision as the editor saves one, through the re-scoring service. */
async function revise(db: SpievalDatabase, datasetId: string, original: Dataset, plan: RevisionPlan): Promise<void> {
  const stored = await readStoredDataset(datasetId, db)
  const id = chosenTasks(original)[plan.task % TASKS_PER_SET]?.id
  const task = structuredClone(stored?.tasks.find((t) => t.id === id))
  const call = task?.answer[0]
  if (!stored || !task || !call) return
  const param = Object.keys(call.arguments)[0]
  if (plan.op === 'addValue' && param !== undefined) call.arguments[param] = [...(call.arguments[param] ?? []), WRONG]
  if (plan.op === 'replaceValue' && param !== undefined) call.arguments[param] = [WRONG]
  if (plan.op === 'addFriction') task.live = { ...task.live, friction: [{ tool: call.name, on: [1], error: 'The service is busy, try again.' }] }
  if (plan.op === 'dropFriction' && task.live?.friction) {
    const { friction: _friction, ...live } = task.live
    task.live = live
  }
  await saveTaskRevision(datasetId, { task, records: stored.records[task.id] ?? {} }, { author: 'carol', replaces: task.id }, judgeAttempt, db)
}

/** The property: every stored verdict is what `npm run score` (in process) gives the page's export, whose result files are that command's. */
async function expectOneVerdict(db: SpievalDatabase, datasetId: string): Promise<void> {
  const exported = await exportAttempts(datasetId, {}, db)
  const files = await exportDataset(datasetId, db)
  if (!files) throw new Error('no data set')
  const scored = scoreTexts({ inputData: files['input_data.jsonl'] ?? '', responses: exported.files['response.jsonl'] ?? '', tools: files['tools.json'] ?? '' }, () => {
    const issues = new IssueList()
    return { records: parseRecordsDb(files['records_db.json'] ?? '{}', issues), profile: parseProfile(files['profile.json'], issues) }
  })
  expect(scored.issues).toEqual([])
  expect(exported.files['result.json']).toBe(scored.result)
  expect(exported.files['details.jsonl']).toBe([...scored.scores.detailTexts()].map((line) => `${line}\n`).join(''))
  const details = [...scored.scores.details()]
  const runOf = new Map(scored.lines.map((line) => [line.raw.attempt, line.run]))
  for (const attempt of await datasetAttempts(datasetId, db)) {
    if (!attempt.finished || !attempt.verdict) continue
    const line = details.find((d) => d.run === runOf.get(attempt.id) && d.id === attempt.taskId)
    const { verdict } = attempt
    expect({ attempt: attempt.id, correct: line?.correct, errorType: line?.error_type, state: line?.state_correct }).toEqual({
      attempt: attempt.id,
      correct: verdict.correct,
      errorType: verdict.errorType,
      state: verdict.state?.correct,
    })
  }
}

describe('the stored verdict', () => {
  it('is what npm run score gives on the page’s own export, through attempts, revisions, seal and unseal, export and import', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const original = DATASETS.get(s.kind) as Dataset
        const files = SOURCES[s.kind]
        const db = new SpievalDatabase(`verdict-properties-${n++}`)
        const given = s.sealed ? await sealDataset(files, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS }) : files
        const row = await importDataset(given, { name: s.kind, source: 'files' }, db)
        await play(db, row.id, original, s.attempts, s.sealed)
        if (s.sealed) await unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)
        for (const revision of s.revisions) await revise(db, row.id, original, revision)
        await expectOneVerdict(db, row.id)
        if (s.reimport) {
          // Into a fresh copy of the data set as published: the verdicts are judged against its tasks.
          const target = new SpievalDatabase(`verdict-properties-${n++}`)
          const fresh = await importDataset(files, { name: s.kind, source: 'files' }, target)
          const exported = await exportAttempts(row.id, {}, db)
          await importAttempts(fresh.id, exported.files, exported.fileName, judgeAttempt, target)
          await expectOneVerdict(target, fresh.id)
          target.close()
        }
        db.close()
      }),
      { numRuns: 40 },
    )
  }, 300_000)
})
