// npm run analyze on a planner data set (#28): it prints and writes the planner figures the Analysis view shows
// (dimensions and the weighted overall, buckets, sub-agent route and handoff, memory recall, skill loads), each equal
// to what core's analyze gives the page for the same files; a SPIEval data set gets nothing new.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUCKETS, DIMENSIONS, analyze, countShare, formatMeanStd, loadDataset, parseResponses, responseLine, solveWithOracle } from '../src/core/index'
import type { AnalysisRow, Count, GroupFigure } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

const FIXTURE = join(ROOT, 'e2e/fixtures-planner-analysis')
const PLANNER_SAMPLE = join(ROOT, 'public/data-planner')
const RESPONSES = join(FIXTURE, 'responses.jsonl')
const PLANNER_CSVS = ['planner_dimensions.csv', 'planner_buckets.csv', 'planner_delegation.csv', 'planner_memory.csv', 'planner_skills.csv']

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'analyze-planner-'))
  dirs.push(dir)
  return dir
}

/** npm run analyze on a data set folder and a response file: what it printed and the CSVs it wrote (name → rows of cells). */
function analyzeWithCli(folder: string, responses: string): { stdout: string; csv: Record<string, string[][]> } {
  const out = join(tempDir(), 'analysis')
  const run = spawnSync(process.execPath, [...cliArgs('cli/analyze.ts'), '--input_data', join(folder, 'input_data.jsonl'), '--out', out, responses], { cwd: ROOT, encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  // No cell of these tables has a comma or a quote, so a plain split reads them.
  const csv = Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name), 'utf8').trimEnd().split('\r\n').map((line) => line.split(','))]))
  return { stdout: run.stdout, csv }
}

/** The rows the Analysis view shows for the folder and the response file: core's analyze over the data set, with its records and profile. */
function pageRows(folder: string, responses: string): AnalysisRow[] {
  const { dataset } = loadDataset(readDatasetFolder(folder))
  return analyze(dataset.tasks, dataset.tools, parseResponses(readFileSync(responses, 'utf8')).lines, { records: dataset.records, profile: dataset.profile })
}

// The cells as the page writes them (src/analysis/PlannerGroupTable.tsx, PlannerAttemptTables.tsx), from the row's figures.
const group = (figure: GroupFigure | undefined) => (figure ? formatMeanStd(figure) : '—')
const share = (count: Count | undefined) => {
  const pct = count ? countShare(count) : null
  return count && pct !== null ? `${count.hits} of ${count.of} (${pct.toFixed(1)} %)` : '—'
}
const overall = (row: AnalysisRow) =>
  typeof row.score.overall_mobilepa === 'number' ? row.score.overall_mobilepa.toFixed(1) : `${row.score.overall_mobilepa_partial?.toFixed(1)} (partial)`

/** Each planner table's data row for the page's row, as the page shows its cells. */
function expectedCells(row: AnalysisRow): Record<string, string[]> {
  const { delegation, memory, skills } = row.planner ?? {}
  const cells: Record<string, string[]> = {
    'planner_dimensions.csv': [row.label, String(row.units), ...DIMENSIONS.map((d) => group(row.score.dimensions?.[d])), overall(row)],
    'planner_buckets.csv': [row.label, String(row.units), ...BUCKETS.map((b) => group(row.score.buckets?.[b]))],
  }
  if (delegation) cells['planner_delegation.csv'] = [row.label, String(delegation.route.of), share(delegation.route), share(delegation.handoff)]
  if (memory) cells['planner_memory.csv'] = [row.label, String(memory.attempts), share({ hits: memory.used, of: memory.required })]
  if (skills) cells['planner_skills.csv'] = [row.label, String(skills.attempts), (skills.loads / skills.attempts).toFixed(2), share(skills.required), share(skills.forbidden)]
  return cells
}

/** The CLI's planner tables hold, row for row, what the page shows for the same files. */
function expectSameAsPage(csv: Record<string, string[][]>, rows: readonly AnalysisRow[]): void {
  expect(rows.length).toBeGreaterThan(0)
  const expected = rows.map(expectedCells)
  for (const name of Object.keys(expected[0] ?? {})) expect(csv[name]?.slice(1), name).toEqual(expected.map((cells) => cells[name]))
}

