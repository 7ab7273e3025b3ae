import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { KeyRound, Languages } from 'lucide-react'
import type { AccessSetting, AttemptRow } from '../db'
import type { Language } from '../i18n'
import { attemptInOtherSetting } from '../state/access'
import { fixedAccess, useSettings } from '../state/settings'
import { useSession } from '../state/session'
import { AccessChangeDialog } from './AccessChangeDialog'

/**
 * The access setting for new attempts and the interface language: in the bar on a wide screen, in the menu on a
 * small one. Changing the setting during an unfinished attempt in another one asks what it is for; a study's
 * share fixes it.
 */
export function SettingsControls() {
  const { t } = useTranslation()
  const { language, access, setLanguage, setAccess } = useSettings()
  const fixed = useSession((s) => fixedAccess(s.dataset))
  const [pending, setPending] = useState<{ attempt: AttemptRow; next: AccessSetting }>()
  const close = useCallback(() => setPending(undefined), [])
  const change = (next: AccessSetting) => {
    const attempt = attemptInOtherSetting(next)
    if (attempt) setPending({ attempt, next })
    else setAccess(next)
  }
  return (
    <>
      <label className="setting" title={fixed ? t('accessFixed') : t('access')}>
        <KeyRound size={16} aria-hidden="true" className="setting-icon access-icon" />
        <span className="setting-label access-label">{t(fixed ? 'accessFixedLabel' : 'access')}</span>{' '}
        <select value={fixed ?? access} disabled={fixed !== undefined} onChange={(e) => change(e.target.value as AccessSetting)}>
          {(['browse', 'paginated', 'full'] as const).map((a) => (
            <option key={a} value={a}>
              {t(`accessModes.${a}`)}
            </option>
          ))}
        </select>
      </label>
      {pending && <AccessChangeDialog attempt={pending.attempt} next={pending.next} onClose={close} />}
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
