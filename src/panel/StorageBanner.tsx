import { useTranslation } from 'react-i18next'
import { clearStorageError, useStorage } from '../state/storage'
import { useSession } from '../state/session'

/**
 * A failed write (a full disk above all), and a tab that only watches an
 * attempt another tab leads. The task panel shows both; the other views show
 * failed writes only (`leader={false}`): an agent run writes there too.
 */
export function StorageBanner({ leader = true }: { leader?: boolean }) {
  const { t } = useTranslation()
  const problem = useStorage((s) => s.problem)
  const leading = useSession((s) => s.leading)
  return (
    <>
      {leader && !leading && (
        <p role="alert" className="banner warn">
          {t('panel.readOnly')}
        </p>
      )}
      {problem && (
        <div role="alert" className="banner error">
          <p>
            {problem.kind === 'quota'
              ? t('panel.storageQuota')
              : problem.kind === 'superseded'
                ? t('panel.storageSuperseded')
                : t('panel.storageOther', { message: problem.message })}
          </p>
          <button type="button" onClick={clearStorageError}>
            {t('panel.dismiss')}
          </button>
        </div>
      )}
    </>
  )
}
