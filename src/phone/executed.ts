import type { PhoneRecord, TrajectoryStep } from '../core'
import { appOfExecutionTool } from '../core'
import type { AppKey } from '../core'

/** A lookup of contact names by phone number. */
export function contactNames(contacts: readonly PhoneRecord[]): (phone: string) => string | undefined {
  let map: Map<string, string> | undefined
  return (phone) => {
    if (!map) {
      map = new Map()
      for (const c of contacts) {
        const number = typeof c['电话号码'] === 'string' ? c['电话号码'] : String(c['电话号码'] ?? '')
        const name = typeof c['姓名'] === 'string' ? c['姓名'] : ''
        if (number !== '' && name !== '' && !map.has(number)) map.set(number, name)
      }
    }
    return map.get(phone)
  }
}

/** The successful, kept execution calls that act on an app, newest first. */
export function executedIn(app: AppKey, steps: readonly TrajectoryStep[]): TrajectoryStep[] {
  return steps.filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn && appOfExecutionTool(s.name)?.key === app).reverse()
}
