import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AppKey, PhoneRecord } from '../core'
import { APP_VIEWS } from './appViews'
import { Highlight } from './Highlight'

export interface ListItem {
  index: number
  record: PhoneRecord
  isNew?: boolean
}

type Row = { kind: 'header'; label: string } | { kind: 'item'; item: ListItem }

/** A virtualised list of records, with section headers; only the rows in view are in the DOM. */
export function RecordList(props: {
  app: AppKey
  items: ListItem[]
  user: { name: string; phone: string }
  grouped: boolean
  highlight?: string
  newLabel: string
  label: string
  onOpen: (item: ListItem) => void
}) {
  const view = APP_VIEWS[props.app]
  const rows: Row[] = []
  let last: string | undefined
  for (const item of props.items) {
    const group = props.grouped && !item.isNew ? view.group?.(item.record, props.user) : undefined
    if (group !== undefined && group !== last) rows.push({ kind: 'header', label: group || '—' })
    last = group
    rows.push({ kind: 'item', item })
  }
  const parent = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions by design; this list re-renders with its rows.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: (i) => (rows[i]?.kind === 'header' ? 28 : 62),
    overscan: 8,
  })
  return (
    <div className="record-list" ref={parent} role="list" aria-label={props.label}>
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
          const title = view.title(item.record)
          return (
            <div key={v.key} role="listitem" style={style}>
              <button type="button" className="list-row" onClick={() => props.onOpen(item)} aria-label={title || `#${item.index + 1}`}>
                <span className="row-main">
                  <span className="row-title">
                    {item.isNew && <span className="badge-new">{props.newLabel}</span>}
                    <Highlight text={title} pattern={props.highlight} />
                  </span>
                  <span className="row-subtitle">
                    <Highlight text={view.subtitle(item.record)} pattern={props.highlight} />
                  </span>
                </span>
                {view.trailing && <span className="row-trailing">{view.trailing(item.record)}</span>}
              </button>
            </div>
          )
        })}
      </div>
    </div>
  )
}
