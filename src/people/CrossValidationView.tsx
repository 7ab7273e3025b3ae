import { shownStatus } from './CrossValidationRow'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FileDown } from 'lucide-react'
import { crossValidation, crossValidationCsv } from '../core'
import { saveDownload } from '../state/download'
import { setPeopleOption, usePeople } from './store'
import { useSession } from '../state/session'
import { CrossValidationTable } from './CrossValidationTable'

/** The "Cross-validation" tab: each task someone worked on, candidates for revision first. */
export function CrossValidationView() {
  const { t } = useTranslation()
  const tasks = useSession((s) => s.tasks)
  const { attempts, onlyRevision } = usePeople()
  const all = useMemo(() => (attempts ? crossValidation(tasks, attempts).filter((r) => r.solvers.length > 0) : []), [tasks, attempts])
  const rows = onlyRevision ? all.filter((r) => r.status === 'wrong') : all
  const count = (status: string) => all.filter((r) => shownStatus(r) === status).length

  return (
    <>
      <h3 className="visually-hidden">{t('people.tabNames.crossval')}</h3>
      <p className="people-hint">{t('people.cv.hint')}</p>
      {attempts === null && <p role="status">{t('people.loading')}</p>}
      {attempts !== null && all.length === 0 && <p className="people-empty">{t('people.cv.empty')}</p>}
      {all.length > 0 && (
        <>
          <div className="people-toolbar">
            <label className="people-check">
              <input type="checkbox" checked={onlyRevision} onChange={(e) => setPeopleOption({ onlyRevision: e.target.checked })} />
              {t('people.cv.onlyRevision')}
            </label>
            <span className="cv-summary">{t('people.cv.summary', { wrong: count('wrong'), split: count('split'), ok: count('ok'), unfinished: count('unfinished') })}</span>
            <button type="button" onClick={() => saveDownload(crossValidationCsv(rows), 'cross-validation.csv', 'text/csv')}>
              <FileDown size={16} aria-hidden="true" /> {t('people.cv.exportCsv')}
            </button>
          </div>
          <CrossValidationTable caption={t('people.cv.caption')} rows={rows} />
          {rows.length === 0 && <p className="people-empty">{t('people.cv.noneToRevise')}</p>}
          {tasks.length > all.length && <p className="people-hint">{t('people.cv.unlisted', { count: tasks.length - all.length })}</p>}
        </>
      )}
    </>
  )
}
