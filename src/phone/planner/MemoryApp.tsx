import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, Plus, X } from 'lucide-react'
import { GET_MEMORY, MEMORY_APP, SEARCH_MEMORY } from '../../core'
import type { PhoneRecord } from '../../core'
import { usePhone } from '../../state/phone'
import { callTool, useSession } from '../../state/session'
import { actionLabel } from '../../shared/labels'
import { APP_VIEWS } from '../appViews'
import type { RowMark } from '../apps/Rows'
import { useAppUi } from '../apps/uiState'
import { DeletedRecords, DeletedRow } from '../Deleted'
import { appMarks, markOf, placeHit } from '../liveMarks'
import type { AppMarks } from '../liveMarks'
import { knownRecordIds, usePlacedTools } from '../liveSession'
import { MemoryCard } from './MemoryCard'
import { MemorySearchBar } from './MemorySearchBar'
import { atPage, memorySearchArguments, queryOf } from './memoryQuery'
import { lastSearch, useMemorySearch } from './memorySearch'
import './planner.css'

const NO_RECORDS: PhoneRecord[] = []
const NO_USER = { name: '', phone: '' }

/** A card of the list: the record, where it stands in the memory items now, and its live mark. */
interface Card {
  key: string
  index: number
  record: PhoneRecord
  mark?: RowMark
  /** A deleted item's id (it opens read-only, among the deleted). */
  deletedId?: string
}

/**
 * The memory app of a planner task. Pinned memories show at once (an agent
 * has them in its prompt); any other comes through `search_memory`, and a card
 * opens through `get_memory`: a person makes the calls an agent makes.
 */
export function MemoryApp() {
  const { t } = useTranslation()
  const label = t('planner.memory')
  const records = useSession((s) => s.records?.[MEMORY_APP] ?? NO_RECORDS)
  const steps = useSession((s) => s.steps)
  const live = useSession((s) => s.live)
  // Calls are made only in an open attempt this tab leads; otherwise (finished, a replay) a card just opens.
  const canCall = useSession((s) => s.attempt !== undefined && !s.attempt.finished && s.replaying === undefined && s.leading)
  const navigate = usePhone((s) => s.navigate)
  const placed = usePlacedTools()
  const marks = useMemo(() => appMarks(live, MEMORY_APP), [live])
  const { form, clearedThrough, edit, clear } = useMemorySearch()
  const search = useMemo(() => lastSearch(steps, clearedThrough), [steps, clearedThrough])
  const deletedView = useAppUi((s) => (s.deleted?.app === MEMORY_APP ? s.deleted : undefined))
  const showDeleted = useAppUi((s) => s.showDeleted)
  const [opening, setOpening] = useState<string>()
  const [problem, setProblem] = useState<string>()
  // A program's search shows in the bar the way it was made; a person's is what they typed.
  const synced = useRef(-1)
  useEffect(() => {
    if (!search || search.source === 'ui' || synced.current === search.seq) return
    synced.current = search.seq
    edit(queryOf(search.args))
  }, [search, edit])

  const cards = useMemo(() => (search?.data ? hitCards(search.data.hits, records, live, marks) : browsingCards(records, marks)), [search, records, live, marks])

  if (deletedView)
    return (
      <DeletedRecords
        app={MEMORY_APP}
        label={label}
        deleted={marks.deleted}
        user={NO_USER}
        {...(deletedView.id !== undefined ? { id: deletedView.id } : {})}
        {...(deletedView.fromList ? { fromList: true } : {})}
      />
    )

  const call = async (name: string, args: Record<string, unknown>) => {
    setProblem(undefined)
    try {
      return await callTool(name, args, 'ui')
    } catch (err) {
      // Not stored (a full disk, another tab leads): nothing happened; the storage banner says why.
      setProblem(t('livePhone.notSaved', { message: err instanceof Error ? err.message : String(err) }))
      return undefined
    }
  }
  const runSearch = (args: Record<string, unknown>) => {
    edit(queryOf(args))
    void call(SEARCH_MEMORY, args)
  }
  const open = async (card: Card) => {
    if (card.deletedId !== undefined) return showDeleted({ app: MEMORY_APP, id: card.deletedId })
    const id = card.record.id
    if (!canCall || typeof id !== 'string') return navigate({ screen: 'record', app: MEMORY_APP, index: card.index })
    setOpening(card.key)
    const step = await call(GET_MEMORY, { id })
    setOpening(undefined)
    if (step?.ok) navigate({ screen: 'record', app: MEMORY_APP, index: card.index })
    else if (step) setProblem(t('planner.openFailed', { message: step.content.replace(/^Error:\s*/, '') }))
  }
  const adds = (placed?.byApp.get(MEMORY_APP) ?? []).filter((p) => p.op === 'insert')
  const result = search?.data
  const page = result?.page ?? 1

  return (
    <section className="app-screen app-memory" aria-label={label}>
      <header className="app-header" style={{ borderColor: APP_VIEWS.memory.color }}>
        <button type="button" className="nav-back" onClick={() => navigate({ screen: 'home' })} aria-label={t('backHome')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{label}</h2>
        {adds.map((p) => (
          <button key={p.name} type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: MEMORY_APP, tool: p.name })}>
            <Plus size={14} aria-hidden="true" />
            {actionLabel(t, p.name)}
          </button>
        ))}
      </header>
      <MemorySearchBar form={form} onChange={edit} onSearch={() => runSearch(memorySearchArguments(form, 1))} />
      {search && (
        <div className="result-bar" role="status">
          {result ? t('results', { count: result.total }) : search.content}
          {result && result.pages > 1 && (
            <span className="pager">
              <button type="button" disabled={page <= 1} onClick={() => runSearch(atPage(search.args, page - 1))} aria-label={t('previousPage')}>
                <ChevronLeft size={18} aria-hidden="true" />
              </button>
              {t('page', { page, pages: result.pages })}
              <button type="button" disabled={page >= result.pages} onClick={() => runSearch(atPage(search.args, page + 1))} aria-label={t('nextPage')}>
                <ChevronRight size={18} aria-hidden="true" />
              </button>
            </span>
          )}
          <button type="button" className="clear" onClick={() => clear(search.seq)} aria-label={t('cancel')}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="form-error memory-problem">
          {problem}
        </p>
      )}
      <div className="memory-scroll">
        {!search && <p className="hint memory-hint">{cards.some((c) => c.record.pinned === true) ? t('planner.pinnedHint') : t('planner.noPinned')}</p>}
        {cards.length > 0 && (
          <ul className="memory-cards" aria-label={search ? t('results', { count: result?.total ?? 0 }) : t('planner.pinned')}>
            {cards.map((card) => (
              <MemoryCard key={card.key} record={card.record} mark={card.mark} busy={opening === card.key} onOpen={() => void open(card)} />
            ))}
          </ul>
        )}
        {!search && <p className="hint memory-hint">{t('planner.othersHint')}</p>}
        <DeletedRow app={MEMORY_APP} label={label} count={marks.deleted.length} />
      </div>
    </section>
  )
}

