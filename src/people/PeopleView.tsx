import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { loadPeople } from './store'
import { useProgress } from '../state/progress'
import { useShownPeopleTab } from './studyTab'
import { BaselineView } from './BaselineView'
import { CrossValidationView } from './CrossValidationView'
import { ExchangeView } from './ExchangeView'
import { PeopleTabs, tabId, panelId } from './PeopleTabs'
import { StorageNote } from './StorageNote'
import { StudyView } from './StudyView'
import './people.css'

/** People's attempts: exports and merges, cross-validation, and the human baseline, one sub-tab each. */
export function PeopleView() {
  const { t } = useTranslation()
  const tab = useShownPeopleTab()
  const rows = useProgress((s) => s.attempts)

  useEffect(() => {
    void loadPeople(rows)
  }, [rows])

  return (
    <section className="people-view" aria-labelledby="people-title">
      <div className="people-head">
        <h2 id="people-title">{t('views.people')}</h2>
        <StorageNote />
      </div>
      <div>
        <PeopleTabs />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="people-panel">
          {tab === 'exchange' && <ExchangeView />}
          {tab === 'crossval' && <CrossValidationView />}
          {tab === 'baseline' && <BaselineView />}
          {tab === 'study' && <StudyView />}
        </div>
      </div>
    </section>
  )
}
