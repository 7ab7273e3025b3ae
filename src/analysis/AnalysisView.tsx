import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { analyze, orderedTypes } from '../core'
import { loadStoredAnalysis, useAnalysis } from '../state/analysis'
import { useProgress } from '../state/progress'
import { useSession } from '../state/session'
import { CapabilityChart } from './CapabilityChart'
import { ErrorChart } from './ErrorChart'
import { ForksTable } from './ForksTable'
import { ModeChart } from './ModeChart'
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
 * retrievals, retrieval modes and scope, and a per-task drill-down.
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

  useEffect(() => {
    void loadStoredAnalysis(attempts, tasks)
  }, [attempts, tasks])

  const allRows = useMemo(() => {
    if (!dataset || !stored) return null
    return analyze(tasks, dataset.tools, [...stored, ...files.flatMap((f) => f.lines)])
  }, [dataset, tasks, stored, files])
  const rows = useMemo(() => (allRows ?? []).filter((r) => !excluded.includes(r.label)), [allRows, excluded])
  const types = useMemo(() => orderedTypes(tasks), [tasks])

  return (
    <section className="view-page analysis-view" aria-labelledby="analysis-title">
      <h2 id="analysis-title">{t('views.analysis')}</h2>
      <p className="analysis-hint">{t('analysis.hint')}</p>
      {!allRows && <p role="status">{t('analysis.loading')}</p>}
      {allRows && (
        <>
          <Selection rows={allRows} />
          {allRows.length === 0 && <p className="analysis-empty">{t('analysis.empty')}</p>}
          {allRows.length > 0 && rows.length === 0 && <p className="analysis-empty">{t('analysis.noRows')}</p>}
          {(rows.length > 0 || published) && <Table2 rows={rows} types={types} published={published} />}
          {rows.length > 0 && (
            <>
              <div className="analysis-charts">
                <CapabilityChart rows={rows} types={types} />
                <SettingChart rows={rows} tasks={tasks} types={types} published={published} />
                <ErrorChart rows={rows} />
                <RetrievalChart rows={rows} />
                <ModeChart rows={rows} />
                <ScopeChart rows={rows} />
              </div>
              <TaskTable rows={rows} tasks={tasks} />
            </>
          )}
          <ForksTable />
        </>
      )}
    </section>
  )
}
