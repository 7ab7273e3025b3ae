import { lazy, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UserRound } from 'lucide-react'
import { AnnotatorDialog } from '../panel/AnnotatorDialog'
import { useSettings } from '../state/settings'
import { useSession } from '../state/session'
import { isParticipantPage, showView, useShownView, viewsOf } from '../state/view'
import { PresentButton } from '../present/PresentButton'
import { useCompact } from './compact'
import { DatasetManager } from '../datasets/DatasetManager'
import { MenuButton } from './MobileMenu'
import { DatasetName, SettingsControls } from './Settings'
import { TaskButton } from './TaskSheet'
import { loadLaterStrings } from '../i18n'

/** Sealing and studies: loaded when the data set manager first shows its rows (#27, not in the first load). */
const SealingActions = lazy(() => Promise.all([import('../studies/SealingActions'), loadLaterStrings()]).then(([m]) => ({ default: m.SealingActions })))

/** Keeps `--top-bar-height` on the root at the bar's height, so that the phone below can take exactly the rest of the screen. */
function useBarHeight(compact: boolean) {
  const bar = useRef<HTMLElement>(null)
  useEffect(() => {
    const el = bar.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty('--top-bar-height', `${Math.ceil(el.getBoundingClientRect().height)}px`))
    observer.observe(el)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--top-bar-height')
    }
  }, [compact, bar])
  return bar
}

/**
 * Title, the views, the active data set, the language and the access setting for new attempts. On a small screen
 * (see `COMPACT_QUERY`) one short row: the task button (instruction and time) and a menu with everything else.
 */
export function TopBar() {
  const { t } = useTranslation()
  const actor = useSettings((s) => s.actor)
  const view = useShownView()
  const views = useSession((s) => viewsOf(s.dataset))
  const participant = useSession((s) => isParticipantPage(s.dataset))
  const ready = useSession((s) => s.status === 'ready' && s.task !== undefined)
  const compact = useCompact()
  const [askName, setAskName] = useState(false)
  const bar = useBarHeight(compact)

  if (compact) {
    const taskHere = view === 'phone' && ready
    return (
      <header className="top-bar compact" ref={bar}>
        {/* The page keeps its heading; over the phone the task button takes its room. */}
        <h1 className={taskHere ? 'sr-only' : undefined}>
          {t('appTitle')}
          {view !== 'phone' && <span className="compact-view"> · {t(`views.${view}`)}</span>}
        </h1>
        {taskHere && <TaskButton />}
        {/* Its own button is in the menu; the dialogs, the data link prompt and the page's drop target stay here. */}
        <DatasetManager RowActions={SealingActions} />
        <MenuButton onAnnotator={() => setAskName(true)} />
        {askName && <AnnotatorDialog onClose={() => setAskName(false)} />}
      </header>
    )
  }

  return (
    <header className="top-bar" ref={bar}>
      <h1>{t('appTitle')}</h1>
      <nav aria-label={t('views.label')} className="views">
        {views.map((v) => (
          <button key={v} type="button" aria-current={view === v ? 'page' : undefined} onClick={() => showView(v)}>
            {t(`views.${v}`)}
          </button>
        ))}
      </nav>
      {!participant && <PresentButton />}
      <DatasetName />
      <DatasetManager RowActions={SealingActions} />
      {actor !== '' && (
        <button type="button" className="annotator" onClick={() => setAskName(true)} aria-label={t('panel.changeAnnotator', { name: actor })} title={t('layout.annotatorShort', { name: actor })}>
          <UserRound size={16} aria-hidden="true" />
          <span className="annotator-name">{actor}</span>
        </button>
      )}
      {askName && <AnnotatorDialog onClose={() => setAskName(false)} />}
      <SettingsControls />
    </header>
  )
}
