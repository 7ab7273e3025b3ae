import { useTranslation } from 'react-i18next'
import { MEMORY_KINDS } from '../../core'
import { SearchForm } from '../SearchForm'
import { SearchModeSelect } from '../SearchModeSelect'
import type { MemoryQuery } from './memoryQuery'

/**
 * The memory app's search bar, wired to `search_memory`: words, and behind
 * "options" the mode, case, kind, tags and a date range. Enter searches; an
 * empty bar lists every memory, a page at a time.
 */
export function MemorySearchBar(props: { form: MemoryQuery; onChange: (change: Partial<MemoryQuery>) => void; onSearch: () => void }) {
  const { t } = useTranslation()
  const { form, onChange } = props
  return (
    <SearchForm
      label={t('planner.searchMemory')}
      text={form.query}
      onText={(query) => onChange({ query })}
      matchCase={form.matchCase}
      onMatchCase={(matchCase) => onChange({ matchCase })}
      onSearch={props.onSearch}
      optionsClassName="memory-options"
    >
      <SearchModeSelect mode={form.mode} onChange={(mode) => onChange({ mode })} />
      <label>
        {t('planner.kind')}
        <select value={form.kind} onChange={(e) => onChange({ kind: e.target.value })}>
          <option value="">{t('planner.anyKind')}</option>
          {MEMORY_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`planner.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('planner.tags')}
        <input type="text" value={form.tags} placeholder={t('planner.tagsHint')} onChange={(e) => onChange({ tags: e.target.value })} />
      </label>
      <label>
        {t('planner.dateFrom')}
        <input type="date" value={form.from} onChange={(e) => onChange({ from: e.target.value })} />
      </label>
      <label>
        {t('planner.dateTo')}
        <input type="date" value={form.to} onChange={(e) => onChange({ to: e.target.value })} />
      </label>
    </SearchForm>
  )
}
