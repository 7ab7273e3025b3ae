import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analysisTables, analyze, loadDataset, parseResponses, rowOf, scoreResponses } from '../src/core/index'
import type { AnalysisRow, ToolSchema } from '../src/core/index'
import { curveKey, disagreements, errorCounts, failureCurves, liveAccuracies, liveTables } from '../src/core/analysis/live'
import type { AttemptRow, CallRow } from '../src/db'
import { storedResponseLines } from '../src/analysis/store'
import { ROOT, fixtureFiles } from './fixtures'
import { cliArgs } from './support/cli'

/**
 * The fixture data set with a Notes_Delete tool (deletes the note of that
 * title) and, on 推理1, live keys: the gold deletes the Shopping note and
 * (a fault in the task, on purpose) also accepts "shopping", which names no
 * note, so that the calls can be right while the state is wrong.
 */
function liveFiles(): Record<string, string> {
  const files = fixtureFiles()
  const lines = (files['input_data.jsonl'] ?? '').trim().split('\n')
  const first = JSON.parse(lines[0] ?? '{}')
  first.prompt_metadata = {
    answer: [{ name: 'Notes_Delete', arguments: { title: ['Shopping', 'shopping'] } }],
    free_params: [[]],
    expected_state: [{ app: 'notes', op: 'delete', where: { 标题: 'Shopping' } }],
  }
  const tools = JSON.parse(files['tools.json'] ?? '[]') as ToolSchema[]
  const tool = (name: string, effect?: unknown) => ({
    type: 'function',
    function: { name, description: '', parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }, ...(effect ? { 'x-effect': effect } : {}) },
  })
  tools.push(tool('Notes_Delete', { app: 'notes', op: 'delete', where: { 标题: 'title' } }) as ToolSchema, tool('Notes_Confirm') as ToolSchema)
  return { ...files, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n') + '\n', 'tools.json': JSON.stringify(tools) }
}

const dataset = loadDataset(liveFiles()).dataset
const live = { records: dataset.records, profile: dataset.profile }

const DELETE = { name: 'Notes_Delete', arguments: { title: 'Shopping' } }
const DELETE_NOTHING = { name: 'Notes_Delete', arguments: { title: 'shopping' } }
const CONFIRM = { name: 'Notes_Confirm', arguments: { title: 'Shopping' } }
const TEXTS = [
  { name: 'Messages_Send', arguments: { telephone: '13822419087', text: 'hi' } },
  { name: 'Messages_Send', arguments: { telephone: '13911112222', text: 'hi' } },
]

const jsonl = (lines: Record<string, unknown>[]) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n'
const m = (fields: Record<string, unknown>) => ({ model: 'M', setting: 'paginated', state: 'live', ...fields })

/**
 * Model M, live, 4 runs. On 推理1: run 0 right; run 1 calls right, state wrong
 * (deletes nothing); run 2 calls wrong (an extra call), state right; run 3 no
 * line. 多意图1 (no expected changes) is right in every run. Model N, live,
 * 1 run: calls right, state wrong on 推理1. Model F, static, 2 runs at p = 0
 * and 2 at p = 0.2.
 */
const RESPONSES = jsonl([
  m({ id: '推理1', run: 0, calls: [DELETE] }),
  m({ id: '推理1', run: 1, calls: [DELETE_NOTHING] }),
  m({ id: '推理1', run: 2, calls: [CONFIRM, DELETE] }),
  ...[0, 1, 2, 3].map((run) => m({ id: '多意图1', run, calls: TEXTS })),
  { id: '推理1', run: 0, model: 'N', setting: 'paginated', state: 'live', calls: [DELETE_NOTHING] },
  { id: '推理1', run: 0, model: 'F', calls: [DELETE] },
  { id: '多意图1', run: 0, model: 'F', calls: TEXTS },
  { id: '推理1', run: 1, model: 'F', calls: [DELETE] },
  { id: '推理1', run: 0, model: 'F', failure_rate: 0.2, seed: 1, calls: [DELETE] },
  { id: '推理1', run: 1, model: 'F', failure_rate: 0.2, seed: 1, calls: [CONFIRM] },
])

