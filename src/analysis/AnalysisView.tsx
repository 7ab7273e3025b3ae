import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { analyze, needsTaskRecords, orderedTypes } from '../core'
import type { AnalysisRow } from '../core'
import { loadLiveScoring, loadStoredAnalysis, useAnalysis } from './store'
import { useProgress } from '../state/progress'
import { useSession } from '../state/session'
import { storedVerdictOf } from '../state/storedVerdict'
import { CapabilityChart } from './CapabilityChart'
import { DisagreementTable } from './DisagreementTable'
import { ErrorChart } from './ErrorChart'
import { FailureRateChart } from './FailureRateChart'
import { ForksTable } from './ForksTable'
import { LiveAccuracyTable } from './LiveAccuracyTable'
import { ModeChart } from './ModeChart'
import { PlannerSection } from './PlannerSection'
import { GradesSection } from './GradesSection'
import { RetrievalChart } from './RetrievalChart'
import { ScopeChart } from './ScopeChart'
import { Selection } from './Selection'
import { SettingChart } from './SettingChart'
import { Table2 } from './Table2'
import { TaskTable } from './TaskTable'
import './analysis.css'

/**
 * The paper's analyses over the stored attempts (people and agent runs) and
 * added response files: Table 2, accuracy by setting, error types,
 * retrievals, retrieval modes and scope, and a per-task drill-down; for live
 * rows, calls vs state accuracy and their disagreements, and accuracy against
 * the failure rate; for a planner data set, its dimensions, buckets, and
 * what the attempts did with sub-agents, memory and skills.
 */
export function AnalysisView() {
  const { t } = useTranslation()
  const dataset = useSession((s) => s.dataset)
  const tasks = useSession((s) => s.tasks)
  const attempts = useProgress((s) => s.attempts)
  const stored = useAnalysis((s) => s.stored)
  const files = useAnalysis((s) => s.files)
  const excluded = useAnalysis((s) => s.excluded)
  const published = useAnalysis((s) => s.published)
  const live = useAnalysis((s) => s.live)
  const error = useAnalysis((s) => s.error)

  useEffect(() => {
    void loadStoredAnalysis(attempts, tasks)
  }, [attempts, tasks])

  const lines = useMemo(() => (stored ? [...stored, ...files.flatMap((f) => f.lines)] : null), [stored, files])
  // Live lines are scored on the state their calls leave, and a memory task's reads are answered again: both need the tasks' records.
  const needsLive = useMemo(() => lines !== null && needsTaskRecords(tasks, lines), [tasks, lines])
  const scoring = live && dataset && live.datasetId === dataset.id && live.tasks === tasks ? live.scoring : undefined
  useEffect(() => {
    if (needsLive && dataset && !scoring) void loadLiveScoring(dataset.id, tasks, dataset.profile)
  }, [needsLive, dataset, tasks, scoring])

  const analysed = useMemo((): { rows: AnalysisRow[] } | { error: string } | null => {
    if (!dataset || !lines || (needsLive && !scoring)) return null
    try {
      // The page's own attempts are counted with their stored verdicts; files' lines are scored.
      return { rows: analyze(tasks, dataset.tools, lines, scoring, storedVerdictOf(attempts, stored ?? [])) }
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) }
    }
  }, [dataset, tasks, lines, needsLive, scoring, attempts, stored])
  const allRows = analysed && 'rows' in analysed ? analysed.rows : null
  const problem = error ?? (analysed && 'error' in analysed ? analysed.error : undefined)
  const rows = useMemo(() => (allRows ?? []).filter((r) => !excluded.includes(r.label)), [allRows, excluded])
  const types = useMemo(() => orderedTypes(tasks), [tasks])

  return (
    <section className="view-page analysis-view" aria-labelledby="analysis-title">
      <h2 id="analysis-title">{t('views.analysis')}</h2>
      <p className="analysis-hint">{t('analysis.hint')}</p>
      {!analysed && !problem && <p role="status">{needsLive && !scoring ? t('liveAnalysis.loadingLive') : t('analysis.loading')}</p>}
      {problem && (
        <p role="alert" className="analysis-error">
          {problem}
        </p>
      )}
      {allRows && (
        <>
          <Selection rows={allRows} />
          {allRows.length === 0 && <p className="analysis-empty">{t('analysis.empty')}</p>}
          {allRows.length > 0 && rows.length === 0 && <p className="analysis-empty">{t('analysis.noRows')}</p>}
          {(rows.length > 0 || published) && <Table2 rows={rows} types={types} published={published} />}
          {rows.length > 0 && (
            <>
              <PlannerSection rows={rows} tasks={tasks} />
              {dataset && <GradesSection datasetId={dataset.id} tasks={tasks} />}
              <div className="analysis-charts">
                <CapabilityChart rows={rows} types={types} />
                <SettingChart rows={rows} tasks={tasks} types={types} published={published} />
                <ErrorChart rows={rows} />
                <RetrievalChart rows={rows} />
                <ModeChart rows={rows} />
                <ScopeChart rows={rows} />
              </div>
              <LiveAccuracyTable rows={rows} types={types} taskCount={tasks.length} />
              <DisagreementTable rows={rows} tasks={tasks} />
              <FailureRateChart rows={rows} />
              <TaskTable rows={rows} tasks={tasks} />
            </>
          )}
          <ForksTable />
        </>
      )}
    </section>
  )
}
