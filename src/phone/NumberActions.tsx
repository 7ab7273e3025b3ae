import { useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MessageCircle, Phone, Video } from 'lucide-react'
import { usePhone } from '../state/phone'

/** Where a number leads: a voice or video call, or a message, each through its action's form, prefilled. */
export function useNumberActions() {
  const navigate = usePhone((s) => s.navigate)
  return {
    voice: (telephone: string) => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone, type: 'VOICE' } }),
    video: (telephone: string) => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone, type: 'VIDEO' } }),
    message: (telephone: string) => navigate({ screen: 'action', app: 'sms', tool: 'Messages_Send', prefill: { telephone } }),
  }
}

/**
 * A phone number shown in a record, tappable as on a phone: a tap offers a call, a video call or a message
 * to it. The menu closes with Escape or a tap elsewhere, and focus goes back to the number.
 */
export function NumberActions({ number }: { number: string }) {
  const { t } = useTranslation()
  const actions = useNumberActions()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)

  // A layout effect: the menu's keys are caught from the moment it shows (see useEscapeFirst).
  useLayoutEffect(() => {
    if (!open) return
    menu.current?.scrollIntoView({ block: 'nearest' })
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true })
    const close = () => {
      setOpen(false)
      button.current?.focus({ preventScroll: true })
    }
    // Caught before the phone's own Escape, which would leave the record.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation()
        close()
        return
      }
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
      const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
      const at = items.indexOf(document.activeElement as HTMLButtonElement)
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
      e.preventDefault()
    }
    const onPointer = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false)
    }
    window.addEventListener('keydown', onKey, true)
    window.addEventListener('pointerdown', onPointer)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      window.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <span className="number-actions">
      <button
        ref={button}
        type="button"
        className="phone-number"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('phoneUi.numberActions', { number })}
        onClick={() => setOpen(!open)}
      >
        {number}
      </button>
      {open && (
        <div id={menuId} ref={menu} className="number-menu" role="menu" aria-label={number}>
          <button type="button" role="menuitem" onClick={() => actions.voice(number)}>
            <Phone size={16} aria-hidden="true" /> {t('callVoice')}
          </button>
          <button type="button" role="menuitem" onClick={() => actions.video(number)}>
            <Video size={16} aria-hidden="true" /> {t('callVideo')}
          </button>
          <button type="button" role="menuitem" onClick={() => actions.message(number)}>
            <MessageCircle size={16} aria-hidden="true" /> {t('phoneUi.message')}
          </button>
        </div>
      )}
    </span>
  )
}
