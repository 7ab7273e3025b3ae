import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { goToStep, leaveReplay, openReplay, setReplayFilter, stepBy, stepTo, togglePlay, useReplay } from '../state/replay'
import { viewPathOfHash } from '../state/view'
import { AttemptList } from './AttemptList'
import { Player } from './Player'
import { ReplayFilterBar } from './ReplayFilterBar'
import { ReplayImport } from './ReplayImport'
import './replay.css'
import { addressHash } from '../state/address'

/** Keys typed into a field or pressed on a control keep their own meaning there. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.closest('input, select, textarea, [contenteditable="true"]')) return true
  return key === ' ' && target.closest('button, a, summary') !== null
}

/**
 * Replay of recorded attempts on the phone: the attempts with filters and an
 * import on the left, the phone in the middle, the player on the right.
 * `#/replay/<attemptId>/<step>` opens an attempt at a step; `#/replay/run/<run>` filters by run or file.
 * The phone is the app's: a feature does not import another.
 */
export function ReplayView({ phone }: { phone: ReactNode }) {
  const { t } = useTranslation()
  // Read while rendering, before any effect (the phone's among them) can touch the hash.
  const [link] = useState(() => viewPathOfHash(addressHash()))

  useEffect(() => {
    const [first, second] = link
    if (first === 'run' && second) setReplayFilter({ run: second })
    else if (first) void openReplay(first, second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined)
    else if (useReplay.getState().attempt) void goToStep(useReplay.getState().step)
    return () => void leaveReplay()
  }, [link])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // With no attempt picked the keys scroll the page as usual.
      if (e.altKey || e.ctrlKey || e.metaKey || ownsKey(e.target, e.key) || !useReplay.getState().attempt) return
      // A presentation clicker sends Page Up and Page Down.
      if (e.key === ' ') togglePlay()
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') stepBy(-1)
      else if (e.key === 'ArrowRight' || e.key === 'PageDown') stepBy(1)
      else if (e.key === 'Home') stepTo(0)
      else if (e.key === 'End') stepTo(Number.MAX_SAFE_INTEGER)
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section className="replay-view" aria-label={t('views.replay')}>
      <div className="replay-side">
        <header className="replay-head">
          <h2>{t('replay.heading')}</h2>
          <p className="replay-hint">{t('replay.hint')}</p>
        </header>
        <ReplayImport />
        <ReplayFilterBar />
        <AttemptList />
      </div>
      {phone}
      <Player />
    </section>
  )
}
