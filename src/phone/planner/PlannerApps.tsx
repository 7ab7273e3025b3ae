import { useTranslation } from 'react-i18next'
import type { LucideIcon } from 'lucide-react'
import { Bot, MessageSquareText, Sparkles } from 'lucide-react'
import { MEMORY_APP } from '../../core'
import type { PhoneRoute } from '../../state/routes'
import { usePhone } from '../../state/phone'
import { APP_VIEWS } from '../appViews'
import { PLANNER_COLORS, usePlannerParts } from './offered'

/** A home-screen icon of the planner's: as the ten apps' icons, named by its label. */
function Icon({ label, color, icon: Glyph, route }: { label: string; color: string; icon: LucideIcon; route: PhoneRoute }) {
  const navigate = usePhone((s) => s.navigate)
  return (
    <li>
      <button type="button" className="app-icon" onClick={() => navigate(route)} aria-label={label}>
        <span className="app-glyph" style={{ background: color }} aria-hidden="true">
          <Glyph size={32} color="#fff" strokeWidth={1.8} />
        </span>
        <span className="app-name" aria-hidden="true">
          {label}
        </span>
      </button>
    </li>
  )
}

/** The planner's icons after the ten apps: Memory (a task with memory items), Skills, Assistants, each only where the task has it. */
export function PlannerApps() {
  const { t } = useTranslation()
  const parts = usePlannerParts()
  return (
    <>
      {parts.memory && <Icon label={t('planner.memory')} color={APP_VIEWS.memory.color} icon={APP_VIEWS.memory.icon} route={{ screen: 'app', app: MEMORY_APP }} />}
      {parts.skills && <Icon label={t('planner.skills')} color={PLANNER_COLORS.skills} icon={Sparkles} route={{ screen: 'planner', view: 'skills' }} />}
      {parts.assistants && <Icon label={t('planner.assistants')} color={PLANNER_COLORS.assistants} icon={Bot} route={{ screen: 'planner', view: 'assistants' }} />}
    </>
  )
}

/** The status bar's way to the conversation with the user, on every screen of a planner task. */
export function MessageUserButton() {
  const { t } = useTranslation()
  const { planner } = usePlannerParts()
  const navigate = usePhone((s) => s.navigate)
  if (!planner) return null
  return (
    <button type="button" className="status-message" onClick={() => navigate({ screen: 'planner', view: 'user' })} aria-label={t('planner.messageUser')} title={t('planner.messageUser')}>
      <MessageSquareText size={17} aria-hidden="true" />
    </button>
  )
}
