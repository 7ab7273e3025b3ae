import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PEOPLE_TABS } from './store'
import { useSession } from '../state/session'
import { TabList, panelIdOf, tabIdOf } from '../shared/TabList'
import { hasStudyTab, loadStudies, showPeopleTab, useShownPeopleTab, useStudy } from './studyTab'
import type { PeopleViewTab } from './studyTab'

export const tabId = (tab: PeopleViewTab) => tabIdOf('people', tab)
export const panelId = (tab: PeopleViewTab) => panelIdOf('people', tab)

/** The sub-tabs, with Study while the data set has a study; arrow keys, Home and End move between them. */
export function PeopleTabs() {
  const { t } = useTranslation()
  const tab = useShownPeopleTab()
  const withStudy = useStudy(hasStudyTab)
  const datasetId = useSession((s) => s.dataset?.id)
  const tabs: readonly PeopleViewTab[] = withStudy ? [...PEOPLE_TABS, 'study'] : PEOPLE_TABS

  // Read on every showing of the view, so that a study saved meanwhile gets its tab.
  useEffect(() => {
    if (datasetId) void loadStudies(datasetId)
  }, [datasetId])

  return (
    <TabList
      tabs={tabs}
      tab={tab}
      onChange={showPeopleTab}
      label={t('people.tabs')}
      idPrefix="people"
      className="people-tabs"
      name={(x) => (x === 'study' ? t('studyDashboard.tab') : t(`people.tabNames.${x}`))}
    />
  )
}
