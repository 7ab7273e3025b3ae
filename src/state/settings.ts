import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { AccessSetting, DatasetRow } from '../db'
import type { Language } from '../i18n'

interface SettingsState {
  language: Language
  access: AccessSetting
  actor: string
  setLanguage: (language: Language) => void
  setAccess: (access: AccessSetting) => void
  setActor: (actor: string) => void
}

/** The access setting a data set fixes: a study participant's share works in the study's setting only. */
export function fixedAccess(dataset: Pick<DatasetRow, 'sealed'> | undefined): AccessSetting | undefined {
  return dataset?.sealed?.study?.setting
}

/**
 * The page's language on a first visit: the first of the browser's languages the page has (a Chinese browser gets
 * Chinese, as a study's participant opening their link would expect), else English.
 */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'zh' || primary === 'en') return primary
  }
  return 'en'
}

// Only a page's: Node has a navigator too (from 21), whose language is the machine's, which no test should depend on.
const browserLanguages = (): readonly string[] => (typeof document === 'undefined' ? [] : navigator.languages)

/** What the person chose, kept across visits (never API keys: those live elsewhere). */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: preferredLanguage(browserLanguages()),
      access: 'browse',
      actor: '',
      setLanguage: (language) => set({ language }),
      setAccess: (access) => set({ access }),
      setActor: (actor) => set({ actor }),
    }),
    { name: 'spieval-settings' },
  ),
)
