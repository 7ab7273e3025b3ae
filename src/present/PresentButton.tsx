import { useTranslation } from 'react-i18next'
import { Presentation } from 'lucide-react'
import { enterPresent } from './store'
import './PresentButton.css'

/** The top bar's way into presenter mode (the address's `?present` is the other). Presenter mode hands the focus back here. */
export function PresentButton() {
  const { t } = useTranslation()
  return (
    <button type="button" id="present-toggle" className="present-toggle" onClick={enterPresent} title={t('present.enterTitle')}>
      <Presentation size={16} aria-hidden="true" />
      <span className="bar-label">{t('present.enter')}</span>
    </button>
  )
}
