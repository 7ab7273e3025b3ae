import { Suspense, lazy, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Phone } from '../phone/Phone'
import { loadLaterStrings, setupI18n } from '../i18n'
import { useSettings } from '../state/settings'
import { installBundledSample } from '../state/bundledSample'
import { AnnotatorDialog } from '../panel/AnnotatorDialog'
import { Panel } from '../panel/Panel'
import { StorageBanner } from '../panel/StorageBanner'
import { boot, checkpointTime, onVisibilityChange, useSession } from '../state/session'
import { requestPersistence, useStorage } from '../state/storage'
import { useShownView } from '../state/view'
import { usePresent } from '../present/store'
import { followLinks } from '../state/links'
import { registerStudyLink, useDataLink } from '../state/dataLink'
import { DatabaseNotice } from './DatabaseNotice'
import { ErrorBoundary } from './ErrorBoundary'
import { TopBar } from './TopBar'
import { TaskSheet } from './TaskSheet'
import { useCompact } from './compact'
import './app.css'
import { addressHash } from '../state/address'
import { parameterWords } from '../shared/parameterWords'

// Views other than the phone are loaded when first opened, to keep the first load small (charts, the openai client),
// with their strings where the first load has none of them.
// Shown only when a link named a task the data set does not have.
const MissingTaskNotice = lazy(() => Promise.all([import('./MissingTaskNotice'), loadLaterStrings()]).then(([m]) => ({ default: m.MissingTaskNotice })))
// Shown only when a `?data=` link's folder could not be loaded.
const DataLinkProblem = lazy(() => import('../datasets/DataLink').then((m) => ({ default: m.DataLinkProblem })))
const PeopleView = lazy(() => Promise.all([import('../people/PeopleView'), loadLaterStrings()]).then(([m]) => ({ default: m.PeopleView })))
const RunsView = lazy(() => Promise.all([import('../runs/RunsView'), loadLaterStrings()]).then(([m]) => ({ default: m.RunsView })))
const ReplayView = lazy(() => Promise.all([import('../replay/ReplayView'), loadLaterStrings()]).then(([m]) => ({ default: m.ReplayView })))
const AnalysisView = lazy(() => Promise.all([import('../analysis/AnalysisView'), loadLaterStrings()]).then(([m]) => ({ default: m.AnalysisView })))
const GradeView = lazy(() => Promise.all([import('../grading/GradeView'), loadLaterStrings()]).then(([m]) => ({ default: m.GradeView })))
const EditorView = lazy(() => Promise.all([import('../authoring/EditorView'), loadLaterStrings()]).then(([m]) => ({ default: m.EditorView })))
const ReturnStatus = lazy(() => import('../studies/returnChannel').then((m) => ({ default: m.ReturnStatus })))
// A study link's code (the return channel, age) is loaded only for an address with a study's parameters (issue #30).
registerStudyLink(() => import('../studies/returnChannel').then((m) => m.openStudyLink))
const PresenterMode = lazy(() => import('../present/PresenterMode').then((m) => ({ default: m.PresenterMode })))

let booted = false

/** The page: a top bar (data set, language, access), the phone, and the task panel beside it. */
export function App() {
  const { t } = useTranslation()
  const language = useSettings((s) => s.language)
  const status = useSession((s) => s.status)
  const error = useSession((s) => s.error)
  const actor = useSettings((s) => s.actor)
  // A program's open does not ask a person for a name: the dialog gives way as soon as one drives the page.
  const programDriving = useSession((s) => s.programDriving === true)
  const view = useShownView()
  const presenting = usePresent((s) => s.on)
  const storageProblem = useStorage((s) => s.problem !== undefined)
  const compact = useCompact()
  const studyLink = useDataLink((s) => s.study === true)
  const missingTask = useSession((s) => s.missingTask !== undefined)

  useEffect(() => {
    void setupI18n(language).then(() => {
      document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
    })
  }, [language])

  useEffect(() => {
    // Once per page: StrictMode runs effects twice, and a second boot would reopen the first task under an agent.
    if (booted) return
    booted = true
    void boot(() => installBundledSample(), addressHash())
    followLinks()
    void requestPersistence()
  }, [])

  useEffect(() => {
    // The timer runs only while the page is seen; the time is stored on leaving and every few seconds.
    const onVisibility = () => onVisibilityChange(document.visibilityState === 'visible')
    const onHide = () => void checkpointTime()
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onHide)
    const every = setInterval(onHide, 5000)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onHide)
      clearInterval(every)
    }
  }, [])

  return (
    <div className="layout">
      <TopBar />
      <DatabaseNotice />
      {studyLink && (
        <Suspense fallback={null}>
          <ReturnStatus />
        </Suspense>
      )}
      <main className={`stage stage-${view}${compact ? ' compact' : ''}`}>
        {status === 'error' && <p role="alert">{t('loadFailed', { error })}</p>}
        {status === 'linkFailed' && (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <DataLinkProblem />
          </Suspense>
        )}
        {(status === 'loading' || status === 'idle') && <p role="status">{t('loading')}</p>}
        {status === 'ready' && (
          <>
            {/* The task panel shows the storage alert beside the phone (in its sheet on a small screen, so here too); the other views (agent runs write too) show it here. */}
            {(view !== 'phone' || compact) && storageProblem && (
              <div className="page-banners">
                <StorageBanner leader={false} />
              </div>
            )}
            {/* One boundary per view, new with each view: a broken view leaves the top bar working, and coming back tries it afresh. */}
            <ErrorBoundary key={view}>
              {view === 'phone' && (
                <>
                  {missingTask && (
                    <Suspense fallback={null}>
                      <MissingTaskNotice />
                    </Suspense>
                  )}
                  <Phone />
                  <TaskSheet>
                    <Panel />
                  </TaskSheet>
                </>
              )}
              {view !== 'phone' && (
                <Suspense fallback={<p role="status">{t('loading')}</p>}>
                  {view === 'people' && <PeopleView />}
                  {view === 'runs' && <RunsView phone={<Phone />} />}
                  {view === 'replay' && <ReplayView phone={<Phone />} />}
                  {view === 'analysis' && <AnalysisView />}
                  {view === 'grade' && <GradeView phone={<Phone />} />}
                  {view === 'edit' && <EditorView />}
                </Suspense>
              )}
            </ErrorBoundary>
            {actor === '' && !programDriving && <AnnotatorDialog />}
          </>
        )}
      </main>
      {presenting && <Suspense fallback={null}><PresenterMode parameterWords={(tool, name) => parameterWords(t, tool, name, language)} /></Suspense>}
    </div>
  )
}
