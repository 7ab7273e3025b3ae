import { useTranslation } from 'react-i18next'
import type { AccessSetting } from '../db'
import type { Language } from '../i18n'
import { useSettings } from '../state/settings'
import { useSession } from '../state/session'
import { DatasetManager } from './DatasetManager'

/** Title, the active data set, the language and the access setting for new attempts. */
export function TopBar() {
  const { t } = useTranslation()
  const { language, access, setLanguage, setAccess } = useSettings()
  const dataset = useSession((s) => s.dataset)
  return (
    <header className="top-bar">
      <h1>{t('appTitle')}</h1>
      {dataset && (
        <span className="dataset-name">
          {t('dataset')}: {dataset.name} ({dataset.tasks})
        </span>
      )}
      <DatasetManager />
      <label>
        {t('access')}{' '}
        <select value={access} onChange={(e) => setAccess(e.target.value as AccessSetting)}>
          {(['browse', 'paginated', 'full'] as const).map((a) => (
            <option key={a} value={a}>
              {t(`accessModes.${a}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('language')}{' '}
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </label>
    </header>
  )
}
