/**
 * A planner data set's figures for `npm run analyze`, as the Analysis view shows them: accuracy by dimension with the
 * weighted overall, accuracy by verification bucket, then sub-agent route and handoff, memory recall and skill loads.
 * Every number comes from the analysed rows (the one scorer's verdicts); this file only lays them out. Nothing for a
 * data set whose tasks name no dimension, so a SPIEval analysis prints what it always did.
 */
import { BUCKETS, DIMENSIONS, DIMENSION_WEIGHTS, countShare, formatMeanStd, isPlannerDataset } from '../src/core/index'
import type { AnalysisRow, Count, GroupFigure, Table, Task } from '../src/core/index'

const DIMENSION_NAMES: Record<(typeof DIMENSIONS)[number], string> = { basic: 'Basic tool use', subagent: 'Sub-agents', memory: 'Memory', skill: 'Skills' }
const BUCKET_NAMES: Record<(typeof BUCKETS)[number], string> = { tool_call: 'Tool calls', state_change: 'State change', agent_behavior: 'Agent behaviour' }

type Groups = Partial<Record<string, GroupFigure>>

const tasksText = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`
/** "3 of 4 (75.0 %)"; "—" where nothing was counted. */
function shareText(count: Count | undefined): string {
  const pct = count ? countShare(count) : null
  return count && pct !== null ? `${count.hits} of ${count.of} (${pct.toFixed(1)} %)` : '—'
}

/** A group's column heading with the data set's task count (every row has the same tasks: the first that counts one says). */
function groupHeading(rows: readonly AnalysisRow[], groupsOf: (row: AnalysisRow) => Groups | undefined, key: string, name: string): string {
  const tasks = rows.map((r) => groupsOf(r)?.[key]?.tasks).find((n) => n !== undefined) ?? 0
  return `${name} (${tasksText(tasks)})`
}

function overallText(row: AnalysisRow): string {
  const full = row.score.overall_mobilepa
  if (typeof full === 'number') return full.toFixed(1)
  const partial = row.score.overall_mobilepa_partial
  return partial === undefined ? '—' : `${partial.toFixed(1)} (partial)`
}

const figureText = (figure: GroupFigure | undefined) => (figure ? formatMeanStd(figure) : '—')

function groupTable(rows: readonly AnalysisRow[], name: string, title: string, keys: readonly string[], names: Record<string, string>, groupsOf: (row: AnalysisRow) => Groups | undefined, overall: boolean): Table {
  return {
    name,
    title,
    rows: [
      ['row', 'runs or people', ...keys.map((k) => groupHeading(rows, groupsOf, k, names[k] ?? k)), ...(overall ? ['Overall (MobilePA)'] : [])],
      ...rows.map((r) => [r.label, String(r.units), ...keys.map((k) => figureText(groupsOf(r)?.[k])), ...(overall ? [overallText(r)] : [])]),
    ],
  }
}

/** The first row's count of tasks a figure is over, as the page takes it. */
function tasksOf(rows: readonly AnalysisRow[], pick: (row: AnalysisRow) => { tasks: number } | undefined): number | undefined {
  return rows.map(pick).find((f) => f !== undefined)?.tasks
}

const weights = DIMENSIONS.map((d) => `${DIMENSION_WEIGHTS[d]} × ${DIMENSION_NAMES[d].toLowerCase()}`).join(' + ')

/** The planner tables for analysed rows, or none outside a planner data set. */
export function plannerTables(rows: readonly AnalysisRow[], tasks: readonly Task[]): Table[] {
  if (!isPlannerDataset(tasks) || rows.length === 0) return []
  const partial = rows.some((r) => r.score.overall_mobilepa === null)
  const tables: Table[] = [
    groupTable(
      rows,
      'planner_dimensions',
      `Accuracy by dimension (mean ± std over runs or people, %; overall = ${weights}${partial ? '; “partial”: a dimension has no tasks, the others’ weights scaled to sum to 1' : ''})`,
      DIMENSIONS,
      DIMENSION_NAMES,
      (r) => r.score.dimensions,
      true,
    ),
    groupTable(rows, 'planner_buckets', 'Accuracy by verification: calls, state or rubric (mean ± std, %)', BUCKETS, BUCKET_NAMES, (r) => r.score.buckets, false),
  ]
  const delegation = tasksOf(rows, (r) => r.planner?.delegation)
  if (delegation !== undefined) {
    tables.push({
      name: 'planner_delegation',
      title: `Sub-agents: route and handoff (attempts at ${tasksText(delegation)} whose gold hands work to a sub-agent; rubric tasks left out)`,
      rows: [
        ['row', 'attempts', 'route right', 'handoff right'],
        ...rows.map((r) => {
          const d = r.planner?.delegation
          return [r.label, String(d?.route.of ?? 0), shareText(d?.route), shareText(d?.handoff)]
        }),
      ],
    })
  }
  const memory = tasksOf(rows, (r) => r.planner?.memory)
  if (memory !== undefined) {
    tables.push({
      name: 'planner_memory',
      title: `Memory recall (required memories used over those required, attempts at ${tasksText(memory)})`,
      rows: [
        ['row', 'attempts', 'recall'],
        ...rows.map((r) => {
          const m = r.planner?.memory
          return [r.label, String(m?.attempts ?? 0), shareText(m ? { hits: m.used, of: m.required } : undefined)]
        }),
      ],
    })
  }
  const skills = tasksOf(rows, (r) => r.planner?.skills)
  if (skills !== undefined) {
    tables.push({
      name: 'planner_skills',
      title: `Skill loads (attempts at ${tasksText(skills)} with a skill condition; each skill once an attempt)`,
      rows: [
        ['row', 'attempts', 'skills loaded per attempt', 'required skills loaded', 'forbidden skill loaded'],
        ...rows.map((r) => {
          const s = r.planner?.skills
          const loads = s && s.attempts > 0 ? (s.loads / s.attempts).toFixed(2) : '—'
          return [r.label, String(s?.attempts ?? 0), loads, shareText(s?.required), shareText(s?.forbidden)]
        }),
      ],
    })
  }
  return tables
}
