import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from './en'
import { zh } from './zh'

export type Language = 'en' | 'zh'

/** Sets up i18next once, with both languages bundled (they are small). */
export function setupI18n(language: Language): typeof i18next {
  if (!i18next.isInitialized)
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en }, zh: { translation: zh } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    })
  else void i18next.changeLanguage(language)
  return i18next
}
