import { appInfo } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'

/** A field a search can target, by its stored key and its label. */
export interface FieldOption {
  key: string
  label: string
}

/** The label of a stored field key: English for known fields, the stored key itself in Chinese or when unknown. */
export function fieldLabel(app: AppKey, key: string, language: Language): string {
  const known = appInfo(app)?.fields.find((f) => f.key === key)
  if (!known) return key
  return language === 'en' ? known.en : known.zh
}

/** The fields a search can target: the app's own, then any other key its records carry. */
export function fieldOptions(app: AppKey, records: readonly PhoneRecord[], language: Language): FieldOption[] {
  const keys = new Set(appInfo(app)?.fields.map((f) => f.key))
  for (const r of records) for (const k of Object.keys(r)) keys.add(k)
  return [...keys].map((key) => ({ key, label: language === 'en' ? `${fieldLabel(app, key, language)} (${key})` : key }))
}

/** Fields that hold a phone number in the published apps. */
const PHONE_FIELDS = new Set(['电话号码', '发件人电话号码', '收件人电话号码', '来电号码', '联系方式'])
/** A mainland mobile number, with or without +86: how a number looks in any other field (a payee's account, say). */
const MOBILE_NUMBER = /^(\+?86[ -]?)?1[3-9]\d{9}$/

/** Whether a record's field holds a number the phone can call or message from where it is shown. */
export function isCallable(key: string, value: unknown): value is string {
  if (typeof value !== 'string') return false
  const compact = value.replace(/[\s()-]/g, '')
  if (PHONE_FIELDS.has(key)) return /^\+?\d{3,}$/.test(compact)
  return MOBILE_NUMBER.test(compact)
}

/** The number a record's Call and Message buttons use: the app's own (a contact's, a message's other side), else the first callable field. */
export function recordNumber(record: PhoneRecord, own: unknown): string {
  if (typeof own === 'string' && own !== '') return own
  const found = Object.entries(record).find(([key, value]) => isCallable(key, value))
  return typeof found?.[1] === 'string' ? found[1] : ''
}
