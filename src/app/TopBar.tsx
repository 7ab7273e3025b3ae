import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AnnotatorDialog } from '../panel/AnnotatorDialog'
import type { AccessSetting } from '../db'
import type { Language } from '../i18n'
import { useSettings } from '../state/settings'
import { useSession } from '../state/session'
import { VIEWS, showView, useView } from '../state/view'
import { DatasetManager } from './DatasetManager'

/** Title, the active data set, the language and the access setting for new attempts. */
export function TopBar() {
  const { t } = useTranslation()
  const { language, access, setLanguage, setAccess } = useSettings()
  const dataset = useSession((s) => s.dataset)
  const actor = useSettings((s) => s.actor)
  const view = useView((s) => s.view)
  const [askName, setAskName] = useState(false)
  return (
    <header className="top-bar">
      <h1>{t('appTitle')}</h1>
      <nav aria-label={t('views.label')} className="views">
        {VIEWS.map((v) => (
          <button key={v} type="button" aria-current={view === v ? 'page' : undefined} onClick={() => showView(v)}>
            {t(`views.${v}`)}
          </button>
        ))}
      </nav>
      {dataset && (
        <span className="dataset-name">
          {t('dataset')}: {dataset.name} ({dataset.tasks})
        </span>
      )}
      <DatasetManager />
      {actor !== '' && (
        <button type="button" className="annotator" onClick={() => setAskName(true)} aria-label={t('panel.changeAnnotator', { name: actor })}>
          {t('panel.annotator')}: {actor}
        </button>
      )}
      {askName && <AnnotatorDialog onClose={() => setAskName(false)} />}
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
