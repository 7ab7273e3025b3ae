import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from './en'

export type Language = 'en' | 'zh'

/** Chinese is loaded when first chosen (#27: the first load carries English only); it is ready when this settles. */
let chinese: Promise<void> | undefined
function loadChinese(): Promise<void> {
  chinese ??= import('./zh').then(({ zh }) => {
    i18next.addResourceBundle('zh', 'translation', zh)
  })
  return chinese
}

/** The English strings of the views loaded later (src/i18n/later.ts); a view's loader awaits them with the view. */
let later: Promise<void> | undefined
export function loadLaterStrings(): Promise<void> {
  later ??= import('./later').then(({ laterEn }) => {
    i18next.addResourceBundle('en', 'translation', laterEn, true, false)
  })
  return later
}

/**
 * Sets up i18next once, or switches its language; resolves once the language's
 * strings are in. Until Chinese has arrived (a few milliseconds from the page's
 * own server) the page stays in the language it was in.
 */
let wanted: Language = 'en'

export async function setupI18n(language: Language): Promise<void> {
  wanted = language
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    })
  if (language === 'zh') await loadChinese()
  // When two switches overlap, the latest choice wins, whichever loaded last.
  if (wanted === language && i18next.language !== language) await i18next.changeLanguage(language)
}
