import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FileDown } from 'lucide-react'
import { humanBaseline, humanBaselineTable, toCsv } from '../core'
import { saveDownload } from '../state/download'
import { usePeople } from './store'
import { useSession } from '../state/session'
import { BaselineFigures } from './BaselineFigures'
import { BaselineTable } from './BaselineTable'

/** The "Human baseline" tab: accuracy per person and capability, time, retrievals and agreement. */
export function BaselineView() {
  const { t } = useTranslation()
  const tasks = useSession((s) => s.tasks)
  const attempts = usePeople((s) => s.attempts)
  const baseline = useMemo(() => (attempts ? humanBaseline(tasks, attempts) : null), [tasks, attempts])
  const table = useMemo(() => (baseline ? humanBaselineTable(baseline) : null), [baseline])
  const finished = baseline ? baseline.people.some((p) => p.finished > 0) : false
  const practice = baseline ? baseline.people.reduce((n, p) => n + p.practice, 0) : 0

  return (
    <>
      <h3 className="visually-hidden">{t('people.tabNames.baseline')}</h3>
      <p className="people-hint">{t('people.baseline.hint')}</p>
      {practice > 0 && (
        <p className="people-hint baseline-practice" title={t('blind.practiceHint')}>
          {t('blind.baselinePractice', { count: practice })}
        </p>
      )}
      {!baseline && <p role="status">{t('people.loading')}</p>}
      {baseline && !finished && <p className="people-empty">{t('people.baseline.empty')}</p>}
      {baseline && table && finished && (
        <>
          <BaselineFigures baseline={baseline} />
          <BaselineTable baseline={baseline} table={table} />
          <div className="people-toolbar">
            <button type="button" onClick={() => saveDownload(toCsv(table.rows), 'human-baseline.csv', 'text/csv')}>
              <FileDown size={16} aria-hidden="true" /> {t('people.baseline.downloadCsv')}
            </button>
          </div>
        </>
      )}
    </>
  )
}
