import { useTranslation } from 'react-i18next'
import { Languages } from 'lucide-react'
import type { AccessSetting } from '../db'
import type { Language } from '../i18n'
import { useSettings } from '../state/settings'
import { useSession } from '../state/session'

/** The access setting for new attempts and the interface language: in the bar on a wide screen, in the menu on a small one. */
export function SettingsControls() {
  const { t } = useTranslation()
  const { language, access, setLanguage, setAccess } = useSettings()
  return (
    <>
      <label className="setting">
        <span className="setting-label">{t('access')}</span>{' '}
        <select value={access} onChange={(e) => setAccess(e.target.value as AccessSetting)}>
          {(['browse', 'paginated', 'full'] as const).map((a) => (
            <option key={a} value={a}>
              {t(`accessModes.${a}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="setting">
        <Languages size={16} aria-hidden="true" className="setting-icon" />
        <span className="setting-label language-label">{t('language')}</span>{' '}
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </label>
    </>
  )
}

/** The active data set's name and task count; cut to fit, whole in its tooltip. */
export function DatasetName() {
  const { t } = useTranslation()
  const dataset = useSession((s) => s.dataset)
  if (!dataset) return null
  const prefix = `${t('dataset')}: `
  const name = `${dataset.name} (${dataset.tasks})`
  return (
    <span className="dataset-name" title={prefix + name}>
      <span className="dataset-prefix">{prefix}</span>
      {name}
    </span>
  )
}
