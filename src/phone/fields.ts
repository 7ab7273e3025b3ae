import { appInfo } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'
import type { FieldOption } from './SearchBar'

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
