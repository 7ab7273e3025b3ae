import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Phone } from '../phone/Phone'
import { setupI18n } from '../i18n'
import { useSettings } from '../state/settings'
import { boot, useSession } from '../state/session'
import { fetchDatasetFiles } from '../state/fetchDataset'
import { SidePanel } from './SidePanel'
import { TopBar } from './TopBar'
import './app.css'

let booted = false

/** The page: a top bar (data set, language, access), the phone, and the task panel beside it. */
export function App() {
  const { t } = useTranslation()
  const language = useSettings((s) => s.language)
  const status = useSession((s) => s.status)
  const error = useSession((s) => s.error)

  useEffect(() => {
    setupI18n(language)
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
  }, [language])

  useEffect(() => {
    // Once per page: StrictMode runs effects twice, and a second boot would reopen the first task under an agent.
    if (booted) return
    booted = true
    void boot(() => fetchDatasetFiles(), window.location.hash)
  }, [])

  return (
    <div className="layout">
      <TopBar />
      <main className="stage">
        {status === 'error' && <p role="alert">{t('loadFailed', { error })}</p>}
        {(status === 'loading' || status === 'idle') && <p role="status">{t('loading')}</p>}
        {status === 'ready' && (
          <>
            <Phone />
            <SidePanel />
          </>
        )}
      </main>
    </div>
  )
}
