import { useTranslation } from 'react-i18next'
import { Delete, Phone, Video } from 'lucide-react'
import { usePhone } from '../../state/phone'
import { useAppUi } from './uiState'

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

/** The keypad: builds a number; Call opens the Phone_Call form prefilled with it (voice or video). */
export function Dialer() {
  const { t } = useTranslation()
  const navigate = usePhone((s) => s.navigate)
  const { dialled, setDialled, setPhoneTab } = useAppUi()
  const call = (type: 'VOICE' | 'VIDEO') => {
    setPhoneTab('voicemail')
    navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone: dialled, ...(type === 'VIDEO' ? { type } : {}) } })
  }
  return (
    <div className="dialer">
      <input
        className="dialled"
        type="tel"
        inputMode="tel"
        aria-label={t('phoneUi.number')}
        value={dialled}
        onChange={(e) => setDialled(e.target.value.replace(/[^0-9*#+]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && dialled !== '') call('VOICE')
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
        <button type="button" className="round video" aria-label={t('callVideo')} disabled={dialled === ''} onClick={() => call('VIDEO')}>
          <Video size={24} aria-hidden="true" />
        </button>
        <button type="button" className="round call" aria-label={t('callVoice')} disabled={dialled === ''} onClick={() => call('VOICE')}>
          <Phone size={26} aria-hidden="true" />
        </button>
        <button type="button" className="round erase" aria-label={t('phoneUi.deleteDigit')} disabled={dialled === ''} onClick={() => setDialled(dialled.slice(0, -1))}>
          <Delete size={22} aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
