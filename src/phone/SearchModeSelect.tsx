import { useTranslation } from 'react-i18next'
import type { SearchMode } from '../core'

const MODES = ['fixed', 'regex', 'fuzzy'] as const

/** The search mode picker of a search bar's options (the apps' bar and the Memory app's). */
export function SearchModeSelect({ mode, onChange }: { mode: SearchMode; onChange: (mode: SearchMode) => void }) {
  const { t } = useTranslation()
  return (
    <label>
      {t('mode')}
      <select value={mode} onChange={(e) => onChange(e.target.value as SearchMode)}>
        {MODES.map((m) => (
          <option key={m} value={m}>
            {t(`modes.${m}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