describe('npm run analyze on a planner data set', () => {
  it('prints and writes the figures the Analysis view shows for the same files (e2e/planner-analysis.spec.ts)', () => {
    const { stdout, csv } = analyzeWithCli(FIXTURE, RESPONSES)
    expectSameAsPage(csv, pageRows(FIXTURE, RESPONSES))
    for (const name of PLANNER_CSVS) expect(Object.keys(csv)).toContain(name)
    // The numbers themselves, as the page shows them in the e2e spec: a wrong figure in core cannot pass unseen.
    expect(csv['planner_dimensions.csv']).toEqual([
      ['row', 'runs or people', 'Basic tool use (2 tasks)', 'Sub-agents (2 tasks)', 'Memory (1 task)', 'Skills (1 task)', 'Overall (MobilePA)'],
      ['planner-bot · paginated · live', '3', '50.0 ± 40.8', '33.3 ± 47.1', '66.7 ± 47.1', '33.3 ± 47.1', '48.3'],
    ])
    expect(csv['planner_buckets.csv']?.[0]).toEqual(['row', 'runs or people', 'Tool calls (4 tasks)', 'State change (1 task)', 'Agent behaviour (1 task)'])
    expect(csv['planner_delegation.csv']?.[1]).toEqual(['planner-bot · paginated · live', '3', '2 of 3 (66.7 %)', '1 of 3 (33.3 %)'])
    expect(csv['planner_memory.csv']?.[1]).toEqual(['planner-bot · paginated · live', '3', '5 of 6 (83.3 %)'])
    expect(csv['planner_skills.csv']?.[1]).toEqual(['planner-bot · paginated · live', '3', '1.00', '2 of 3 (66.7 %)', '1 of 3 (33.3 %)'])
    // Printed too, under their titles.
    expect(stdout).toMatch(/Accuracy by dimension[^\n]*\n.*Overall \(MobilePA\)\nplanner-bot · paginated · live +3 +50\.0 ± 40\.8 +33\.3 ± 47\.1 +66\.7 ± 47\.1 +33\.3 ± 47\.1 +48\.3\n/)
    expect(stdout).toMatch(/Sub-agents: route and handoff[^\n]*\n[^\n]*\nplanner-bot · paginated · live +3 +2 of 3 \(66\.7 %\) +1 of 3 \(33\.3 %\)\n/)
    expect(stdout).toMatch(/Memory recall[^\n]*\n[^\n]*\nplanner-bot · paginated · live +3 +5 of 6 \(83\.3 %\)\n/)
    expect(stdout).toMatch(/Skill loads[^\n]*\n[^\n]*\nplanner-bot · paginated · live +3 +1\.00 +2 of 3 \(66\.7 %\) +1 of 3 \(33\.3 %\)\n/)
  })

  it('gives the partial overall where a dimension has no tasks, and no skill loads without a skill task', () => {
    const folder = tempDir()
    for (const name of readdirSync(FIXTURE).filter((n) => n !== 'responses.jsonl')) {
      const text = readFileSync(join(FIXTURE, name), 'utf8')
      writeFileSync(join(folder, name), name === 'input_data.jsonl' ? text.split('\n').filter((line) => !line.includes('"dimension": "skill"')).join('\n') : text)
    }
    const { stdout, csv } = analyzeWithCli(folder, RESPONSES)
    const rows = pageRows(folder, RESPONSES)
    expect(rows[0]?.score.overall_mobilepa).toBeNull()
    expectSameAsPage(csv, rows)
    expect(csv['planner_dimensions.csv']?.[0]).toContain('Skills (0 tasks)')
    expect(csv['planner_dimensions.csv']?.[1]?.slice(-2)).toEqual(['—', `${rows[0]?.score.overall_mobilepa_partial?.toFixed(1)} (partial)`])
    expect(stdout).toContain('“partial”: a dimension has no tasks')
    expect(csv['planner_skills.csv']).toBeUndefined()
  })

  it('on the planner sample, answered by the oracle agent: every figure at its best, as the page shows it', async () => {
    const { dataset } = loadDataset(readDatasetFolder(PLANNER_SAMPLE))
    const lines: string[] = []
    for (const task of dataset.tasks) {
      const { steps } = await solveWithOracle(dataset, task.id, { setting: 'paginated', state: 'static' })
      lines.push(JSON.stringify(responseLine({ taskId: task.id, run: 0, model: 'oracle', setting: 'paginated', instruction: task.instruction, steps, finished: true })))
    }
    const responses = join(tempDir(), 'oracle.jsonl')
    writeFileSync(responses, lines.join('\n') + '\n')
    const { csv } = analyzeWithCli(PLANNER_SAMPLE, responses)
    expectSameAsPage(csv, pageRows(PLANNER_SAMPLE, responses))
    expect(csv['planner_dimensions.csv']?.[1]).toEqual(['oracle · paginated', '1', ...DIMENSIONS.map(() => '100.0 ± 0.0'), '100.0'])
    expect(csv['planner_buckets.csv']?.[1]).toEqual(['oracle · paginated', '1', ...BUCKETS.map(() => '100.0 ± 0.0')])
    expect(csv['planner_memory.csv']?.[1]?.[2]).toMatch(/^(\d+) of \1 \(100\.0 %\)$/)
    expect(csv['planner_delegation.csv']?.[1]?.slice(2)).toEqual([expect.stringMatching(/\(100\.0 %\)$/), expect.stringMatching(/\(100\.0 %\)$/)])
    expect(csv['planner_skills.csv']?.[1]?.slice(3)).toEqual([expect.stringMatching(/\(100\.0 %\)$/), expect.stringMatching(/^0 of \d+ \(0\.0 %\)$/)])
  })
})