const rows = analyze(dataset.tasks, dataset.tools, parseResponses(RESPONSES).lines, live)
const byLabel = (label: string): AnalysisRow => {
  const row = rows.find((r) => r.label === label)
  if (!row) throw new Error(`no row ${label}: ${rows.map((r) => r.label).join(', ')}`)
  return row
}

describe('rows of live lines and of failure rates', () => {
  it('makes live lines and each failure rate rows of their own', () => {
    expect(rows.map((r) => [r.label, r.units, r.state ?? 'static', r.failureRate ?? 0])).toEqual([
      ['M · paginated · live', 4, 'live', 0],
      ['N · paginated · live', 1, 'live', 0],
      ['F · paginated', 2, 'static', 0],
      ['F · paginated · p=0.2', 2, 'static', 0.2],
    ])
  })

  it('leaves static lines as they were', () => {
    const line = parseResponses(JSON.stringify({ id: '推理1', run: 3, model: 'X', setting: 'full', calls: [] })).lines[0]
    expect(line && rowOf(line)).toEqual({ label: 'X · full', model: 'X', setting: 'full', unit: 'run 3' })
    // A rate of 0, or one that is not a probability, is no rate.
    for (const failure_rate of [0, -0.1, 1.5, '0.2', null]) {
      const odd = parseResponses(JSON.stringify({ id: '推理1', model: 'X', failure_rate, calls: [] })).lines[0]
      expect(odd && rowOf(odd).label).toBe('X · paginated')
    }
  })
})

describe('a run that opened live only the tasks that expect changes (--state auto)', () => {
  // Model A, run 0: 推理1 live (it expects a change), 多意图1 static, both right; run 1: 推理1 alone, live and wrong.
  const AUTO = jsonl([
    { id: '推理1', run: 0, model: 'A', state: 'live', calls: [DELETE] },
    { id: '多意图1', run: 0, model: 'A', calls: TEXTS },
    { id: '推理1', run: 1, model: 'A', state: 'live', calls: [DELETE_NOTHING] },
  ])
  const autoRows = analyze(dataset.tasks, dataset.tools, parseResponses(AUTO).lines, live)

  it('is one run of one row, scored as npm run score scores its lines', () => {
    expect(autoRows.map((r) => [r.label, r.units, r.state ?? 'static'])).toEqual([
      ['A · paginated', 1, 'static'],
      // A run whose every line is live is a live run.
      ['A · paginated · live', 1, 'live'],
    ])
    const run0 = parseResponses(AUTO).lines.filter((l) => l.run === 0)
    const { result } = scoreResponses(dataset.tasks, dataset.tools, run0, live)
    const row = autoRows[0]
    expect(row?.score.overall).toEqual(result.overall)
    expect(row?.score.per_run.map((r) => r.overall)).toEqual([100])
  })

  it('keeps the state verdicts of its live lines', () => {
    const [acc] = liveAccuracies([autoRows[0] as AnalysisRow])
    expect(acc?.stateTasks).toBe(1)
    expect(acc?.state.overall.mean).toBe(100)
    expect(autoRows[0]?.outcomes['推理1']?.[0]?.state).toEqual({ correct: true, errorType: null })
  })
})

