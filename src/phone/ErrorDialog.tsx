import { useId, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle } from 'lucide-react'
import { useEscapeFirst } from './useEscapeFirst'

/**
 * The phone's own alert for an action that did not go through (refused by
 * the task's friction, or by its effect: no record, or several, to change).
 * Modal inside the phone: focus moves to Retry, stays in the dialog, and
 * goes back where it was when the dialog closes; Escape closes it.
 */
export function ErrorDialog(props: { title: string; message: string; busy: boolean; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const retry = useRef<HTMLButtonElement>(null)
  const { onClose } = props

  // Focus moves in as the alert is committed, so that no key pressed the moment it shows lands on the form beneath.
  useLayoutEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined
    retry.current?.focus()
    return () => {
      if (before?.isConnected) before.focus({ preventScroll: true })
    }
  }, [])

  useEscapeFirst(onClose)

  const trapTab = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab') return
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])]
    const first = buttons[0]
    const last = buttons[buttons.length - 1]
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="phone-alert-backdrop">
      <div
        ref={box}
        className="phone-alert"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        aria-busy={props.busy}
        onKeyDown={trapTab}
      >
        <AlertTriangle size={28} aria-hidden="true" className="phone-alert-icon" />
        <h3 id={`${id}-title`}>{props.title}</h3>
        <p id={`${id}-message`} aria-live="polite">
          {props.busy ? t('livePhone.retrying') : props.message}
        </p>
        <div className="phone-alert-buttons">
          {/* Not disabled while a retry runs: a disabled button would drop the focus out of the dialog. */}
          <button type="button" onClick={() => !props.busy && props.onClose()} aria-disabled={props.busy}>
            {t('livePhone.edit')}
          </button>
          <button ref={retry} type="button" className="default" onClick={() => !props.busy && props.onRetry()} aria-disabled={props.busy}>
            {t('livePhone.retry')}
          </button>
        </div>
      </div>
    </div>
  )
}
