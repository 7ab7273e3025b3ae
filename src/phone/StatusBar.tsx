import { BatteryFull, Signal } from 'lucide-react'
import type { Profile } from '../core'

/** The phone's status bar: the profile's "now", so that "tomorrow" reads as the task means it. */
export function StatusBar({ profile }: { profile: Profile }) {
  const [date = '', time = ''] = profile.now.split(' ')
  return (
    <div className="status-bar">
      <time className="status-time" dateTime={`${date}T${time}`}>
        {time.slice(0, 5)}
      </time>
      <span className="status-date">
        {profile.weekday.slice(0, 3)} {date}
      </span>
      <span className="status-icons" aria-hidden="true">
        <Signal size={15} /> <BatteryFull size={18} />
      </span>
    </div>
  )
}
