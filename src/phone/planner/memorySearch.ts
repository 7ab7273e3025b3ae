import { create } from 'zustand'
import { SEARCH_MEMORY, parseArguments } from '../../core'
import type { SearchData, TrajectoryStep } from '../../core'
import { currentAttempt, useSession } from '../../state/session'
import { EMPTY_QUERY } from './memoryQuery'
import type { MemoryQuery } from './memoryQuery'

interface MemorySearchState {
  form: MemoryQuery
  /** Searches up to this step are cleared from view (the bar's ×); anyone's later search shows. */
  clearedThrough: number
  edit: (change: Partial<MemoryQuery>) => void
  clear: (seq: number) => void
}

export const useMemorySearch = create<MemorySearchState>()((set) => ({
  form: EMPTY_QUERY,
  clearedThrough: -1,
  edit: (change) => set((state) => ({ form: { ...state.form, ...change } })),
  clear: (seq) => set({ clearedThrough: seq }),
}))

// Another attempt starts with an empty bar, as the other apps' do.
useSession.subscribe((state, previous) => {
  if (state.attempt?.id !== previous.attempt?.id) useMemorySearch.setState({ form: EMPTY_QUERY, clearedThrough: -1 })
})

/** The memory app's last search (anyone's: a person's, an agent's), its arguments and its answer. */
export interface ShownSearch {
  seq: number
  /** Who searched: a program's search shows in the bar as it was made. */
  source: TrajectoryStep['source']
  args: Record<string, unknown>
  ok: boolean
  content: string
  data?: SearchData
}

/**
 * The last `search_memory` of the steps, after the bar was last cleared. A
 * stored step keeps the answer's text only: its hits are worked out again by
 * the attempt's runtime, which is deterministic (as the other apps' are).
 */
export function lastSearch(steps: readonly TrajectoryStep[], clearedThrough: number): ShownSearch | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]
    if (!step || step.seq <= clearedThrough) return undefined
    if (step.name !== SEARCH_MEMORY) continue
    const parsed = parseArguments(step.arguments)
    const args = 'args' in parsed ? parsed.args : {}
    const data = step.ok ? ((step.data ?? currentAttempt()?.runtime.call(step.name, step.arguments, 'replay').data) as SearchData | undefined) : undefined
    return { seq: step.seq, source: step.source, args, ok: step.ok, content: step.content, ...(data ? { data } : {}) }
  }
  return undefined
}
