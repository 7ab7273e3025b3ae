import { useTranslation } from 'react-i18next'
import { useStorage } from '../state/storage'
import './recovery.css'

/**
 * Says why the database cannot be used, above every view (a blocked open
 * leaves the page loading, so this must not wait for a view): another tab
 * upgraded it (reload this one), or this tab waits for older tabs to let go.
 */
export function DatabaseNotice() {
  const { t } = useTranslation()
  const connection = useStorage((s) => s.connection)
  if (connection === 'upgraded')
    return (
      <div role="alert" className="database-notice">
        <p>{t('recovery.upgraded')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('recovery.reload')}
        </button>
      </div>
    )
  if (connection === 'blocked')
    return (
      <div role="alert" className="database-notice waiting">
        <p>{t('recovery.blocked')}</p>
      </div>
    )
  return null
}
