import { useRef } from 'react'
import type { KeyboardEvent } from 'react'

/** The id of a tab of a `TabList` with this prefix, and of the panel it controls. */
export const tabIdOf = (prefix: string, tab: string) => `${prefix}-tab-${tab}`
export const panelIdOf = (prefix: string, tab: string) => `${prefix}-panel-${tab}`

interface TabListProps<T extends string> {
  tabs: readonly T[]
  tab: T
  onChange: (tab: T) => void
  /** The tab list's accessible name. */
  label: string
  /** Names the tabs' and panels' ids ({@link tabIdOf}, {@link panelIdOf}). */
  idPrefix: string
  className: string
  name: (tab: T) => string
}

/**
 * A row of tabs, each selected as it is focused (WAI-ARIA's tabs with automatic activation): only the selected one
 * is in the page's tab order, and the arrow keys, Home and End move between them.
 */
export function TabList<T extends string>({ tabs, tab, onChange, label, idPrefix, className, name }: TabListProps<T>) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab)
    const n = tabs.length
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key]
    const next = to === undefined ? undefined : tabs[to]
    if (!next) return
    e.preventDefault()
    onChange(next)
    list.current?.querySelector<HTMLButtonElement>(`#${tabIdOf(idPrefix, next)}`)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className={className} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((x) => (
        <button
          key={x}
          type="button"
          role="tab"
          id={tabIdOf(idPrefix, x)}
          aria-selected={tab === x}
          aria-controls={panelIdOf(idPrefix, x)}
          tabIndex={tab === x ? 0 : -1}
          onClick={() => onChange(x)}
        >
          {name(x)}
        </button>
      ))}
    </div>
  )
}
