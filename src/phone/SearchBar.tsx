import { useTranslation } from 'react-i18next'
import { SearchForm } from './SearchForm'
import { SearchModeSelect } from './SearchModeSelect'
import type { AppSearch } from '../state/phone'
import type { FieldOption } from './fields'

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
  const { search, fields, withMode, onChange } = props
  return (
    <SearchForm
      label={props.label}
      text={search.pattern}
      onText={(pattern) => onChange({ pattern })}
      matchCase={search.matchCase}
      onMatchCase={(matchCase) => onChange({ matchCase })}
      onSearch={props.onSearch}
    >
      {withMode && <SearchModeSelect mode={search.mode} onChange={(mode) => onChange({ mode })} />}
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
    </SearchForm>
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
