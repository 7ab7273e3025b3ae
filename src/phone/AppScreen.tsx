import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { appInfo } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'
import { selectSearch, usePhone } from '../state/phone'
import { callTool, useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { actionAsRecord, executedIn } from './executed'
import { fieldOptions } from './fields'
import { RecordList } from './RecordList'
import type { ListItem } from './RecordList'
import { SearchBar, searchArguments } from './SearchBar'

const NO_RECORDS: PhoneRecord[] = []

/** One app: its search bar, its list (or its search hits) and its action. */
export function AppScreen({ app }: { app: AppKey }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const info = appInfo(app)
  const search = usePhone(selectSearch(app))
  const { editSearch, navigate } = usePhone.getState()
  const records = useSession((s) => s.records?.[app] ?? NO_RECORDS)
  const steps = useSession((s) => s.steps)
  const access = useSession((s) => s.attempt?.access ?? 'browse')
  const profile = useSession((s) => s.dataset?.profile)
  const user = useMemo(() => ({ name: profile?.name ?? '', phone: profile?.phone ?? '' }), [profile])
  const fields = useMemo(() => fieldOptions(app, records, language), [app, records, language])
  if (!info) return null
  const label = language === 'en' ? info.label.en : info.label.zh
  const result = search.result
  const runSearch = (page: number) => void callTool(info.searchTool, searchArguments(search, page, true), 'ui')

  const executed: ListItem[] = executedIn(app, steps).map((s) => ({ index: s.seq, record: actionAsRecord(s, user), isNew: true }))
  let items: ListItem[] | undefined
  if (result?.data) items = result.data.hits.map((h) => ({ index: h.index, record: h.record }))
  else if (access === 'browse') items = sortedForBrowsing(app, records, user)

  return (
    <section className="app-screen" aria-label={label}>
      <header className="app-header" style={{ borderColor: APP_VIEWS[app].color }}>
        <button type="button" className="nav-back" onClick={() => navigate({ screen: 'home' })} aria-label={t('home')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{label}</h2>
        {info.executionTools.map((tool) => (
          <button key={tool} type="button" className="app-action" onClick={() => navigate({ screen: 'action', app, tool })}>
            {t(`actions.${tool}`, { defaultValue: tool })}
          </button>
        ))}
      </header>
      <SearchBar
        label={t('searchApp', { app: label })}
        search={search}
        fields={fields}
        withMode
        onChange={(change) => editSearch(app, change)}
        onSearch={() => runSearch(1)}
      />
      {result && (
        <div className="result-bar" role="status">
          {result.data ? t('results', { count: result.data.total }) : result.content}
          {result.data && result.data.pages > 1 && (
            <span className="pager">
              <button type="button" disabled={result.page <= 1} onClick={() => runSearch(result.page - 1)} aria-label={t('previousPage')}>
                <ChevronLeft size={26} aria-hidden="true" />
              </button>
              {t('page', { page: result.page, pages: result.data.pages })}
              <button
                type="button"
                disabled={result.page >= result.data.pages}
                onClick={() => runSearch(result.page + 1)}
                aria-label={t('nextPage')}
              >
                <ChevronRight size={18} aria-hidden="true" />
              </button>
            </span>
          )}
          {access === 'browse' && (
            <button type="button" className="clear" onClick={() => editSearch(app, { pattern: '', result: undefined })} aria-label={t('cancel')}>
              <X size={14} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      {items === undefined && executed.length === 0 ? (
        <p className="hint">{t('searchToSee')}</p>
      ) : (
        <RecordList
          app={app}
          items={[...executed, ...(items ?? [])]}
          user={user}
          grouped={!result}
          label={label}
          newLabel={t('newBadge')}
          {...(result && search.mode === 'fixed' ? { highlight: result.pattern } : {})}
          onOpen={(item) => navigate({ screen: 'record', app, index: item.index, ...(item.isNew ? { isNew: true } : {}) })}
        />
      )}
    </section>
  )
}

/** Browsing order: contacts A–Z, calendar by day, the rest as stored. */
function sortedForBrowsing(app: AppKey, records: readonly PhoneRecord[], user: { name: string; phone: string }): ListItem[] {
  const items = records.map((record, index) => ({ index, record }))
  const group = APP_VIEWS[app].group
  if (!group) return items
  const key = (i: ListItem) => group(i.record, user)
  return items.sort((a, b) => key(a).localeCompare(key(b)) || a.index - b.index)
}
