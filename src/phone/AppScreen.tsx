import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, Grid3x3, Plus, Voicemail, X } from 'lucide-react'
import { actionAsRecord, appInfo } from '../core'
import type { AppKey, PhoneRecord } from '../core'
import type { Language } from '../i18n'
import { pagedSearch, selectSearch, usePhone } from '../state/phone'
import { callTool, useSession } from '../state/session'
import { newActionPrefill } from './actionArguments'
import { APP_VIEWS } from './appViews'
import { Dialer } from './apps/Dialer'
import { ThreadList, ThreadView, threadsOf } from './apps/Messages'
import { useAppUi } from './apps/uiState'
import { DeletedRecords, DeletedRow } from './Deleted'
import { contactNames, executedIn } from './executed'
import { fieldOptions } from './fields'
import { appMarks, markOf, placeHit } from './liveMarks'
import type { AppMarks, PlacedHit } from './liveMarks'
import { knownRecordIds, usePlacedTools } from './liveSession'
import { RecordList } from './RecordList'
import { RefusedSearchText } from './RefusedSearchText'
import type { ListItem } from './RecordList'
import { SearchBar, searchArguments } from './SearchBar'
import { actionLabel } from '../shared/labels'

const NO_RECORDS: PhoneRecord[] = []

/** One app: its search bar, its list (or its search hits) and its action. */
export function AppScreen({ app }: { app: AppKey }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const info = appInfo(app)
  const search = usePhone(selectSearch(app))
  const { editSearch, navigate } = usePhone.getState()
  const records = useSession((s) => s.records?.[app] ?? NO_RECORDS)
  const contacts = useSession((s) => s.records?.contacts ?? NO_RECORDS)
  const steps = useSession((s) => s.steps)
  const access = useSession((s) => s.attempt?.access ?? 'browse')
  const profile = useSession((s) => s.dataset?.profile)
  const user = useMemo(() => ({ name: profile?.name ?? '', phone: profile?.phone ?? '' }), [profile])
  const live = useSession((s) => s.live)
  const placed = usePlacedTools()
  const marks = useMemo(() => appMarks(live, app), [live, app])
  const fields = useMemo(() => fieldOptions(app, records, language), [app, records, language])
  const browsing = useMemo(() => (access === 'browse' ? sortedForBrowsing(app, records, user) : undefined), [access, app, records, user])
  const result = search.result
  const executed: ListItem[] = useMemo(() => {
    const nameOf = contactNames(contacts)
    // In live state a tool with an effect changed the records themselves: its step is not shown a second time.
    const shown = executedIn(app, steps).filter((s) => !live || placed?.byName.get(s.name)?.op === undefined)
    return shown.map((s) => ({ index: s.seq, record: actionAsRecord(s, user, nameOf), isNew: true }))
  }, [app, steps, user, contacts, live, placed])
  const items: ListItem[] | undefined = useMemo(() => {
    if (result?.data) return result.data.hits.map((h) => (live ? placedItem(placeHit(h, records, live, app, knownRecordIds)) : { index: h.index, record: h.record }))
    if (browsing) return live ? withMarks(browsing, marks) : browsing
    // Records seen only through searches: the attempt's own inserts and edits show, as its executed actions do in static state.
    return live && marks.byIndex.size > 0 ? changedItems(records, marks) : undefined
  }, [result, browsing, live, records, app, marks])
  // Messages: threads while browsing; an open thread replaces the app's screen.
  const threads = useMemo(
    () => (app === 'sms' && !result && items !== undefined ? threadsOf([...executed, ...items], user, contactNames(contacts)) : undefined),
    [app, result, items, executed, user, contacts],
  )
  const thread = useAppUi((s) => s.thread)
  const phoneTab = useAppUi((s) => s.phoneTab)
  const setPhoneTab = useAppUi((s) => s.setPhoneTab)
  const deletedView = useAppUi((s) => (s.deleted?.app === app ? s.deleted : undefined))
  const showDeleted = useAppUi((s) => s.showDeleted)
  if (!info) return null
  const label = language === 'en' ? info.label.en : info.label.zh
  const runSearch = () => void callTool(info.searchTool, searchArguments(search, 1, true), 'ui')
  // Paging repeats the last search (its pattern, mode and field), not what the bar holds since.
  const turnPage = (page: number) => result && void callTool(info.searchTool, pagedSearch(result.args, page), 'ui')

  if (deletedView)
    return (
      <DeletedRecords
        app={app}
        label={label}
        deleted={marks.deleted}
        user={user}
        {...(deletedView.id !== undefined ? { id: deletedView.id } : {})}
        {...(deletedView.fromList ? { fromList: true } : {})}
      />
    )
  const openThread = threads?.find((th) => th.key === thread)
  if (openThread) return <ThreadView thread={openThread} user={user} />

  const keypad = app === 'voicemail' && phoneTab === 'keypad'
  const newPrefill = (tool: string) => {
    const prefill = newActionPrefill(tool, typeof profile?.now === 'string' ? profile.now : undefined)
    return prefill ? { prefill } : {}
  }
  // The app's own actions, then a live data set's tools that add to it; tools that edit or delete a record are on its detail.
  const extraTools = (placed?.byApp.get(app) ?? []).filter((p) => p.op !== 'update' && p.op !== 'delete' && !info.executionTools.includes(p.name))
  const actionTools = keypad ? [] : [...info.executionTools, ...extraTools.map((p) => p.name)]
  return (
    <section className={`app-screen app-${app}`} aria-label={label}>
      <header className="app-header" style={{ borderColor: APP_VIEWS[app].color }}>
        <button type="button" className="nav-back" onClick={() => navigate({ screen: 'home' })} aria-label={t('backHome')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{label}</h2>
        {actionTools.map((tool) => (
          <button key={tool} type="button" className="app-action" onClick={() => navigate({ screen: 'action', app, tool, ...newPrefill(tool) })}>
            {/* A plus for the actions that add a record (not a call, nor a check such as a payment's verification). */}
            {placed?.byName.get(tool)?.op === 'insert' && <Plus size={14} aria-hidden="true" />}
            {actionLabel(t, tool)}
          </button>
        ))}
      </header>
      {keypad ? (
        <Dialer />
      ) : (
        <>
          <SearchBar
            label={t('searchApp', { app: label })}
            search={search}
            fields={fields}
            withMode
            onChange={(change) => editSearch(app, change)}
            onSearch={runSearch}
          />
          {result && (
            <div className="result-bar" role="status">
              {result.data ? t('results', { count: result.data.total }) : <RefusedSearchText args={result.args} global={false} content={result.content} />}
              {result.data && result.data.pages > 1 && (
                <span className="pager">
                  <button type="button" disabled={result.page <= 1} onClick={() => turnPage(result.page - 1)} aria-label={t('previousPage')}>
                    <ChevronLeft size={18} aria-hidden="true" />
                  </button>
                  {t('page', { page: result.page, pages: result.data.pages })}
                  <button
                    type="button"
                    disabled={result.page >= result.data.pages}
                    onClick={() => turnPage(result.page + 1)}
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
          {threads ? (
            threads.length === 0 ? (
              <p className="hint">{t('phoneUi.noRecords')}</p>
            ) : (
              <ThreadList threads={threads} user={user} label={t('phoneUi.conversations')} newLabel={t('newBadge')} />
            )
          ) : items === undefined && executed.length === 0 ? (
            <p className="hint">{t('searchToSee')}</p>
          ) : items !== undefined && items.length === 0 && executed.length === 0 && !result ? (
            <p className="hint">{t('phoneUi.noRecords')}</p>
          ) : (
            <RecordList
              app={app}
              items={[...executed, ...(items ?? [])]}
              user={user}
              grouped={!result}
              label={label}
              newLabel={t('newBadge')}
              {...(result && search.mode === 'fixed' ? { highlight: result.pattern } : {})}
              onOpen={(item) =>
                item.mark === 'deleted' && item.id !== undefined
                  ? showDeleted({ app, id: item.id })
                  : navigate({ screen: 'record', app, index: item.index, ...(item.isNew ? { isNew: true } : {}) })
              }
            />
          )}
          <DeletedRow app={app} label={label} count={marks.deleted.length} />
        </>
      )}
      {app === 'voicemail' && (
        <nav className="tab-bar" role="tablist" aria-label={label}>
          <button type="button" role="tab" aria-selected={!keypad} onClick={() => setPhoneTab('voicemail')}>
            <Voicemail size={20} aria-hidden="true" />
            <span>{t('phoneUi.voicemail')}</span>
          </button>
          <button type="button" role="tab" aria-selected={keypad} onClick={() => setPhoneTab('keypad')}>
            <Grid3x3 size={20} aria-hidden="true" />
            <span>{t('dialer')}</span>
          </button>
        </nav>
      )}
    </section>
  )
}

/** Browsing order: each app's own (contacts A–Z, calendar by day and time, newest first for messages-like apps), else as stored. */
function sortedForBrowsing(app: AppKey, records: readonly PhoneRecord[], user: { name: string; phone: string }): ListItem[] {
  const items = records.map((record, index) => ({ index, record }))
  const view = APP_VIEWS[app]
  const key = view.sortKey ?? (view.group ? (r: PhoneRecord) => view.group?.(r, user) ?? '' : undefined)
  if (!key) return items
  const keyed = items.map((item) => ({ item, k: key(item.record) }))
  const sign = view.newestFirst ? -1 : 1
  keyed.sort((a, b) => (a.k < b.k ? -sign : a.k > b.k ? sign : a.item.index - b.item.index))
  return keyed.map((x) => x.item)
}

/** A search hit as a list row, placed in the live state (current index and mark, or deleted since). */
function placedItem(hit: PlacedHit): ListItem {
  if (hit.kind === 'deleted') return { index: -1, record: hit.change.before ?? {}, mark: 'deleted', id: hit.change.id }
  if (hit.kind === 'stale') return { index: hit.index, record: hit.record }
  const mark = markOf(hit.change)
  return mark ? { index: hit.index, record: hit.record, mark } : { index: hit.index, record: hit.record }
}

/** Browsing rows with their live marks; rows without a change stay the same objects. */
function withMarks(items: ListItem[], marks: AppMarks): ListItem[] {
  if (marks.byIndex.size === 0) return items
  return items.map((item) => {
    const mark = markOf(marks.byIndex.get(item.index))
    return mark ? { ...item, mark } : item
  })
}

/** The records the attempt inserted or edited, newest change first. */
function changedItems(records: readonly PhoneRecord[], marks: AppMarks): ListItem[] {
  const out: ListItem[] = []
  for (const [index, change] of marks.byIndex) {
    const record = records[index]
    const mark = markOf(change)
    if (record && mark) out.push({ index, record, mark })
  }
  return out.reverse()
}
