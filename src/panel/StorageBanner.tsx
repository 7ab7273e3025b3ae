import { useTranslation } from 'react-i18next'
import { clearStorageError, useStorage } from '../state/storage'
import { useSession } from '../state/session'

/** A failed write (a full disk above all), and a tab that only watches an attempt another tab leads. */
export function StorageBanner() {
  const { t } = useTranslation()
  const problem = useStorage((s) => s.problem)
  const leading = useSession((s) => s.leading)
  return (
    <>
      {!leading && (
        <p role="alert" className="banner warn">
          {t('panel.readOnly')}
        </p>
      )}
      {problem && (
        <div role="alert" className="banner error">
          <p>{problem.kind === 'quota' ? t('panel.storageQuota') : t('panel.storageOther', { message: problem.message })}</p>
          <button type="button" onClick={clearStorageError}>
            {t('panel.dismiss')}
          </button>
        </div>
      )}
    </>
  )
}
