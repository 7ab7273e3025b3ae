import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AppKey, PhoneRecord } from '../core'
import { APP_VIEWS } from './appViews'
import { Highlight } from './Highlight'
import { valueText } from '../core'

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
    estimateSize: (i) => (rows[i]?.kind === 'header' ? 28 : props.highlight ? 80 : 62),
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
          const subtitle = view.subtitle(item.record)
          const match = props.highlight ? matchedElsewhere(item.record, props.highlight, `${title}\n${subtitle}`) : undefined
          return (
            <div key={v.key} role="listitem" style={style}>
              <button type="button" className="list-row" onClick={() => props.onOpen(item)} aria-label={title || `#${item.index + 1}`}>
                <span className="row-main">
                  <span className="row-title">
                    {item.isNew && <span className="badge-new">{props.newLabel}</span>}
                    <Highlight text={title} pattern={props.highlight} />
                  </span>
                  <span className="row-subtitle">
                    <Highlight text={subtitle} pattern={props.highlight} />
                  </span>
                  {match && (
                    <span className="row-match">
                      <Highlight text={snippet(match, props.highlight ?? '')} pattern={props.highlight} />
                    </span>
                  )}
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

/** The first field holding the pattern when the row's own lines do not show it, so that every hit shows why. */
function matchedElsewhere(record: PhoneRecord, pattern: string, shown: string): string | undefined {
  const needle = pattern.toLowerCase()
  if (needle === '' || shown.toLowerCase().includes(needle)) return undefined
  for (const value of Object.values(record)) {
    const text = valueText(value)
    if (text.toLowerCase().includes(needle)) return text
  }
  return undefined
}

/** About 60 characters around the first occurrence. */
function snippet(text: string, pattern: string): string {
  const at = text.toLowerCase().indexOf(pattern.toLowerCase())
  if (text.length <= 60 || at < 0) return text
  const start = Math.max(0, at - 20)
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 60)}${start + 60 < text.length ? '…' : ''}`
}
