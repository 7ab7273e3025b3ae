// npm run score --grades (#29) on the planner sample: basic-6 (agent_behavior; r4 and r5 graded by people, graders.min
// 2) answered so that its automatic items leave it open, then decided by grades: pending, correct or rubric_failed as
// grades come; a stale grade ignored; an adjudicator first; an LLM judge as --judge says; each line by its attempt key.
// And the same decisions through the one scorer in-process, for a line whose attempt keeps a verdict (the page's).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { gradeLines, loadDataset, readArchive, rubricHash, scoreResponses, parseResponses } from '../src/core/index'
import type { AttemptVerdict, DetailLine, Grade, GraderKind, GraderRole, Task } from '../src/core/index'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'

const FOLDER = join(ROOT, 'public/data-planner')
const INPUT = join(FOLDER, 'input_data.jsonl')
const TASK_ID = 'basic-6'

/**
 * Calls Tom Becker, then asks which Tom: r1 (asked) and r3 (the right call) are met, r2 (asked first) is not, so
 * the automatic items give 6 of 10 points; r4 and r5 (a point each, people's) decide between 0.8 (passes) and less.
 */
const CALL_THEN_ASK = [
  { name: 'Phone_Call', arguments: { telephone: '13655208731' } },
  { name: 'Ask_User', arguments: { question: 'Did you mean Tom Becker or Tom Reyes?' } },
]
/** Run 0 has no attempt id (graded as run:0); run 1 is attempt a-7. */
const LINES = [
  { id: TASK_ID, run: 0, calls: CALL_THEN_ASK },
  { id: TASK_ID, run: 1, attempt: 'a-7', calls: CALL_THEN_ASK },
]

const dir = mkdtempSync(join(tmpdir(), 'score-grades-'))
const RESPONSES = join(dir, 'responses.jsonl')
writeFileSync(RESPONSES, LINES.map((l) => JSON.stringify(l)).join('\n'))

const loaded = loadDataset(Object.fromEntries(['input_data.jsonl', 'tools.json', 'records_db.json', 'profile.json', 'skills.json', 'agents.json'].map((f) => [f, readFileSync(join(FOLDER, f), 'utf8')])))
const TASK = loaded.dataset.tasks.find((t) => t.id === TASK_ID) as Task
const HASH = rubricHash(TASK) ?? ''

let clock = 0
/** A grade of basic-6's r4 and r5; each a minute after the one made before. */
function grade(id: string, r4: boolean | null, r5: boolean | null, extra: { kind?: GraderKind; role?: GraderRole; attempt?: string; rubric_hash?: string } = {}): Grade {
  const { kind = 'human', role, attempt = 'run:0', ...rest } = extra
  clock++
  return {
    task_id: TASK_ID,
    attempt,
    grader: { id, kind, ...(role ? { role } : {}) },
    items: [
      { id: 'r4', met: r4, evidence: [2], note: '' },
      { id: 'r5', met: r5, evidence: [], note: '' },
    ],
    at: new Date(Date.UTC(2026, 2, 1, 9, clock)).toISOString(),
    rubric_hash: HASH,
    ...rest,
  }
}

let files = 0
/** A grades file holding these grades (or this text). */
function gradesFile(grades: Grade[] | string): string {
  const path = join(dir, `grades-${++files}.jsonl`)
  writeFileSync(path, typeof grades === 'string' ? grades : gradeLines(grades))
  return path
}

/** npm run score over the two lines with these grades files (and flags): exit code, stderr and basic-6's details by run. */
function score(gradeFiles: string[], flags: string[] = []) {
  const out = join(dir, `result-${++files}.json`)
  const args = ['--input_data', INPUT, '--input_response_data', RESPONSES, '--output_file', out, ...gradeFiles.flatMap((f) => ['--grades', f]), ...flags]
  const r = spawnSync(process.execPath, [...cliArgs('cli/score.ts'), ...args], { cwd: ROOT, encoding: 'utf8' })
  const detailsPath = out.replace(/\.json$/, '.details.jsonl')
  const details = r.status === 0 ? readFileSync(detailsPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as DetailLine) : []
  const runs = details.filter((d) => d.id === TASK_ID)
  return { code: r.status, stderr: r.stderr, run0: runs[0], run1: runs[1] }
}