describe('npm run analyze and npm run score on one run of npm run agent', () => {
  it('agree: a run that opened live only the tasks that expect changes is one row, scored as result.json scores it', () => {
    const dir = tempDir()
    const responses = join(dir, 'planner.jsonl')
    // The README's planner tour: the agent's default --state auto opens live the tasks that expect changes.
    const agent = spawnSync(process.execPath, [...cliArgs('cli/agent.ts'), '--data', PLANNER_SAMPLE, '--agent', 'oracle', '--out', responses], { cwd: ROOT, encoding: 'utf8' })
    expect(agent.status, agent.stderr).toBe(0)
    const states = readFileSync(responses, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { state?: string }).state ?? 'static')
    expect(new Set(states)).toEqual(new Set(['static', 'live']))
    const out = join(dir, 'result.json')
    const score = spawnSync(process.execPath, [...cliArgs('cli/score.ts'), '--input_data', join(PLANNER_SAMPLE, 'input_data.jsonl'), '--input_response_data', responses, '--output_file', out], { cwd: ROOT, encoding: 'utf8' })
    expect(score.status, score.stderr).toBe(0)
    const result = JSON.parse(readFileSync(out, 'utf8')) as { overall: { mean: number }; overall_mobilepa: number }
    const { csv } = analyzeWithCli(PLANNER_SAMPLE, responses)
    expectSameAsPage(csv, pageRows(PLANNER_SAMPLE, responses))
    expect(csv['planner_dimensions.csv']?.slice(1)).toEqual([['oracle · paginated', '1', ...DIMENSIONS.map(() => '100.0 ± 0.0'), result.overall_mobilepa.toFixed(1)]])
    expect(csv['table2.csv']?.slice(1).map((row) => [row[0], row.at(-1)])).toEqual([['oracle · paginated', `${result.overall.mean.toFixed(1)} ± 0.0`]])
  })
})

describe('npm run analyze on a SPIEval data set', () => {
  it('prints and writes nothing of planners', () => {
    const { stdout, csv } = analyzeWithCli(SAMPLE_DIR, RESPONSES)
    expect(Object.keys(csv).sort()).toEqual(['by_setting.csv', 'disagreements.csv', 'error_types.csv', 'live_accuracy.csv', 'per_task.csv', 'retrieval_modes.csv', 'retrievals.csv', 'table2.csv'])
    expect(stdout).not.toMatch(/dimension|MobilePA|Sub-agents|Memory recall|Skill loads|planner_/)
  })
})

