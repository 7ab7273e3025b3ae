import { useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PEOPLE_TABS, setPeopleTab, usePeople } from '../state/people'
import type { PeopleTab } from '../state/people'

export const tabId = (tab: PeopleTab) => `people-tab-${tab}`
export const panelId = (tab: PeopleTab) => `people-panel-${tab}`

/** The sub-tabs; arrow keys, Home and End move between them. */
export function PeopleTabs() {
  const { t } = useTranslation()
  const tab = usePeople((s) => s.tab)
  const list = useRef<HTMLDivElement>(null)

  const onKeyDown = (e: KeyboardEvent) => {
    const i = PEOPLE_TABS.indexOf(tab)
    const n = PEOPLE_TABS.length
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key]
    const next = to === undefined ? undefined : PEOPLE_TABS[to]
    if (!next) return
    e.preventDefault()
    setPeopleTab(next)
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus()
  }

  return (
    <div role="tablist" aria-label={t('people.tabs')} className="people-tabs" ref={list} onKeyDown={onKeyDown}>
      {PEOPLE_TABS.map((x) => (
        <button
          key={x}
          type="button"
          role="tab"
          id={tabId(x)}
          aria-selected={tab === x}
          aria-controls={panelId(x)}
          tabIndex={tab === x ? 0 : -1}
          onClick={() => setPeopleTab(x)}
        >
          {t(`people.tabNames.${x}`)}
        </button>
      ))}
    </div>
  )
}