const graded = (line: DetailLine | undefined, id: string) => line?.rubric_graded?.find((item) => item.id === id)

describe('npm run score --grades on the planner sample', () => {
  it('without grades, the open rubric is rubric_pending and the details are as before', () => {
    const { code, stderr, run0 } = score([])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(run0).toMatchObject({ correct: false, error_type: 'rubric_pending', rubric_score: 0.6, rubric_pending: ['r4', 'r5'] })
    expect(run0).not.toHaveProperty('rubric_graded')
  })

  it('pending until graders.min people agree, then correct or rubric_failed; each line by its attempt key', () => {
    const one = score([gradesFile([grade('ann', true, true)])])
    expect(one.run0).toMatchObject({ error_type: 'rubric_pending', rubric_pending: ['r4', 'r5'] })
    expect(one.stderr).toContain('Grades: 1 of the attempts scored read')

    const agreed = score([gradesFile([grade('ann', true, true), grade('bob', true, true)])])
    expect(agreed.code).toBe(0)
    expect(agreed.run0).toMatchObject({ correct: true, error_type: null, rubric_score: 0.8, rubric_pending: [] })
    expect(agreed.run0?.rubric_graded).toEqual([
      { id: 'r1', for: 0, against: 0, decided_by: 'auto' },
      { id: 'r2', for: 0, against: 0, decided_by: 'auto' },
      { id: 'r3', for: 0, against: 0, decided_by: 'auto' },
      { id: 'r4', for: 2, against: 0, decided_by: 'people' },
      { id: 'r5', for: 2, against: 0, decided_by: 'people' },
    ])
    // Run 1 is attempt a-7: the grades of run:0 are not its.
    expect(agreed.run1).toMatchObject({ error_type: 'rubric_pending' })

    const failed = score([gradesFile([grade('ann', true, false), grade('bob', true, false)]), gradesFile([grade('cy', true, true, { attempt: 'a-7' }), grade('dee', true, true, { attempt: 'a-7' })])])
    expect(failed.run0).toMatchObject({ correct: false, error_type: 'rubric_failed', rubric_score: 0.7, rubric_pending: [] })
    expect(failed.run1).toMatchObject({ correct: true, error_type: null })
  })

  it('knows a line without an attempt key by the id an import into the page gave it, as the page’s grades name it', () => {
    const [imported] = readArchive({ 'response.jsonl': readFileSync(RESPONSES, 'utf8') }).attempts
    expect(imported?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8/)
    const id = imported?.id ?? ''
    const byImportId = score([gradesFile([grade('ann', true, true, { attempt: id }), grade('bob', true, true, { attempt: id })])])
    expect(byImportId.run0).toMatchObject({ correct: true, error_type: null, rubric_pending: [] })
    expect(byImportId.stderr).toContain('Grades: 2 of the attempts scored read')
    // One vote by each name is still one attempt's grades: ann by the import's id, bob by run:0.
    const mixed = score([gradesFile([grade('ann', true, false, { attempt: id }), grade('bob', true, false)])])
    expect(mixed.run0).toMatchObject({ error_type: 'rubric_failed', rubric_pending: [] })
    // The line with an attempt key is known by it alone.
    expect(mixed.run1).toMatchObject({ error_type: 'rubric_pending' })
  })

  it('ignores a stale grade (another rubric hash) and says so; a grade without a hash applies', () => {
    const { rubric_hash: _hash, ...unhashed } = grade('bob', true, true)
    const stale = score([gradesFile([grade('ann', true, true, { rubric_hash: 'f'.repeat(64) }), unhashed])])
    expect(stale.run0).toMatchObject({ error_type: 'rubric_pending' })
    expect(graded(stale.run0, 'r4')).toEqual({ id: 'r4', for: 1, against: 0, decided_by: null })
    expect(stale.stderr).toContain('1 stale (made under another version of the rubric) ignored')
    const fresh = score([gradesFile([grade('ann', true, true), unhashed])])
    expect(fresh.run0).toMatchObject({ correct: true })
  })

  it("lets an adjudicator's answer decide over the majority", () => {
    const { run0 } = score([gradesFile([grade('ann', true, true), grade('bob', true, true), grade('lead', null, false, { role: 'adjudicator' })])])
    expect(run0).toMatchObject({ error_type: 'rubric_failed', rubric_score: 0.7 })
    expect(graded(run0, 'r4')?.decided_by).toBe('people')
    expect(graded(run0, 'r5')).toEqual({ id: 'r5', for: 2, against: 0, decided_by: 'adjudicator' })
  })

  it('counts an LLM judge only as --judge says', () => {
    const judgeOnly = gradesFile([grade('gpt', true, true, { kind: 'llm' })])
    for (const mode of [[], ['--judge', 'advisory'], ['--judge', 'off'], ['--judge', 'grader']]) expect(score([judgeOnly], mode).run0, mode.join(' ')).toMatchObject({ error_type: 'rubric_pending' })
    const fallback = score([judgeOnly], ['--judge', 'fallback'])
    expect(fallback.run0).toMatchObject({ correct: true })
    expect(graded(fallback.run0, 'r5')).toEqual({ id: 'r5', for: 1, against: 0, decided_by: 'judge_fallback' })
    // As a grader the judge breaks the people's tie, but never reaches graders.min for them.
    const tie = gradesFile([grade('ann', true, true), grade('bob', true, false), grade('gpt', true, false, { kind: 'llm' })])
    expect(score([tie], ['--judge', 'grader']).run0).toMatchObject({ error_type: 'rubric_failed' })
    expect(score([tie], ['--judge', 'advisory']).run0).toMatchObject({ error_type: 'rubric_pending' })
    const refused = score([judgeOnly], ['--judge', 'always'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('Unknown --judge "always": use one of off, advisory, grader, fallback')
  })

  it('reports bad lines by file and line, counts a grade given twice once, and grades naming no scored attempt', () => {
    const first = gradesFile([grade('ann', true, true)])
    const bad = gradesFile(`${gradeLines([grade('bob', true, true)])}{"task_id": "basic-6", "attempt": "run:0", "grader": {"id": "cy", "kind": "human"}, "items": [{"id": "r5", "met": "no"}], "at": "2026-03-01T09:00:00Z"}\n`)
    const elsewhere = gradesFile([grade('eve', true, true, { attempt: 'run:7' })])
    const r = score([first, bad, first, elsewhere])
    expect(r.code).toBe(0)
    expect(r.run0).toMatchObject({ correct: true })
    expect(r.stderr).toContain(`warning: ${bad} line 2: items[0]: "met" must be true, false or null (grade skipped)`)
    expect(r.stderr).toContain('Grades: 2 of the attempts scored read, 1 naming no scored attempt, 1 repeated (same task, attempt, grader and time) skipped, 1 bad lines skipped')
  })
})

describe('grades in the one scorer, for a line whose attempt keeps a verdict', () => {
  it('judges the rubric again with the grades: a kept rubric_pending becomes correct', () => {
    const lines = parseResponses(JSON.stringify(LINES[0])).lines
    const keptPending: AttemptVerdict = { correct: false, errorType: 'rubric_pending', mismatches: [] }
    const { dataset } = loaded
    const live = { records: dataset.records, profile: dataset.profile }
    const without = scoreResponses(dataset.tasks, dataset.tools, lines, live, () => keptPending)
    expect(without.details.find((d) => d.id === TASK_ID)).toMatchObject({ error_type: 'rubric_pending' })
    const grading = { grades: [grade('ann', true, true), grade('bob', true, true)], judge: 'advisory' as const }
    const withGrades = scoreResponses(dataset.tasks, dataset.tools, lines, live, () => keptPending, grading)
    expect(withGrades.details.find((d) => d.id === TASK_ID)).toMatchObject({ correct: true, error_type: null, rubric_pending: [] })
    expect(withGrades.grading).toEqual({ matched: 2, unmatched: 0, stale: 0, invalid: 0 })
    expect(withGrades.result.buckets?.agent_behavior?.mean).toBeGreaterThan(without.result.buckets?.agent_behavior?.mean ?? 0)
  })
})
