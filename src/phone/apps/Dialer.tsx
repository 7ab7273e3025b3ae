import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Delete, Phone, PhoneOff, Video } from 'lucide-react'
import { callTool } from '../../state/session'
import { ErrorDialog } from '../ErrorDialog'
import { useAppUi } from './uiState'
import { isTypingTarget } from '../../shared/keys'
import { actionLabel } from '../../shared/labels'

const KEYS: [string, string][] = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
]
const DIALLABLE = /^[0-9*#+]$/

type CallType = 'VOICE' | 'VIDEO'

/** Keys typed on the phone (its screen or the keypad's buttons) or on the bare page dial, as a phone's keyboard would; a text field keeps its own. */
function typesIntoDialer(target: EventTarget | null, dialer: HTMLElement | null): boolean {
  if (isTypingTarget(target) || !(target instanceof Node)) return false
  return target === document.body || (dialer?.closest('.phone')?.contains(target) ?? false)
}

/**
 * The keypad: builds a number, and the green button calls it in one tap (Phone_Call, voice), the camera
 * button as a video call. The call is made as the tap lands, through the runtime; a call that does not go
 * through (a live task's friction) shows the phone's alert with Retry.
 */
export function Dialer() {
  const { t } = useTranslation()
  const { dialled, setDialled } = useAppUi()
  const dialer = useRef<HTMLDivElement>(null)
  const [busy, setBusy] = useState(false)
  const [inCall, setInCall] = useState<{ telephone: string; type: CallType }>()
  const [refused, setRefused] = useState<{ message: string; telephone: string; type: CallType }>()
  const closeRefusal = useCallback(() => setRefused(undefined), [])

  const call = useCallback(
    async (telephone: string, type: CallType) => {
      if (telephone === '' || busy) return
      setBusy(true)
      try {
        const step = await callTool('Phone_Call', { telephone, type }, 'ui')
        if (step.ok) {
          setRefused(undefined)
          setInCall({ telephone, type })
        } else setRefused({ message: step.content.replace(/^Error:\s*/, ''), telephone, type })
      } catch (err) {
        // Not stored (a full disk, another tab leads): nothing happened.
        setRefused({ message: t('livePhone.notSaved', { message: err instanceof Error ? err.message : String(err) }), telephone, type })
      } finally {
        setBusy(false)
      }
    },
    [busy, t],
  )

  useEffect(() => {
    if (inCall || refused) return
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !typesIntoDialer(e.target, dialer.current)) return
      if (DIALLABLE.test(e.key)) setDialled(useAppUi.getState().dialled + e.key)
      else if (e.key === 'Backspace') setDialled(useAppUi.getState().dialled.slice(0, -1))
      else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) void call(useAppUi.getState().dialled, 'VOICE')
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [call, inCall, refused, setDialled])

  if (inCall)
    return (
      <div className="dialer in-call" role="status" aria-live="polite">
        <span className="call-icon big">{inCall.type === 'VIDEO' ? <Video size={34} aria-hidden="true" /> : <Phone size={34} aria-hidden="true" />}</span>
        <p className="hero-name">{inCall.telephone}</p>
        <p className="muted">{t(inCall.type === 'VIDEO' ? 'phoneUi.videoCalling' : 'phoneUi.voiceCalling')}</p>
        <button
          type="button"
          className="round end-call"
          aria-label={t('phoneUi.endCall')}
          onClick={() => {
            setInCall(undefined)
            setDialled('')
          }}
        >
          <PhoneOff size={26} aria-hidden="true" />
        </button>
      </div>
    )

  return (
    <div className="dialer" ref={dialer}>
      {refused && (
        <ErrorDialog
          title={t('livePhone.errorTool', { action: actionLabel(t, 'Phone_Call') })}
          message={refused.message}
          busy={busy}
          onRetry={() => void call(refused.telephone, refused.type)}
          onClose={closeRefusal}
        />
      )}
      <input
        className="dialled"
        type="tel"
        inputMode="tel"
        aria-label={t('phoneUi.number')}
        value={dialled}
        onChange={(e) => setDialled(e.target.value.replace(/[^0-9*#+]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void call(dialled, 'VOICE')
        }}
      />
      <div className="keypad">
        {KEYS.map(([digit, letters]) => (
          <button key={digit} type="button" className="key" aria-label={t('phoneUi.digit', { digit })} onClick={() => setDialled(dialled + digit)}>
            <span className="key-digit">{digit}</span>
            <span className="key-letters" aria-hidden="true">
              {letters}
            </span>
          </button>
        ))}
      </div>
      <div className="dial-actions">
        <button type="button" className="round video" aria-label={t('callVideo')} disabled={dialled === '' || busy} onClick={() => void call(dialled, 'VIDEO')}>
          <Video size={24} aria-hidden="true" />
        </button>
        <button type="button" className="round call" aria-label={t('callVoice')} disabled={dialled === '' || busy} onClick={() => void call(dialled, 'VOICE')}>
          <Phone size={26} aria-hidden="true" />
        </button>
        <button type="button" className="round erase" aria-label={t('phoneUi.deleteDigit')} disabled={dialled === ''} onClick={() => setDialled(dialled.slice(0, -1))}>
          <Delete size={22} aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
