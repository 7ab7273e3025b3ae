import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import { useSession } from '../state/session'

/**
 * Says that a link named a task this data set does not have, while the phone
 * shows another (a mistyped or stale link would otherwise show the wrong task
 * without a word). Gone once another task is shown, or dismissed. Loaded,
 * with its words, when a link first names a missing task (App).
 */
export function MissingTaskNotice() {
  const { t } = useTranslation()
  const missing = useSession((s) => (s.missingTask && s.task?.id === s.missingTask.shown ? s.missingTask : undefined))
  if (!missing) return null
  return (
    <div role="alert" className="link-notice">
      <p>{t('links.missingTask', { id: missing.id, shown: missing.shown })}</p>
      <button type="button" onClick={() => useSession.setState({ missingTask: undefined })} aria-label={t('dataLink.dismiss')}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  )
}
