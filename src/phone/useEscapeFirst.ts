import { useLayoutEffect } from 'react'

/**
 * Escape for a layer over the phone's screen (an alert, a message thread, the deleted records): caught before the
 * phone's own Escape, which would leave the screen beneath and lose a form's values. A layer that already took this
 * Escape (it prevented the default) leaves it alone.
 *
 * The listener is added as the layer is committed (a layout effect, not a passive one): an Escape pressed the moment
 * the layer shows would otherwise reach the phone first (an e2e test pressing Escape at once, under load, saw the
 * alert and the form close together).
 */
export function useEscapeFirst(onEscape: () => void): void {
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.stopPropagation()
      e.preventDefault()
      onEscape()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [onEscape])
}
