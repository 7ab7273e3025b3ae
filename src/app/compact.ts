import { useSyncExternalStore } from 'react'
import { create } from 'zustand'

/**
 * When the page turns phone-first: the simulated phone fills the screen, the task moves into a sheet and the
 * settings into a menu. 600 px: phones in portrait are at most about 430 px wide and small tablets start at
 * 600, and below that a framed phone (418 px) with a page around it no longer fits. A phone held sideways
 * (short and touch-driven) gets the same layout, so that the simulated phone is not a frame to scroll through.
 * app.css keys its rules on the classes this sets (`.top-bar.compact`, `.stage.compact`), never on a second copy of the query.
 */
export const COMPACT_QUERY = '(max-width: 600px), (max-height: 500px) and (pointer: coarse)'

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined
  const list = window.matchMedia(COMPACT_QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

function matches(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(COMPACT_QUERY).matches
}

/** Whether the page is in its phone-first layout; follows the window as it is resized or turned. */
export function useCompact(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false)
}

/** Whether the task sheet is open (the compact bar's task button opens it; the sheet closes itself). */
export const useTaskSheet = create<{ open: boolean }>()(() => ({ open: false }))

export function setTaskSheet(open: boolean): void {
  useTaskSheet.setState({ open })
}

/** The compact bar's task button, where focus goes back when the sheet closes. */
export const TASK_BUTTON_ID = 'task-sheet-button'
