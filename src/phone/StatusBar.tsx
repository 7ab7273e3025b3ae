import { memo } from 'react'
import { BatteryFull, Signal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Profile } from '../core'
import type { Language } from '../i18n'
import { weekdayShort } from './apps/format'
import { MessageUserButton } from './planner/PlannerApps'

/** The phone's status bar: the profile's "now", so that "tomorrow" reads as the task means it. */
export const StatusBar = memo(function StatusBar({ profile }: { profile: Profile }) {
  const { i18n } = useTranslation()
  const [date = '', time = ''] = profile.now.split(' ')
  const weekday = weekdayShort(date, i18n.language as Language) || profile.weekday.slice(0, 3)
  return (
    <div className="status-bar">
      <time className="status-time" dateTime={`${date}T${time}`}>
        {time.slice(0, 5)}
      </time>
      <span className="status-date">
        {weekday} {date}
      </span>
      <span className="status-end">
        <MessageUserButton />
        <span className="status-icons" aria-hidden="true">
          <Signal size={15} /> <BatteryFull size={18} />
        </span>
      </span>
    </div>
  )
})