/** Pinned first, each group in its own order. */
function pinnedFirst(cards: Card[]): Card[] {
  return [...cards.filter((c) => c.record.pinned === true), ...cards.filter((c) => c.record.pinned !== true)]
}

/** A search's hits, placed among the items as they now stand (live state: moved, changed or deleted since). */
function hitCards(hits: readonly { index: number; record: PhoneRecord }[], records: readonly PhoneRecord[], live: Parameters<typeof placeHit>[2], marks: AppMarks): Card[] {
  const cards = hits.map((hit, i): Card => {
    if (!live) return { key: `hit-${i}-${hit.index}`, index: hit.index, record: hit.record }
    const placed = placeHit(hit, records, live, MEMORY_APP, knownRecordIds)
    if (placed.kind === 'deleted') return { key: `hit-${i}-deleted`, index: -1, record: placed.change.before ?? hit.record, mark: 'deleted', deletedId: placed.change.id }
    const mark = placed.kind === 'current' ? markOf(placed.change ?? marks.byIndex.get(placed.index)) : undefined
    return { key: `hit-${i}-${placed.index}`, index: placed.index, record: placed.record, ...(mark ? { mark } : {}) }
  })
  return pinnedFirst(cards)
}

/** Before any search: the pinned items, then those the attempt added or changed (live state). */
function browsingCards(records: readonly PhoneRecord[], marks: AppMarks): Card[] {
  const cards: Card[] = []
  records.forEach((record, index) => {
    const mark = markOf(marks.byIndex.get(index))
    if (record.pinned === true || mark) cards.push({ key: `item-${index}`, index, record, ...(mark ? { mark } : {}) })
  })
  return pinnedFirst(cards)
}
