import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { countShare } from '../core'
import type { AnalysisRow, Count } from '../core'
import { PlannerTable } from './PlannerTable'

/** "3 of 4 (75.0 %)"; "—" where nothing was counted. */
function shareText(count: Count | undefined, t: TFunction): string {
  const pct = count ? countShare(count) : null
  return count && pct !== null ? t('plannerAnalysis.share', { hits: count.hits, of: count.of, pct: pct.toFixed(1) }) : '—'
}

/** The number of tasks a figure is over, as the first row that has it counts them (every row has the same tasks). */
function tasksOf(rows: readonly AnalysisRow[], pick: (row: AnalysisRow) => { tasks: number } | undefined): number | undefined {
  for (const row of rows) {
    const figure = pick(row)
    if (figure) return figure.tasks
  }
  return undefined
}

/** Sub-agent routes and handoffs, memory recall and skill loads over each row's attempts; each only where the data set has tasks for it. */
export function PlannerAttemptTables({ rows }: { rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const delegation = tasksOf(rows, (r) => r.planner?.delegation)
  const memory = tasksOf(rows, (r) => r.planner?.memory)
  const skills = tasksOf(rows, (r) => r.planner?.skills)
  const tasks = (count: number) => t('plannerAnalysis.tasks', { count })
  const columns = (keys: readonly string[], figure: string) => keys.map((key) => ({ key, label: t(`plannerAnalysis.${figure}.${key}`) }))
  return (
    <>
      {delegation !== undefined && (
        <PlannerTable
          heading={t('plannerAnalysis.delegation.heading')}
          description={t('plannerAnalysis.delegation.hint', { tasks: tasks(delegation) })}
          testId="planner-delegation"
          head={columns(['attempts', 'route', 'handoff'], 'delegation')}
          rows={rows}
          cells={(row) => {
            const d = row.planner?.delegation
            return [String(d?.route.of ?? 0), shareText(d?.route, t), shareText(d?.handoff, t)]
          }}
        />
      )}
      {memory !== undefined && (
        <PlannerTable
          heading={t('plannerAnalysis.memory.heading')}
          description={t('plannerAnalysis.memory.hint', { tasks: tasks(memory) })}
          testId="planner-memory"
          head={columns(['attempts', 'recall'], 'memory')}
          rows={rows}
          cells={(row) => {
            const m = row.planner?.memory
            return [String(m?.attempts ?? 0), shareText(m ? { hits: m.used, of: m.required } : undefined, t)]
          }}
        />
      )}
      {skills !== undefined && (
        <PlannerTable
          heading={t('plannerAnalysis.skills.heading')}
          description={t('plannerAnalysis.skills.hint', { tasks: tasks(skills) })}
          testId="planner-skills"
          head={columns(['attempts', 'loads', 'required', 'forbidden'], 'skills')}
          rows={rows}
          cells={(row) => {
            const s = row.planner?.skills
            const loads = s && s.attempts > 0 ? (s.loads / s.attempts).toFixed(2) : '—'
            return [String(s?.attempts ?? 0), loads, shareText(s?.required, t), shareText(s?.forbidden, t)]
          }}
        />
      )}
    </>
  )
}
