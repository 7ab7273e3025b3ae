import { create } from 'zustand'
import { replaceHashNow } from './hashWriter'
import { useSession } from './sessionStore'
import { hashParts } from './urls'
import { addressHash } from './address'

/**
 * The page's main views: the phone with its task panel; people (exports,
 * cross-validation, baselines); agent runs; replay of recorded attempts;
 * analysis; grading rubric items (issue #29); and the task editor (`#/edit/<taskId>`, `#/edit/new`), opened from
 * a task rather than from the view tabs.
 */
export type View = 'phone' | 'people' | 'runs' | 'replay' | 'analysis' | 'grade' | 'edit'

/** The views with a tab. */
export const VIEWS: readonly View[] = ['phone', 'people', 'runs', 'replay', 'analysis', 'grade']

/**
 * A participant's page (a study's share of a sealed data set): the phone, the
 * task sheet and their export, nothing else. Agent runs, Replay, Analysis,
 * People and presenting belong to whoever runs the study.
 */
export function isParticipantPage(dataset: { sealed?: { study?: unknown } } | undefined): boolean {
  return dataset?.sealed?.study !== undefined
}

/** The views with a tab on this page: only the phone on a participant's. */
export function viewsOf(dataset: { sealed?: { study?: unknown } } | undefined): readonly View[] {
  return isParticipantPage(dataset) ? PARTICIPANT_VIEWS : VIEWS
}

const PARTICIPANT_VIEWS: readonly View[] = ['phone']

const LINKED_VIEWS: readonly View[] = [...VIEWS, 'edit']

/** `#/people` and friends; anything else is the phone (whose own hash names the task and screen). */
export function viewOfHash(hash: string): View {
  const first = hash.replace(/^#\/?/, '').split('/')[0]
  return LINKED_VIEWS.find((v) => v !== 'phone' && v === first) ?? 'phone'
}

export const useView = create<{ view: View }>()(() => ({
  view: viewOfHash(addressHash()),
}))

/** The view shown: on a participant's page always the phone, whatever the address says. */
export function useShownView(): View {
  const view = useView((s) => s.view)
  const participant = useSession((s) => isParticipantPage(s.dataset))
  return participant ? 'phone' : view
}

let beforeEditor: View = 'phone'
useView.subscribe((s) => {
  if (s.view !== 'edit') beforeEditor = s.view
})

/** The view shown before the editor (the phone when the page opened on it): where its Go back leads. */
export function viewBeforeEditor(): View {
  return beforeEditor
}

/** The rest of a view's hash after `#/<view>/`, split at slashes (deep links into a view, e.g. a replay step). */
export function viewPathOfHash(hash: string): string[] {
  return hashParts(hash).slice(1).filter(Boolean)
}

/** Shows a view (with an optional deep-link path); the phone writes its own hash when it comes back. */
export function showView(view: View, path: readonly string[] = []): void {
  useView.setState({ view })
  const hash = `#/${[view, ...path.map((p) => encodeURIComponent(p))].join('/')}`
  if (view !== 'phone' && typeof window !== 'undefined') replaceHashNow(hash)
}
