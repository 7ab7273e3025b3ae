import './shared.css'
import type { ReactNode } from 'react'

/** A wide table's frame: scrolls sideways when the window is narrow, and can be scrolled from the keyboard. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
