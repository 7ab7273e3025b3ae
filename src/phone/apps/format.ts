import type { PhoneRecord } from '../../core'
import { enumLabel, valueText } from '../../core'
import type { Language } from '../../i18n'

/** A stored field as text ('' when absent). */
export const text = (r: PhoneRecord, key: string): string => valueText(r[key])

/** Joins the non-empty parts with a middle dot. */
export const join = (...parts: string[]): string => parts.filter((p) => p !== '').join(' · ')

/** Up to two initials of a name (the first character for CJK names). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '#'
  const first = words[0] ?? ''
  if (/^[\p{Script=Han}]/u.test(first)) return first.charAt(0)
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : ''
  return (first.charAt(0) + last.charAt(0)).toUpperCase()
}

/** The A–Z section letter of a name ('#' for anything else). */
export function letter(name: string): string {
  const first = name.trim().charAt(0).toUpperCase()
  return /[A-Z]/.test(first) ? first : '#'
}

/** A soft colour picked from a name, for avatars. */
export function avatarColor(name: string): string {
  const palette = ['#636366', '#0a6fa8', '#1f7a3a', '#b35900', '#8a3fb3', '#c2185b', '#4b48c2', '#1f7f91']
  let h = 0
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return palette[h % palette.length] ?? '#8e8e93'
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Intl formatters are costly to build (about half a millisecond each) and lists format many rows: one per language and style. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  const known = formatters.get(key) as F | undefined
  if (known) return known
  const made = make()
  formatters.set(key, made)
  return made
}
const dateLocale = (language: Language) => (language === 'zh' ? 'zh-CN' : 'en-GB')

/** "Saturday, 14 March 2026" / "2026年3月14日 星期六" for a stored YYYY-MM-DD; the stored text otherwise. */
export function dayHeading(date: string, language: Language): string {
  const m = DATE.exec(date.trim())
  if (!m) return date
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  const long = formatter(`long:${language}`, () =>
    new Intl.DateTimeFormat(dateLocale(language), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  )
  return long.format(d)
}

/**
 * Short weekday names, Sunday first, as Intl.DateTimeFormat writes them for en-GB and zh-CN (a unit test holds them to
 * it). A table, because the phone's status bar shows one on every load, and a first Intl formatter costs a fresh page
 * about 35 ms while the engine loads its locale data.
 */
const WEEKDAYS_SHORT: Record<Language, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
}

/** "Sat" / "周六" for a stored YYYY-MM-DD, '' otherwise. */
export function weekdayShort(date: string, language: Language): string {
  const m = DATE.exec(date.trim())
  if (!m) return ''
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()
  return WEEKDAYS_SHORT[language][day] ?? ''
}

/** Nights between two stored dates, or undefined. */
export function nightsBetween(from: string, to: string): number | undefined {
  const a = DATE.exec(from.trim())
  const b = DATE.exec(to.trim())
  if (!a || !b) return undefined
  const ms = Date.UTC(Number(b[1]), Number(b[2]) - 1, Number(b[3])) - Date.UTC(Number(a[1]), Number(a[2]) - 1, Number(a[3]))
  const n = Math.round(ms / 86_400_000)
  return n > 0 ? n : undefined
}

/** An amount as money with two decimals (sign given separately); the stored text when it is not a number. */
export function money(value: unknown, language: Language): string {
  const n = typeof value === 'number' ? value : Number(valueText(value).replace(/[,\s]/g, ''))
  if (valueText(value) === '' || !Number.isFinite(n)) return valueText(value)
  const amount = formatter(`money:${language}`, () =>
    new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  )
  return amount.format(n)
}

/** How a stored status reads: good, pending, bad or neutral (stored text is shown as is). */
export function statusTone(status: string): 'good' | 'pending' | 'bad' | 'neutral' {
  const s = status.trim().toLowerCase()
  if (/cancel|取消|fail|失败/.test(s)) return 'bad'
  if (/confirm|booked|预订|确认|scheduled|not started|未开始|待/.test(s)) return 'pending'
  if (/complete|ended|done|完成|结束|已/.test(s)) return 'good'
  return 'neutral'
}

/** Whether a message was sent by the user (by number, or by name when the number is missing). */
export function sentByUser(r: PhoneRecord, user: { name: string; phone: string }): boolean {
  const phone = text(r, '发件人电话号码')
  if (phone !== '' && user.phone !== '') return phone === user.phone
  return text(r, '发件人姓名') !== '' && text(r, '发件人姓名') === user.name
}

/** The other side of a message: its name (or number) and number. */
export function counterpart(r: PhoneRecord, user: { name: string; phone: string }): { name: string; phone: string } {
  if (sentByUser(r, user)) return { name: text(r, '收件人姓名') || text(r, '收件人电话号码'), phone: text(r, '收件人电话号码') }
  return { name: text(r, '发件人姓名') || text(r, '发件人电话号码'), phone: text(r, '发件人电话号码') }
}

/** Attachments of a message as a list of paths (stored as a string or a list). */
export function attachments(r: PhoneRecord): string[] {
  const v = r['附件']
  if (Array.isArray(v)) return v.map((x) => valueText(x)).filter((x) => x !== '')
  const s = valueText(v)
  return s === '' ? [] : [s]
}

/** The file name of a path. */
export const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path

/** Whether a stored alarm status reads as on. */
export const isOn = (status: string): boolean => /^(on|开|开启|已开启|true|1|enabled)$/i.test(status.trim())

/**
 * A record's field as a person reads it in `language`: a stored enum value
 * ("10分钟前", "VOICE") by its label ("10 minutes before", "语音"), anything
 * else as stored. Only for display: what a call submits is the stored value.
 */
export function shown(record: PhoneRecord, field: string, language: Language): string {
  return enumLabel(text(record, field), language)
}
