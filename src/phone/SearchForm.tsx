import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Search, SlidersHorizontal } from 'lucide-react'

/**
 * The search form of the phone's apps: a search box, its button, and an options button that opens the options below
 * (`children`, then "match case", which every search tool has). Enter searches.
 */
export function SearchForm(props: {
  label: string
  text: string
  onText: (text: string) => void
  matchCase: boolean
  onMatchCase: (matchCase: boolean) => void
  onSearch: () => void
  optionsClassName?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <form
      className="search-bar"
      role="search"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault()
        props.onSearch()
      }}
    >
      <div className="search-row">
        <input type="search" aria-label={props.label} placeholder={props.label} value={props.text} onChange={(e) => props.onText(e.target.value)} />
        <button type="submit" aria-label={t('search')}>
          <Search size={18} aria-hidden="true" />
        </button>
        <button type="button" aria-expanded={open} aria-controls={id} aria-label={t('searchOptions')} onClick={() => setOpen(!open)}>
          <SlidersHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div className={props.optionsClassName ? `search-options ${props.optionsClassName}` : 'search-options'} id={id}>
          {props.children}
          <label className="inline">
            <input type="checkbox" checked={props.matchCase} onChange={(e) => props.onMatchCase(e.target.checked)} />
            {t('matchCase')}
          </label>
        </div>
      )}
    </form>
  )
}