describe('task, calls and state accuracy', () => {
  it('counts the three verdicts per run, per capability and overall', () => {
    const model = byLabel('M · paginated · live')
    // 推理1 by run: task ✓ ✗ ✗ ✗ (run 3: no response), calls ✓ ✓ ✗ ✗, state ✓ ✗ ✓ ✗.
    expect(model.score.per_run.map((r) => r.by_type['推理'])).toEqual([100, 0, 0, 0])
    const [acc] = liveAccuracies([model])
    expect(acc?.task.by_type['推理']?.mean).toBe(25)
    expect(acc?.calls.by_type['推理']?.mean).toBe(50)
    expect(acc?.state.by_type['推理']).toEqual({ mean: 50, std: 50 })
    // Overall: 多意图1 is right in every run and has no state verdict.
    expect(acc?.task.overall.mean).toBe(62.5)
    expect(acc?.calls.overall.mean).toBe(75)
    expect(acc?.state.overall).toEqual({ mean: 50, std: 50 })
    expect(acc?.state.by_type['多意图']).toBeUndefined()
    expect(acc?.stateTasks).toBe(1)
  })

  it('gives the same figures as npm run score on the row\'s own lines', () => {
    const mine = parseResponses(RESPONSES).lines.filter((l) => l.raw.model === 'M')
    const { result } = scoreResponses(dataset.tasks, dataset.tools, mine, live)
    const [acc] = liveAccuracies([byLabel('M · paginated · live')])
    expect(acc?.calls).toEqual(result.calls)
    expect(acc?.state).toEqual({ overall: result.state?.overall, by_type: result.state?.by_type })
  })

  it('keeps both verdicts on each unit\'s outcome', () => {
    expect(byLabel('M · paginated · live').outcomes['推理1']).toEqual([
      { unit: 'run 0', correct: true, errorType: null, calls: { correct: true, errorType: null }, state: { correct: true, errorType: null } },
      { unit: 'run 1', correct: false, errorType: 'other', calls: { correct: true, errorType: null }, state: { correct: false, errorType: 'missing_change' } },
      { unit: 'run 2', correct: false, errorType: 'wrong_count', calls: { correct: false, errorType: 'wrong_count' }, state: { correct: true, errorType: null } },
    ])
    // No state verdict on a task that expects no change, nor on a static row.
    expect(byLabel('M · paginated · live').outcomes['多意图1']?.[0]).toEqual({ unit: 'run 0', correct: true, errorType: null })
    expect(byLabel('F · paginated').outcomes['推理1']?.[0]).toEqual({ unit: 'run 0', correct: true, errorType: null })
  })

  it('has no live accuracy for static rows', () => {
    expect(liveAccuracies(rows).map((l) => l.row.label)).toEqual(['M · paginated · live', 'N · paginated · live'])
  })
})

describe('tasks where the calls and the state disagree', () => {
  it('lists each task and direction with its count, the units that had both verdicts, and the error types', () => {
    expect(disagreements(rows, dataset.tasks)).toEqual([
      {
        taskId: '推理1',
        type: '推理',
        kind: 'calls_only',
        count: 2,
        of: 4,
        callsErrors: {},
        stateErrors: { missing_change: 2 },
        rows: ['M · paginated · live', 'N · paginated · live'],
      },
      { taskId: '推理1', type: '推理', kind: 'state_only', count: 1, of: 4, callsErrors: { wrong_count: 1 }, stateErrors: {}, rows: ['M · paginated · live'] },
    ])
  })

  it('is empty where the verdicts agree', () => {
    expect(disagreements([byLabel('F · paginated')], dataset.tasks)).toEqual([])
  })

  it('puts the most frequent first, then the data set\'s order', () => {
    const outcome = (calls: boolean, state: boolean) => ({ unit: 'u', correct: calls && state, errorType: null, calls: { correct: calls, errorType: calls ? null : 'wrong_value' }, state: { correct: state, errorType: state ? null : 'wrong_change' } })
    const row = (label: string, outcomes: AnalysisRow['outcomes']) => ({ ...byLabel('M · paginated · live'), label, outcomes })
    const list = disagreements(
      [row('a', { 多意图1: [outcome(false, true)], 推理1: [outcome(true, false)] }), row('b', { 多意图1: [outcome(false, true), outcome(true, true)] })],
      dataset.tasks,
    )
    expect(list.map((d) => [d.taskId, d.kind, d.count, d.of, d.rows])).toEqual([
      ['多意图1', 'state_only', 2, 3, ['a', 'b']],
      ['推理1', 'calls_only', 1, 1, ['a']],
    ])
  })

  it('writes error counts most first', () => {
    expect(errorCounts({ wrong_change: 1, collateral_change: 3 })).toBe('collateral_change ×3, wrong_change')
    expect(errorCounts({})).toBe('')
  })
})

