import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react'
import type { AppKey, RecordId, StateChange } from '../core'
import { APP_VIEWS } from './appViews'
import { useAppUi } from './apps/uiState'
import { useEscapeFirst } from './useEscapeFirst'
import { DetailView } from './RecordDetail'
import { RecordList } from './RecordList'
import type { ListItem } from './RecordList'

/** The row at the foot of an app's list that opens its deleted records. */
export function DeletedRow({ app, label, count }: { app: AppKey; label: string; count: number }) {
  const { t } = useTranslation()
  const showDeleted = useAppUi((s) => s.showDeleted)
  if (count === 0) return null
  return (
    <button type="button" className="deleted-row" onClick={() => showDeleted({ app })} aria-label={t('livePhone.deletedCountLabel', { count, app: label })}>
      <Trash2 size={16} aria-hidden="true" />
      <span>{t('livePhone.deletedCount', { count })}</span>
      <ChevronRight size={16} aria-hidden="true" />
    </button>
  )
}

/**
 * The deleted records replace the app's screen without a route change: focus, lost with the button that opened
 * them (or closed them), goes to the top of the phone's screen, as on a move between screens.
 */
export function useFocusKept(key: string): void {
  useEffect(() => {
    const lost = () => !document.activeElement || document.activeElement === document.body
    const focusScreen = () => {
      if (lost()) document.querySelector<HTMLElement>('.phone .phone-content')?.focus({ preventScroll: true })
    }
    focusScreen()
    return () => void setTimeout(focusScreen, 0)
  }, [key])
}

/**
 * An app's deleted records, read-only, as they were: the list, or one of them
 * (`id`). Live state only; the records are the state's deletions.
 */
export function DeletedRecords(props: {
  app: AppKey
  label: string
  deleted: readonly StateChange[]
  id?: RecordId
  fromList?: boolean
  user: { name: string; phone: string }
}) {
  const { t } = useTranslation()
  const { app, label, deleted, id, fromList } = props
  const showDeleted = useAppUi((s) => s.showDeleted)
  const close = useMemo(() => (id !== undefined && fromList ? () => showDeleted({ app }) : () => showDeleted(undefined)), [id, fromList, app, showDeleted])
  useEscapeFirst(close)
  useFocusKept(id ?? '')
  const items: ListItem[] = useMemo(
    () => deleted.flatMap((c, i) => (c.before ? [{ index: i, record: c.before, mark: 'deleted' as const, id: c.id }] : [])),
    [deleted],
  )
  const open = id === undefined ? undefined : deleted.find((c) => c.id === id)
  if (open?.before)
    return (
      <DetailView
        app={app}
        record={open.before}
        fallbackTitle={t('livePhone.deletedRecord')}
        mark="deleted"
        deleted
        backLabel={fromList ? t('livePhone.deletedTitle', { app: label }) : t('livePhone.backToList', { app: label })}
        onBack={close}
      />
    )
  const title = t('livePhone.deletedTitle', { app: label })
  return (
    <section className={`app-screen deleted-list app-${app}`} aria-label={title}>
      <header className="app-header" style={{ borderColor: APP_VIEWS[app].color }}>
        <button type="button" className="nav-back" onClick={() => showDeleted(undefined)} aria-label={t('livePhone.backToList', { app: label })}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{title}</h2>
      </header>
      <p className="hint deleted-hint">{t('livePhone.deletedHint')}</p>
      {items.length === 0 ? (
        <p className="hint">{t('phoneUi.noRecords')}</p>
      ) : (
        <RecordList
          app={app}
          items={items}
          user={props.user}
          grouped={false}
          label={title}
          newLabel={t('newBadge')}
          onOpen={(item) => item.id !== undefined && showDeleted({ app, id: item.id, fromList: true })}
        />
      )}
    </section>
  )
}
