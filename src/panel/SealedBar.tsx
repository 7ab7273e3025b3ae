import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { loadLaterStrings } from '../i18n'
import { useDataLink } from '../state/dataLink'
import { useSession } from '../state/session'

// Loaded only on a participant's page: the export's code and words are not in everyone's first load.
const ExportMine = lazy(() => Promise.all([import('./ExportMine'), loadLaterStrings()]).then(([m]) => m))

/**
 * Above a sealed data set's tasks: that nothing here is scored, and for one
 * person's share of a study, which study, whose share, and where in it the
 * open task stands.
 */
export function SealedBar() {
  const { t } = useTranslation()
  const manifest = useSession((s) => s.dataset?.sealed)
  const taskId = useSession((s) => s.task?.id)
  // A study link's answers go back by themselves; its download is offered only if sending fails (the return status).
  const sending = useDataLink((s) => s.study === true)
  if (!manifest) return null
  const study = manifest.study
  const position = study && taskId !== undefined ? study.tasks.indexOf(taskId) + 1 : 0
  return (
    <section className="sealed-bar" aria-label={t('participant.sealedTitle')}>
      {study && position > 0 && <p className="study-line">{t('participant.studyLine', { id: study.id, person: study.person, position, total: study.tasks.length })}</p>}
      <p className="hint">{t('participant.sealedNote')}</p>
      {study && !sending && (
        <Suspense fallback={null}>
          <ExportMine />
        </Suspense>
      )}
    </section>
  )
}

