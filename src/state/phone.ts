import { create } from 'zustand'
import type { AppKey, SearchData, SearchMode } from '../core'
import type { PhoneRoute } from './routes'

/** One app's search bar and its last answer. */
export interface AppSearch {
  pattern: string
  mode: SearchMode
  field: string
  matchCase: boolean
  /** The last search made (by anyone) in this app, with its answer. */
  result?: { pattern: string; page: number; data?: SearchData; ok: boolean; content: string }
}

export const EMPTY_SEARCH: AppSearch = { pattern: '', mode: 'fixed', field: '', matchCase: false }

interface PhoneState {
  route: PhoneRoute
  searches: Partial<Record<AppKey | 'phone', AppSearch>>
  navigate: (route: PhoneRoute) => void
  editSearch: (app: AppKey | 'phone', change: Partial<AppSearch>) => void
  reset: (route?: PhoneRoute) => void
}

/** Phone navigation: the screen shown and each app's search state. */
export const usePhone = create<PhoneState>()((set) => ({
  route: { screen: 'home' },
  searches: {},
  navigate: (route) => set({ route }),
  editSearch: (app, change) =>
    set((state) => ({ searches: { ...state.searches, [app]: { ...EMPTY_SEARCH, ...state.searches[app], ...change } } })),
  reset: (route = { screen: 'home' }) => set({ route, searches: {} }),
}))

/** Pure selector: an app's search state, or the empty one. */
export const selectSearch = (app: AppKey | 'phone') => (state: PhoneState): AppSearch => state.searches[app] ?? EMPTY_SEARCH
