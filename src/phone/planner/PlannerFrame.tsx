import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft } from 'lucide-react'
import { usePhone } from '../../state/phone'

/** A planner screen's frame: back, its title, its colour; the content scrolls beneath. */
export function PlannerFrame(props: { title: string; color: string; className: string; backLabel?: string; onBack?: () => void; children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = usePhone((s) => s.navigate)
  return (
    <section className={`app-screen planner-screen ${props.className}`} aria-label={props.title}>
      <header className="app-header" style={{ borderColor: props.color }}>
        <button type="button" className="nav-back" onClick={props.onBack ?? (() => navigate({ screen: 'home' }))} aria-label={props.backLabel ?? t('backHome')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{props.title}</h2>
      </header>
      <div className="planner-scroll">{props.children}</div>
    </section>
  )
}
