import { useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AppKey, PhoneRecord, RecordId } from '../core'
import { valueText } from '../core'
import type { Language } from '../i18n'
import { APP_VIEWS } from './appViews'
import { Highlight } from './Highlight'
import { dayHeading, isOn, text } from './apps/format'
import { RowContent } from './apps/Rows'
import type { RowMark } from './apps/Rows'

export interface ListItem {
  /** The record's index in its app's current records; for an executed action shown as a record, its step's seq. */
  index: number
  record: PhoneRecord
  /** An executed action shown as a record (static state, or a call with no effect): `index` is its step. */
  isNew?: boolean
  /** In live state: the record was inserted or edited by the attempt, or deleted since the search that shows it. */
  mark?: RowMark
  /** In live state, a deleted record's id (its list and detail are read-only). */
  id?: RecordId
}

type Row = { kind: 'header'; label: string } | { kind: 'item'; item: ListItem }

const HEADER_HEIGHT = 30
const MATCH_LINE = 20

/** A virtualised list of records, drawn the way each app draws them, with section headers; only the rows in view are in the DOM. */
export function RecordList(props: {
  app: AppKey
  items: ListItem[]
  user: { name: string; phone: string }
  grouped: boolean
  highlight?: string
  newLabel: string
  label: string
  onOpen: (item: ListItem) => void
  /** Overrides for lists that are not one row per record (the Messages threads). */
  render?: (item: ListItem) => ReactNode
  rowLabel?: (item: ListItem) => string
  rowHeight?: number
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const view = APP_VIEWS[props.app]
  const listId = useId()
  // Built once per list, not per scroll frame: a 100,000-record list re-renders on every frame it scrolls.
  const { app, items, grouped, user } = props
  const rows = useMemo(() => {
    const out: Row[] = []
    let last: string | undefined
    for (const item of items) {
      const group = grouped && !item.isNew ? view.group?.(item.record, user) : undefined
      if (group !== undefined && group !== last) out.push({ kind: 'header', label: group === '' ? '—' : app === 'schedule' ? dayHeading(group, language) : group })
      last = group
      out.push({ kind: 'item', item })
    }
    return out
  }, [app, items, grouped, user, view, language])
  const itemHeight = (props.rowHeight ?? view.rowHeight) + (props.highlight ? MATCH_LINE : 0)
  const parent = useRef<HTMLDivElement>(null)
  const estimateSize = useCallback((i: number) => (rows[i]?.kind === 'header' ? HEADER_HEIGHT : itemHeight), [rows, itemHeight])
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions by design; this list re-renders with its rows.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize,
    overscan: 8,
  })
  // New rows or row heights (a search adds a match line) are measured before the browser paints, so that rows
  // never move under a pointer a frame after they appear.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, estimateSize])
  const cards = props.app === 'transport' || props.app === 'accommodation'
  return (
    <div className={`record-list list-${props.app}`} ref={parent} role="list" aria-label={props.label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]
          if (!row) return null
          const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: v.size, transform: `translateY(${v.start}px)` }
          if (row.kind === 'header')
            return (
              <div key={v.key} className="list-header" style={style} role="presentation">
                {row.label}
              </div>
            )
          const { item } = row
          const title = props.rowLabel ? props.rowLabel(item) : view.title(item.record)
          const shown = `${view.title(item.record)}\n${view.subtitle(item.record)}\n${cards || props.app === 'meeting' ? Object.values(item.record).map(valueText).join('\n') : ''}`
          const match = props.highlight ? matchedElsewhere(item.record, props.highlight, shown) : undefined
          const status = text(item.record, '状态')
          // The name stays the record's title; its mark (New, Edited, Deleted) is the row's description.
          const markId = item.mark ? `${listId}-${v.index}-mark` : undefined
          return (
            <div key={v.key} role="listitem" style={style} className={cards ? 'card-row' : undefined}>
              {markId && (
                <span id={markId} hidden>
                  {item.mark === 'new' ? props.newLabel : t(`livePhone.${item.mark === 'edited' ? 'edited' : 'deleted'}`)}
                </span>
              )}
              <button
                type="button"
                className={`list-row${item.isNew || item.mark === 'new' ? ' is-new' : ''}${item.mark ? ` mark-${item.mark}` : ''}`}
                onClick={() => props.onOpen(item)}
                aria-label={title || `#${item.index + 1}`}
                {...(markId ? { 'aria-describedby': markId } : {})}
              >
                <span className="row-body">
                  {props.render ? (
                    props.render(item)
                  ) : (
                    <RowContent
                      app={props.app}
                      record={item.record}
                      language={language}
                      t={t}
                      user={props.user}
                      newLabel={props.newLabel}
                      {...(item.isNew ? { isNew: true } : {})}
                      {...(item.mark ? { mark: item.mark } : {})}
                      {...(props.highlight ? { highlight: props.highlight } : {})}
                    />
                  )}
                </span>
                {match && (
                  <span className="row-match">
                    <Highlight text={snippet(match, props.highlight ?? '')} pattern={props.highlight} />
                  </span>
                )}
              </button>
              {props.app === 'alarm' && status !== '' && item.mark !== 'deleted' && <ReadOnlySwitch on={isOn(status)} label={`${t('phoneUi.alarmState')}: ${title} ${status}`} />}
            </div>
          )
        })}
      </div>
    </div>
  )
}

/** The alarm's on/off state: shown as a switch, but the data set is read-only, so it never toggles. */
export function ReadOnlySwitch({ on, label }: { on: boolean; label: string }) {
  return (
    <span role="switch" aria-checked={on} aria-readonly="true" aria-label={label} tabIndex={0} className={`switch${on ? ' on' : ''}`}>
      <span className="knob" />
    </span>
  )
}

/** The first field holding the pattern when the row's own lines do not show it, so that every hit shows why. */
function matchedElsewhere(record: PhoneRecord, pattern: string, shown: string): string | undefined {
  const needle = pattern.toLowerCase()
  if (needle === '' || shown.toLowerCase().includes(needle)) return undefined
  for (const value of Object.values(record)) {
    const s = valueText(value)
    if (s.toLowerCase().includes(needle)) return s
  }
  return undefined
}

/** About 60 characters around the first occurrence. */
function snippet(s: string, pattern: string): string {
  const at = s.toLowerCase().indexOf(pattern.toLowerCase())
  if (s.length <= 60 || at < 0) return s
  const start = Math.max(0, at - 20)
  return `${start > 0 ? '…' : ''}${s.slice(start, start + 60)}${start + 60 < s.length ? '…' : ''}`
}
