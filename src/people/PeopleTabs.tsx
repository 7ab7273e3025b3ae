import { useEffect, useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PEOPLE_TABS } from './store'
import { useSession } from '../state/session'
import { hasStudyTab, loadStudies, showPeopleTab, useShownPeopleTab, useStudy } from './studyTab'
import type { PeopleViewTab } from './studyTab'

export const tabId = (tab: PeopleViewTab) => `people-tab-${tab}`
export const panelId = (tab: PeopleViewTab) => `people-panel-${tab}`

/** The sub-tabs, with Study while the data set has a study; arrow keys, Home and End move between them. */
export function PeopleTabs() {
  const { t } = useTranslation()
  const tab = useShownPeopleTab()
  const withStudy = useStudy(hasStudyTab)
  const datasetId = useSession((s) => s.dataset?.id)
  const list = useRef<HTMLDivElement>(null)
  const tabs: readonly PeopleViewTab[] = withStudy ? [...PEOPLE_TABS, 'study'] : PEOPLE_TABS

  // Read on every showing of the view, so that a study saved meanwhile gets its tab.
  useEffect(() => {
    if (datasetId) void loadStudies(datasetId)
  }, [datasetId])

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab)
    const n = tabs.length
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key]
    const next = to === undefined ? undefined : tabs[to]
    if (!next) return
    e.preventDefault()
    showPeopleTab(next)
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus()
  }

  return (
    <div role="tablist" aria-label={t('people.tabs')} className="people-tabs" ref={list} onKeyDown={onKeyDown}>
      {tabs.map((x) => (
        <button
          key={x}
          type="button"
          role="tab"
          id={tabId(x)}
          aria-selected={tab === x}
          aria-controls={panelId(x)}
          tabIndex={tab === x ? 0 : -1}
          onClick={() => showPeopleTab(x)}
        >
          {x === 'study' ? t('studyDashboard.tab') : t(`people.tabNames.${x}`)}
        </button>
      ))}
    </div>
  )
}