describe('accuracy against the failure rate', () => {
  it('makes one curve per model and setting run at some p above 0, with mean ± std over repeats at each p', () => {
    const { rates, curves } = failureCurves(rows)
    expect(rates).toEqual([0, 0.2])
    // p = 0: run 0 both tasks (100), run 1 推理1 only (50); p = 0.2: run 0 推理1 (50), run 1 none (0).
    expect(curves).toEqual([
      {
        key: 'F · paginated',
        model: 'F',
        setting: 'paginated',
        points: [
          { p: 0, mean: 75, std: 25, units: 2, label: 'F · paginated' },
          { p: 0.2, mean: 25, std: 25, units: 2, label: 'F · paginated · p=0.2' },
        ],
      },
    ])
    expect(curveKey(byLabel('F · paginated · p=0.2'))).toBe('F · paginated')
  })

  it('has no curve without a failure rate', () => {
    expect(failureCurves(rows.filter((r) => !r.failureRate)).curves).toEqual([])
  })
})

describe('the live tables of npm run analyze', () => {
  it('adds nothing when nothing is live', () => {
    const plain = rows.filter((r) => !r.state && !r.failureRate)
    expect(liveTables(plain, dataset.tasks)).toEqual([])
    expect(analysisTables(plain, dataset.tasks).map((t) => t.name)).toEqual(['table2', 'by_setting', 'error_types', 'retrievals', 'retrieval_modes', 'per_task'])
  })

  it('adds the accuracy, disagreement and failure-rate tables', () => {
    const tables = liveTables(rows, dataset.tasks)
    expect(tables.map((t) => t.name)).toEqual(['live_accuracy', 'disagreements', 'failure_rate'])
    const [accuracy, disagree, failure] = tables
    expect(accuracy?.rows[0]).toEqual(['row', 'runs or people', 'verdict', 'tasks', 'Reasoning 推理', 'Multi-intent 多意图', 'Overall'])
    expect(accuracy?.rows.slice(1, 4)).toEqual([
      ['M · paginated · live', '4', 'task', '2', '25.0 ± 43.3', '100.0 ± 0.0', '62.5 ± 21.7'],
      ['M · paginated · live', '4', 'calls', '2', '50.0 ± 50.0', '100.0 ± 0.0', '75.0 ± 25.0'],
      ['M · paginated · live', '4', 'state', '1', '50.0 ± 50.0', '—', '50.0 ± 50.0'],
    ])
    expect(disagree?.rows.slice(1)).toEqual([
      ['推理1', '推理', 'calls', '2/4', '—', 'missing_change ×2', 'M · paginated · live; N · paginated · live'],
      ['推理1', '推理', 'state', '1/4', 'wrong_count', '—', 'M · paginated · live'],
    ])
    expect(failure?.rows).toEqual([
      ['row', 'p=0', 'p=0.2'],
      ['F · paginated', '75.0 ± 25.0 (n=2)', '25.0 ± 25.0 (n=2)'],
    ])
  })
})

