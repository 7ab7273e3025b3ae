import { Suspense, lazy, useEffect, useLayoutEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { MEMORY_APP } from '../core'
import { usePhone } from '../state/phone'
import { pushHash, replaceHash } from '../state/hashWriter'
import { routeToHash } from '../state/routes'
import { rememberScreen, useSession } from '../state/session'
import { useView } from '../state/view'
import { HomeScreen } from './HomeScreen'
import { StatusBar } from './StatusBar'
import './phone.css'

// An app's screens (its list, a record, an action's form) are not in the first load (#27): the home screen is all a
// page shows first. They are fetched when a screen first asks, or ahead of it (prefetchAppScreens).
const loadAppScreen = () => import('./AppScreen')
const loadRecordDetail = () => import('./RecordDetail')
const loadActionForm = () => import('./ActionForm')
const AppScreen = lazy(() => loadAppScreen().then((m) => ({ default: m.AppScreen })))
const RecordDetail = lazy(() => loadRecordDetail().then((m) => ({ default: m.RecordDetail })))
const ActionForm = lazy(() => loadActionForm().then((m) => ({ default: m.ActionForm })))

/** Fetches an app's screens before a person opens one (the page calls it once it is idle after its first boot). */
export function prefetchAppScreens(): Promise<void> {
  return Promise.all([loadAppScreen(), loadRecordDetail(), loadActionForm()]).then(() => undefined)
}
// A planner task's screens load when first shown: the first load stays the published phone's.
const MemoryApp = lazy(() => import('./planner/MemoryApp').then((m) => ({ default: m.MemoryApp })))
const PlannerScreen = lazy(() => import('./planner/PlannerScreen').then((m) => ({ default: m.PlannerScreen })))
const AgentNotice = lazy(() => import('./planner/AgentNotice').then((m) => ({ default: m.AgentNotice })))

/**
 * The phone takes no input while a task opens (`opening` in the session): a shield over its screen takes the taps
 * (a program's click waits for it to go, as for any element in the way), keys pressed inside the phone are dropped,
 * and the phone is aria-busy. All of it is set on the elements as the session changes: drawn by React, it drew the
 * whole phone again at an open's start and at its end. A shield rather than `inert` on the phone: `inert` restyled
 * the phone's whole subtree twice a task switch (1 to 1.6 ms of style a switch here), the shield restyles only itself.
 */
function useShieldWhileOpening(): { frame: RefObject<HTMLDivElement | null>; shield: RefObject<HTMLDivElement | null> } {
  const frame = useRef<HTMLDivElement>(null)
  const shield = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = frame.current
    const show = (opening: boolean) => {
      element?.setAttribute('aria-busy', String(opening))
      if (shield.current) shield.current.hidden = !opening
    }
    const dropKey = (event: KeyboardEvent) => {
      if (!useSession.getState().opening) return
      event.preventDefault()
      event.stopPropagation()
    }
    element?.addEventListener('keydown', dropKey, true)
    show(useSession.getState().opening === true)
    const unsubscribe = useSession.subscribe((state, previous) => {
      if (state.opening !== previous.opening) show(state.opening === true)
    })
    return () => {
      unsubscribe()
      element?.removeEventListener('keydown', dropKey, true)
    }
  }, [])
  return { frame, shield }
}

/** The phone: frame, status bar and the screen the route names. Escape goes back. */
export function Phone() {
  const { t } = useTranslation()
  const route = usePhone((s) => s.route)
  const navigate = usePhone((s) => s.navigate)
  // The home indicator goes to the home screen itself, as a phone's does: a search of the whole phone is put away too.
  const goHome = () => {
    usePhone.getState().editSearch('phone', { pattern: '', result: undefined })
    navigate({ screen: 'home' })
  }
  const profile = useSession((s) => s.dataset?.profile)
  const taskId = useSession((s) => s.task?.id)
  const hasAgents = useSession((s) => (s.dataset?.agents?.length ?? 0) > 0)

  // A person moving between screens with the keyboard lands at the start of the new screen (its first Tab stop
  // is the screen's first control), unless focus was elsewhere on the page. An agent's moves leave focus alone.
  const content = useRef<HTMLDivElement>(null)
  const { frame, shield } = useShieldWhileOpening()
  const shown = useRef(route)
  useEffect(() => {
    if (shown.current === route) return
    shown.current = route
    if (usePhone.getState().movedByAgent) return
    const active = document.activeElement
    const phone = content.current?.closest('.phone')
    if (!active || active === document.body || !active.isConnected || phone?.contains(active)) content.current?.focus({ preventScroll: true })
  }, [route])

  const replaying = useSession((s) => s.replaying !== undefined)
  // Shown in another view (the replay), the phone leaves that view's hash alone.
  const ownsHash = useView((s) => s.view === 'phone')
  // The task whose screens the address bar shows: a first write (a mount, another task) replaces the entry.
  const shownTask = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (replaying) return // a replay has its own deep links, and nothing of it is stored
    const hash = routeToHash(taskId, route)
    // A person's move shows in the address bar at once, as a history entry within the task (Back goes back on the
    // phone); an agent's many moves a second replace the entry, about once a second; another task replaces it too.
    const sameTask = shownTask.current === taskId
    shownTask.current = taskId
    const byAgent = usePhone.getState().movedByAgent
    if (ownsHash) {
      if (sameTask && !byAgent) pushHash(hash)
      else replaceHash(hash, { throttle: byAgent })
    }
    void rememberScreen(route)
  }, [route, taskId, replaying, ownsHash])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || useSession.getState().opening) return
      const r = usePhone.getState().route
      if (r.screen === 'record' || r.screen === 'action') navigate({ screen: 'app', app: r.app })
      else if (r.screen === 'app' || r.screen === 'planner') navigate({ screen: 'home' })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [navigate])

  return (
    <div className="phone" role="region" aria-label={t('appTitle')} ref={frame}>
      <div className="phone-screen">
        {profile && <StatusBar profile={profile} />}
        <div className="phone-content" key={JSON.stringify(route)} ref={content} tabIndex={-1}>
          {route.screen === 'home' && <HomeScreen />}
          <Suspense fallback={<p className="hint">{t('loading')}</p>}>
            {route.screen === 'app' && route.app !== MEMORY_APP && <AppScreen app={route.app} />}
            {route.screen === 'record' && <RecordDetail app={route.app} index={route.index} {...(route.isNew ? { isNew: true } : {})} />}
            {route.screen === 'action' && <ActionForm app={route.app} tool={route.tool} {...(route.prefill ? { prefill: route.prefill } : {})} />}
            {route.screen === 'app' && route.app === MEMORY_APP && <MemoryApp />}
            {route.screen === 'planner' && <PlannerScreen view={route.view} {...(route.from ? { from: route.from } : {})} />}
          </Suspense>
        </div>
        {hasAgents && (
          <Suspense fallback={null}>
            <AgentNotice />
          </Suspense>
        )}
        <button type="button" className="home-indicator" onClick={goHome} aria-label={t('home')} />
        <div className="phone-opening-shield" ref={shield} hidden aria-hidden="true" />
      </div>
    </div>
  )
}
