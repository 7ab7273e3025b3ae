import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Search, SlidersHorizontal } from 'lucide-react'
import { MEMORY_KINDS } from '../../core'
import { SearchModeSelect } from '../SearchModeSelect'
import type { MemoryQuery } from './memoryQuery'

/**
 * The memory app's search bar, wired to `search_memory`: words, and behind
 * "options" the mode, case, kind, tags and a date range. Enter searches; an
 * empty bar lists every memory, a page at a time.
 */
export function MemorySearchBar(props: { form: MemoryQuery; onChange: (change: Partial<MemoryQuery>) => void; onSearch: () => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const id = useId()
  const { form, onChange } = props
  const label = t('planner.searchMemory')
  return (
    <form
      className="search-bar"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        props.onSearch()
      }}
    >
      <div className="search-row">
        <input type="search" aria-label={label} placeholder={label} value={form.query} onChange={(e) => onChange({ query: e.target.value })} />
        <button type="submit" aria-label={t('search')}>
          <Search size={18} aria-hidden="true" />
        </button>
        <button type="button" aria-expanded={open} aria-controls={id} aria-label={t('searchOptions')} onClick={() => setOpen(!open)}>
          <SlidersHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div className="search-options memory-options" id={id}>
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
          <label className="inline">
            <input type="checkbox" checked={form.matchCase} onChange={(e) => onChange({ matchCase: e.target.checked })} />
            {t('matchCase')}
          </label>
        </div>
      )}
    </form>
  )
}
