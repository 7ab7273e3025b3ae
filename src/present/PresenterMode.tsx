import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import { leavePresent } from './store'
import { useRuns } from '../state/runs/store'
import { useSession } from '../state/session'
import { useView } from '../state/view'
import { Caption } from './Caption'
import { BEZEL, MARGIN, phoneFit } from './fit'

/** Narrower than this (px), a phone of the height left fills the width, up to the Exit button's corner. */
const NARROW = 700
import './present.css'
import type { ParameterWords } from './callText'

/**
 * Presenter mode: the top bar and everything beside the phone hidden, the phone
 * large and centred, the last call as a caption under it. The view stays what
 * it was (the phone, a replay, a watched run), only hidden around the phone,
 * so a replay keeps playing and its keys (Space, ← →) keep working. Escape leaves.
 */
export function PresenterMode({ parameterWords }: { parameterWords: ParameterWords }) {
  const { t } = useTranslation()
  const caption = useRef<HTMLElement>(null)
  const top = useRef<HTMLDivElement>(null)
  const view = useView((s) => s.view)
  const watching = useRuns((s) => s.watching !== undefined)
  const replaying = useSession((s) => s.replaying !== undefined)
  const hasPhone = view === 'phone' || view === 'replay' || (view === 'runs' && watching)

  useLayoutEffect(() => {
    const root = document.documentElement
    root.classList.add('presenting')
    const fit = () => {
      const below = caption.current?.getBoundingClientRect().height ?? 0
      // Where the phone would reach the Exit button's corner (a narrow window), the phone starts under it.
      const above = window.innerWidth < NARROW ? Math.ceil(top.current?.getBoundingClientRect().bottom ?? 0) : 0
      const { zoom, frameHeight } = phoneFit(window.innerWidth - 2 * MARGIN, window.innerHeight - below - above - 2 * MARGIN)
      root.style.setProperty('--present-zoom', String(zoom))
      root.style.setProperty('--present-phone-height', `${Math.floor(frameHeight - BEZEL)}px`)
      root.style.setProperty('--present-caption-height', `${Math.ceil(below)}px`)
      root.style.setProperty('--present-margin', `${MARGIN}px`)
      root.style.setProperty('--present-top', `${above}px`)
    }
    fit()
    const resized = new ResizeObserver(fit)
    if (caption.current) resized.observe(caption.current)
    window.addEventListener('resize', fit)
    return () => {
      resized.disconnect()
      window.removeEventListener('resize', fit)
      root.classList.remove('presenting')
      for (const name of ['--present-zoom', '--present-phone-height', '--present-caption-height', '--present-margin', '--present-top']) root.style.removeProperty(name)
    }
  }, [])

  useEffect(() => {
    // Focus left in the hidden top bar (the Present button) would be lost: it goes to the caption, where Space still
    // plays a replay (on a button, Space would press the button).
    const active = document.activeElement
    if (!active || active === document.body || !(active as HTMLElement).checkVisibility?.()) caption.current?.focus({ preventScroll: true })
    // Leaving takes the caption away with the focus on it: the focus goes back to the Present button.
    return () => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById('present-toggle')?.focus({ preventScroll: true })
    }
  }, [])

  useEffect(() => {
    // On the document, so it runs before the phone's own Escape (on the window: it would go back a screen too), and
    // after the phone's dialogs and threads (caught on the window first: Escape closes them before leaving).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      if (e.target instanceof Element && e.target.closest('dialog')) return
      e.stopPropagation()
      e.preventDefault()
      leavePresent()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="present-chrome" role="region" aria-label={t('present.label')}>
      <div className="present-top" ref={top}>
        <span className="present-keys">{replaying ? t('present.keysReplay') : t('present.keys')}</span>
        <button type="button" className="present-leave" onClick={leavePresent} aria-label={t('present.leaveLabel')} title={t('present.leaveLabel')}>
          <X size={18} aria-hidden="true" /> {t('present.leave')}
        </button>
      </div>
      <Caption ref={caption} hasPhone={hasPhone} parameterWords={parameterWords} />
    </div>
  )
}
