import { create } from 'zustand'
import type { AppKey, SearchData, SearchMode } from '../core'
import type { PhoneRoute } from './routes'

/** One app's search bar and its last answer. */
export interface AppSearch {
  pattern: string
  mode: SearchMode
  field: string
  matchCase: boolean
  /**
   * The last search made (by anyone) in this app, with its answer and its own arguments (without the page):
   * the pager repeats that search, whatever the bar holds now.
   */
  result?: { pattern: string; page: number; data?: SearchData; ok: boolean; content: string; args: Readonly<Record<string, unknown>> }
}

export const EMPTY_SEARCH: AppSearch = { pattern: '', mode: 'fixed', field: '', matchCase: false }

interface PhoneState {
  route: PhoneRoute
  /** The route was set by a call from an agent (not by a person's tap): agents move many times a second. */
  movedByAgent: boolean
  searches: Partial<Record<AppKey | 'phone', AppSearch>>
  /**
   * What a person typed into an action's form and left without sending (Back,
   * after the phone refused it): the form opens with it again, as a phone keeps
   * a draft. By action and the record it was opened from; forgotten when sent and when another attempt opens.
   */
  formDrafts: ReadonlyMap<string, Readonly<Record<string, unknown>>>
  keepFormDraft: (form: string, values: Readonly<Record<string, unknown>> | undefined) => void
  navigate: (route: PhoneRoute, by?: 'agent') => void
  editSearch: (app: AppKey | 'phone', change: Partial<AppSearch>) => void
  reset: (route?: PhoneRoute, by?: 'agent') => void
}

/** Phone navigation: the screen shown and each app's search state. */
export const usePhone = create<PhoneState>()((set) => ({
  route: { screen: 'home' },
  movedByAgent: false,
  searches: {},
  formDrafts: new Map(),
  keepFormDraft: (form, values) =>
    set((state) => {
      const formDrafts = new Map(state.formDrafts)
      if (values) formDrafts.set(form, values)
      else formDrafts.delete(form)
      return { formDrafts }
    }),
  navigate: (route, by) => set({ route, movedByAgent: by === 'agent' }),
  editSearch: (app, change) =>
    set((state) => ({ searches: { ...state.searches, [app]: { ...EMPTY_SEARCH, ...state.searches[app], ...change } } })),
  reset: (route = { screen: 'home' }, by) => set({ route, movedByAgent: by === 'agent', searches: {}, formDrafts: new Map() }),
}))

/** Pure selector: an app's search state, or the empty one. */
export const selectSearch = (app: AppKey | 'phone') => (state: PhoneState): AppSearch => state.searches[app] ?? EMPTY_SEARCH

/** The arguments of the last search again, at another page (page 1 is left out, as a first search sends it). */
export function pagedSearch(args: Readonly<Record<string, unknown>>, page: number): Record<string, unknown> {
  const { page: _page, ...rest } = args
  return page > 1 ? { ...rest, page } : rest
}
