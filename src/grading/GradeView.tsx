import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../state/sessionStore'
import { useSettings } from '../state/settings'
import { AgreementPanel } from './AgreementPanel'
import { JudgePanel } from './JudgePanel'
import { GradeQueue } from './GradeQueue'
import { GradeRubric } from './GradeRubric'
import { GradeSteps } from './GradeSteps'
import { GradesExchange } from './GradesExchange'
import { GradesRevealed } from './GradesRevealed'
import { GradingTabs, panelId, tabId } from './GradingTabs'
import type { GradingTab } from './GradingTabs'
import { closeGrading, loadQueue, useGrading } from './store'
import './grading.css'

/**
 * Grading rubric items in the page (issue #29): the queue of attempts whose
 * rubric waits for people, and for one attempt its replay on the phone with
 * numbered steps beside the rubric. Blind: the attempt's actor and the other
 * grades show only once the grader has submitted. The phone is the app's: a
 * feature does not import another.
 */
export function GradeView({ phone }: { phone: ReactNode }) {
  const { t } = useTranslation()
  const [tab, setTab] = useState<GradingTab>('grade')
  const open = useGrading((s) => s.open)
  const error = useGrading((s) => s.error)
  const datasetId = useSession((s) => s.dataset?.id)
  const actor = useSettings((s) => s.actor)

  // The queue is the person's: read again for another data set or another person, and the attempt open is put away.
  useEffect(() => {
    void closeGrading()
    return () => void closeGrading()
  }, [datasetId, actor])

  useEffect(() => {
    if (tab === 'grade' && !open) void loadQueue()
  }, [tab, open])

  const grading = tab === 'grade' && open !== undefined
  return (
    <section className={`grade-view${grading ? ' grading-open' : ''}`} aria-label={t('views.grade')}>
      <div className="grading-side">
        <header className="grading-head">
          <h2>{t('grading.heading')}</h2>
          <p className="grading-hint">{t('grading.hint')}</p>
        </header>
        <GradingTabs tab={tab} onChange={setTab} />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="grading-panel">
          {error && <p role="alert" className="grading-error">{errorText(t, error)}</p>}
          {tab === 'grade' && !open && (
            <>
              <GradeQueue />
              <GradesExchange />
            </>
          )}
          {grading && <OpenAttempt />}
          {tab === 'agreement' && <AgreementPanel />}
          {tab === 'judge' && <JudgePanel />}
        </div>
      </div>
      {grading && phone}
      {grading && (
        <div className="grading-aside">
          <GradeSteps />
          <GradesRevealed />
        </div>
      )}
    </section>
  )
}

function errorText(t: ReturnType<typeof useTranslation>['t'], error: string): string {
  if (error === 'own') return t('grading.attempt.own')
  return t('grading.error', { message: error })
}

/** The attempt being graded: its task's request and the rubric. */
function OpenAttempt() {
  const { t } = useTranslation()
  const open = useGrading((s) => s.open)
  if (!open) return null
  return (
    <div className="grading-attempt">
      <div className="grading-attempt-head">
        <button type="button" onClick={() => void closeGrading()}>
          ← {t('grading.attempt.back')}
        </button>
        <h3>{t('grading.attempt.heading', { task: open.task.id, n: open.number })}</h3>
      </div>
      <p className="grading-instruction">
        <strong>{t('grading.attempt.instruction')}</strong> {open.task.instruction}
      </p>
      <GradeRubric />
    </div>
  )
}
