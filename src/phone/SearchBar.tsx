import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Search, SlidersHorizontal } from 'lucide-react'
import { SearchModeSelect } from './SearchModeSelect'
import type { AppSearch } from '../state/phone'

export interface FieldOption {
  key: string
  label: string
}

/**
 * A search bar wired to a `search_*` call: pattern, and behind "options" the
 * mode, the field and case. Enter searches.
 */
export function SearchBar(props: {
  label: string
  search: AppSearch
  fields?: FieldOption[]
  withMode: boolean
  onChange: (change: Partial<AppSearch>) => void
  onSearch: () => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const id = useId()
  const { search, fields, withMode, onChange, onSearch } = props
  return (
    <form
      className="search-bar"
      role="search"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault()
        onSearch()
      }}
    >
      <div className="search-row">
        <input
          type="search"
          aria-label={props.label}
          placeholder={props.label}
          value={search.pattern}
          onChange={(e) => onChange({ pattern: e.target.value })}
        />
        <button type="submit" aria-label={t('search')}>
          <Search size={18} aria-hidden="true" />
        </button>
        <button type="button" aria-expanded={open} aria-controls={id} aria-label={t('searchOptions')} onClick={() => setOpen(!open)}>
          <SlidersHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div className="search-options" id={id}>
          {withMode && (
            <SearchModeSelect mode={search.mode} onChange={(mode) => onChange({ mode })} />
          )}
          {fields && (
            <label>
              {t('field')}
              <select value={search.field} onChange={(e) => onChange({ field: e.target.value })}>
                <option value="">{t('allFields')}</option>
                {fields.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="inline">
            <input type="checkbox" checked={search.matchCase} onChange={(e) => onChange({ matchCase: e.target.checked })} />
            {t('matchCase')}
          </label>
        </div>
      )}
    </form>
  )
}

/** The arguments of a search call: only what differs from the defaults. */
export function searchArguments(search: AppSearch, page: number, withMode: boolean): Record<string, unknown> {
  return {
    pattern: search.pattern,
    ...(withMode && search.mode !== 'fixed' ? { mode: search.mode } : {}),
    ...(search.field ? { field: search.field } : {}),
    ...(search.matchCase ? { ignore_case: false } : {}),
    ...(page > 1 ? { page } : {}),
  }
}
