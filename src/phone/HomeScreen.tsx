import { useTranslation } from 'react-i18next'
import { ChevronRight, X } from 'lucide-react'
import { APPS, GLOBAL_SEARCH_TOOL } from '../core'
import type { PhoneRecord } from '../core'
import type { Language } from '../i18n'
import { pagedSearch, selectSearch, usePhone } from '../state/phone'
import { callTool, useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { NewBadge } from './apps/Badges'
import { useAppUi } from './apps/uiState'
import { markOf, placeHit } from './liveMarks'
import { knownRecordIds, usePlacedTools } from './liveSession'
import { SearchBar, searchArguments } from './SearchBar'
import { RefusedSearchText } from './RefusedSearchText'
import { PlannerApps } from './planner/PlannerApps'
import { actionLabel } from '../shared/labels'

const NO_RECORDS: readonly PhoneRecord[] = []

/** The home screen: a global search (`search_phone`), the ten apps, and a planner task's own. */
export function HomeScreen() {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const search = usePhone(selectSearch('phone'))
  const { editSearch, navigate } = usePhone.getState()
  const result = search.result
  const live = useSession((s) => s.live)
  const records = useSession((s) => s.records)
  const showDeleted = useAppUi((s) => s.showDeleted)
  const elsewhere = usePlacedTools()?.elsewhere ?? []
  // Ends the search, answered or refused: the apps come back.
  const clearSearch = (
    <button type="button" className="clear" onClick={() => editSearch('phone', { pattern: '', result: undefined })} aria-label={t('cancel')}>
      <X size={14} aria-hidden="true" />
    </button>
  )
  return (
    <section className="home-screen" aria-label={t('home')}>
      <SearchBar
        label={t('searchPhone')}
        search={search}
        withMode={false}
        onChange={(change) => editSearch('phone', change)}
        onSearch={() => void callTool(GLOBAL_SEARCH_TOOL, searchArguments(search, 1, false), 'ui')}
      />
      {result?.data ? (
        <div className="global-results">
          <p role="status" className="result-bar">
            {t('results', { count: result.data.total })}
            {result.data.pages > 1 && (
              <span className="pager">
                {t('page', { page: result.page, pages: result.data.pages })}
                <button
                  type="button"
                  disabled={result.page >= result.data.pages}
                  onClick={() => void callTool(GLOBAL_SEARCH_TOOL, pagedSearch(result.args, result.page + 1), 'ui')}
                  aria-label={t('nextPage')}
                >
                  <ChevronRight size={18} aria-hidden="true" />
                </button>
              </span>
            )}
            {clearSearch}
          </p>
          <ul className="global-hits" aria-label={t('searchPhone')}>
            {result.data.hits.map((hit) => {
              const app = APPS.find((a) => a.key === hit.app)
              const view = app ? APP_VIEWS[app.key] : undefined
              if (!app || !view) return null
              // In live state a hit is placed in the records as they now stand (it may have moved, changed or gone).
              const placed = live ? placeHit(hit, records?.[app.key] ?? NO_RECORDS, live, app.key, knownRecordIds) : undefined
              const record = placed?.kind === 'deleted' ? (placed.change.before ?? hit.record) : (placed?.record ?? hit.record)
              const mark = placed?.kind === 'deleted' ? 'deleted' : placed?.kind === 'current' ? markOf(placed.change) : undefined
              const open = () => {
                if (placed?.kind === 'deleted') {
                  navigate({ screen: 'app', app: app.key })
                  showDeleted({ app: app.key, id: placed.change.id })
                } else navigate({ screen: 'record', app: app.key, index: placed?.index ?? hit.index })
              }
              const title = view.title(record)
              return (
                <li key={`${hit.app}-${hit.index}`}>
                  <button type="button" className="list-row" onClick={open}>
                    <span className="app-glyph small" style={{ background: view.color }} aria-hidden="true">
                      <view.icon size={18} color="#fff" />
                    </span>
                    <span className="row-main">
                      <span className="row-title">
                        <NewBadge label={t('newBadge')} mark={mark} />
                        {title}
                      </span>
                      <span className="row-subtitle">
                        {language === 'en' ? app.label.en : app.label.zh} · {view.subtitle(record)}
                      </span>
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      ) : (
        <>
          {result && (
            // A refused search: why, above the apps.
            <p role="status" className="result-bar">
              <RefusedSearchText args={result.args} global content={result.content} />
              {clearSearch}
            </p>
          )}
          <ul className="app-grid" aria-label={t('home')}>
            {APPS.map((app) => {
              const view = APP_VIEWS[app.key]
              const label = language === 'en' ? app.label.en : app.label.zh
              return (
                <li key={app.key}>
                  <button type="button" className="app-icon" onClick={() => navigate({ screen: 'app', app: app.key })} aria-label={label}>
                    <span className="app-glyph" style={{ background: view.color }} aria-hidden="true">
                      <view.icon size={32} color="#fff" strokeWidth={1.8} />
                    </span>
                    <span className="app-name" aria-hidden="true">
                      {label}
                    </span>
                  </button>
                </li>
              )
            })}
            <PlannerApps />
          </ul>
          {elsewhere.length > 0 && (
            <nav className="other-actions" aria-label={t('livePhone.moreActions')}>
              <h2>{t('livePhone.moreActions')}</h2>
              {elsewhere.map((p) => (
                <button key={p.name} type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: 'contacts', tool: p.name })}>
                  {actionLabel(t, p.name)}
                </button>
              ))}
            </nav>
          )}
        </>
      )}
    </section>
  )
}