describe('stored attempts as response lines', () => {
  const attempt = (id: string, change: Partial<AttemptRow>): AttemptRow => ({
    id,
    datasetId: 'd',
    taskId: '推理1',
    access: 'paginated',
    actor: 'ann',
    started: 0,
    elapsedMs: 0,
    finished: true,
    screen: '',
    callCount: 1,
    ...change,
  })
  const call = (attemptId: string): CallRow => ({ attemptId, seq: 0, at: 0, name: 'Notes_Delete', arguments: { title: 'Shopping' }, source: 'api', kind: 'execution', ok: true, content: '' })

  it('say live and the run\'s failure rate, so that they are scored and grouped as such', () => {
    const rowsIn = [
      attempt('a', { state: 'live', failure: { rate: 0.3, seed: 7 }, run: { id: 'r', repeat: 2, model: 'M' } }),
      attempt('b', { actor: 'bob' }),
    ]
    const lines = storedResponseLines(rowsIn, new Map(rowsIn.map((r) => [r.id, [call(r.id)]])), dataset.tasks)
    const byAttempt = new Map(lines.map((l) => [l.raw.attempt, l]))
    expect(byAttempt.get('a')?.raw).toMatchObject({ state: 'live', failure_rate: 0.3, seed: 7, model: 'M', run: 2 })
    expect(byAttempt.get('b')?.raw.state).toBeUndefined()
    expect(byAttempt.get('b')?.raw.failure_rate).toBeUndefined()
    const analysed = analyze(dataset.tasks, dataset.tools, lines, live)
    expect(analysed.map((r) => r.label)).toEqual(['M · paginated · live · p=0.3', 'people · paginated'])
    expect(analysed[0]?.outcomes['推理1']?.[0]?.state).toEqual({ correct: true, errorType: null })
  })

  it('of a page run that opened live only the task that expects changes: one row, as the run card scores it', () => {
    const run = { id: 'r', repeat: 0, model: 'A' }
    const rowsIn = [attempt('live', { state: 'live', run }), attempt('static', { taskId: '多意图1', run })]
    const calls = new Map<string, CallRow[]>([
      ['live', [call('live')]],
      ['static', TEXTS.map((c, seq) => ({ ...call('static'), seq, name: c.name, arguments: c.arguments }))],
    ])
    const analysed = analyze(dataset.tasks, dataset.tools, storedResponseLines(rowsIn, calls, dataset.tasks), live)
    expect(analysed.map((r) => [r.label, r.units, r.score.per_run.map((p) => p.by_type['推理'] ?? null)])).toEqual([['A · paginated', 1, [100]]])
    expect(analysed[0]?.outcomes['推理1']?.[0]?.state).toEqual({ correct: true, errorType: null })
  })
})

describe('npm run analyze with live lines', () => {
  it('reads the records beside the input data and prints the live tables; a static file prints none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-analyze-'))
    for (const [name, text] of Object.entries(liveFiles())) writeFileSync(join(dir, name), text)
    writeFileSync(join(dir, 'r.jsonl'), RESPONSES)
    const run = (file: string, out: string) =>
      spawnSync(process.execPath, [...cliArgs('cli/analyze.ts'), '--input_data', join(dir, 'input_data.jsonl'), '--out', join(dir, out), join(dir, file)], { cwd: ROOT, encoding: 'utf8' })
    const r = run('r.jsonl', 'live')
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('Task, calls and state accuracy')
    expect(r.stdout).toMatch(/M · paginated · live\s+4\s+state\s+1\s+50\.0 ± 50\.0/)
    expect(r.stdout).toMatch(/推理1\s+推理\s+calls\s+2\/4/)
    expect(readFileSync(join(dir, 'live', 'failure_rate.csv'), 'utf8')).toBe('row,p=0,p=0.2\r\nF · paginated,75.0 ± 25.0 (n=2),25.0 ± 25.0 (n=2)\r\n')
    expect(r.stdout).toContain('Wrote table2.csv, by_setting.csv, error_types.csv, retrievals.csv, retrieval_modes.csv, per_task.csv, live_accuracy.csv, disagreements.csv, failure_rate.csv')

    writeFileSync(join(dir, 's.jsonl'), jsonl([{ id: '推理1', run: 0, model: 'S', calls: [DELETE] }]))
    const s = run('s.jsonl', 'static')
    expect(s.status).toBe(0)
    expect(s.stdout).not.toContain('state')
    expect(s.stdout).toContain('Wrote table2.csv, by_setting.csv, error_types.csv, retrievals.csv, retrieval_modes.csv, per_task.csv to ')
  })
})
