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

/** What the person chose, kept across visits (never API keys: those live elsewhere). */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: 'en',
      access: 'browse',
      actor: '',
      setLanguage: (language) => set({ language }),
      setAccess: (access) => set({ access }),
      setActor: (actor) => set({ actor }),
    }),
    { name: 'spieval-settings' },
  ),
)
