import type { Profile } from './types'
import { isPlainObject } from '../base/text'

/** The published benchmark's user (docs/reference.md); used when a data set has no profile.json. */
export const SPIEVAL_PROFILE: Profile = {
  name: '徐艺轩 (Yixuan Xu)',
  occupation: '上海光明坚果有限公司采购部员工 (employee of the Procurement Dept., Shanghai Guangming Nut Co.)',
  family: [
    { relation: 'wife', name: '谢玲' },
    { relation: 'son', name: '徐鑫' },
    { relation: 'daughter', name: '徐淼' },
  ],
  phone: '15711227837',
  paymentAccount: '6977889967897890098',
  now: '2025-11-01 12:00:00',
  weekday: 'Saturday',
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** The English weekday of a "YYYY-MM-DD…" date, computed in UTC so it never depends on the machine. */
export function weekdayOf(dateTime: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateTime)
  if (!match) return undefined
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay()
  return WEEKDAYS[day]
}

/**
 * Reads a parsed profile.json. Returns the profile or the list of problems;
 * a missing weekday is computed from `now`.
 */
export function readProfile(value: unknown): { profile: Profile } | { problems: string[] } {
  if (!isPlainObject(value)) return { problems: ['must be a JSON object'] }
  const problems: string[] = []
  const text = (key: string): string => {
    const v = value[key]
    if (typeof v !== 'string') {
      problems.push(`"${key}" must be a string`)
      return ''
    }
    return v
  }
  const name = text('name')
  const occupation = text('occupation')
  const phone = text('phone')
  const paymentAccount = text('paymentAccount')
  const now = text('now')
  if (now && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(now)) problems.push('"now" must be "YYYY-MM-DD HH:MM:SS"')
  const familyValue = value.family ?? []
  const family: Profile['family'] = []
  if (!Array.isArray(familyValue)) problems.push('"family" must be a list of {relation, name}')
  else
    familyValue.forEach((member, i) => {
      if (isPlainObject(member) && typeof member.relation === 'string' && typeof member.name === 'string')
        family.push({ relation: member.relation, name: member.name })
      else problems.push(`"family[${i}]" must be {relation, name} strings`)
    })
  const weekday = typeof value.weekday === 'string' ? value.weekday : (weekdayOf(now) ?? '')
  if (problems.length > 0) return { problems }
  return { profile: { name, occupation, family, phone, paymentAccount, now, weekday } }
}
