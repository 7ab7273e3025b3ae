import { useEffect, useRef } from 'react'
import type { DialogHTMLAttributes, ReactNode, RefObject } from 'react'
import { createPortal } from 'react-dom'

export interface DialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose' | 'children'> {
  /** Shown as a modal while true; by default, while mounted. */
  open?: boolean
  /** Escape (or a tap around a sheet): the dialog closes only if this makes `open` false or unmounts it. Absent: Escape does nothing. */
  onDismiss?: () => void
  /** After the browser closed it (however it was closed). */
  onClose?: () => void
  /** Takes the focus each time the dialog opens (the safe answer, the first field). */
  initialFocus?: RefObject<HTMLElement | null>
  /** The id of the control that opened it: the focus goes back there on close, unless the person moved it elsewhere. */
  returnFocusTo?: string
  /** A tap on the dimmed page around the box dismisses it (sheets and menus). */
  dismissOnBackdrop?: boolean
  /** On the page's body: for a dialog opened from inside another (the small screen's menu). */
  portal?: boolean
  children?: ReactNode
}

/**
 * The page's one dialog frame: a modal `<dialog>` (the browser traps the focus
 * and dims the page), opened and closed with `open`. Escape and taps around it
 * go through `onDismiss`, never past it: the phone behind must not also go back.
 */
export function Dialog({ open = true, onDismiss, onClose, initialFocus, returnFocusTo, dismissOnBackdrop, portal, children, ...attributes }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open && !el.open) {
      el.showModal()
      initialFocus?.current?.focus()
    }
    if (!open && el.open) el.close()
  }, [open, initialFocus])
  useEffect(() => {
    const el = dialog.current
    return () => {
      if (el?.open) el.close()
    }
  }, [])

  const frame = (
    <dialog
      {...attributes}
      ref={dialog}
      onCancel={(e) => {
        e.preventDefault()
        e.stopPropagation()
        onDismiss?.()
      }}
      onClose={(e) => {
        e.stopPropagation()
        if (returnFocusTo) {
          const active = document.activeElement
          if (!active || active === document.body || dialog.current?.contains(active)) document.getElementById(returnFocusTo)?.focus()
        }
        onClose?.()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation()
        attributes.onKeyDown?.(e)
      }}
      onClick={(e) => {
        attributes.onClick?.(e)
        // A tap on the dimmed page lands on the dialog element itself, outside its box.
        const el = dialog.current
        if (!dismissOnBackdrop || !el || e.target !== el) return
        const box = el.getBoundingClientRect()
        if (e.clientY < box.top || e.clientY > box.bottom || e.clientX < box.left || e.clientX > box.right) onDismiss?.()
      }}
    >
      {children}
    </dialog>
  )
  return portal ? createPortal(frame, document.body) : frame
}
