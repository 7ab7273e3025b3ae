import { create } from 'zustand'
import type { AppKey, RecordId } from '../../core'
import { usePhone } from '../../state/phone'

/** An app's deleted records (live state): the list, or one of them (`id`), opened from the list or from elsewhere (a search hit). */
export interface DeletedView {
  app: AppKey
  id?: RecordId
  /** Opened from the deleted list: back goes there; otherwise back leaves the deleted records. */
  fromList?: boolean
}

/**
 * View state inside apps that the route does not name: the open Messages thread, the Phone app's tab and dialled
 * number, and in live state the list of an app's deleted records (with the one open, by id).
 */
interface AppUiState {
  thread?: string
  phoneTab: 'voicemail' | 'keypad'
  dialled: string
  deleted?: DeletedView
  openThread: (thread: string | undefined) => void
  setPhoneTab: (tab: 'voicemail' | 'keypad') => void
  setDialled: (number: string) => void
  showDeleted: (deleted: DeletedView | undefined) => void
}

export const useAppUi = create<AppUiState>()((set) => ({
  phoneTab: 'voicemail',
  dialled: '',
  openThread: (thread) => set({ thread }),
  setPhoneTab: (phoneTab) => set({ phoneTab }),
  setDialled: (dialled) => set({ dialled }),
  showDeleted: (deleted) => set({ deleted }),
}))

// Leaving an app closes what was open in it: the Messages thread, the Phone app's keypad, the deleted records.
usePhone.subscribe((state) => {
  const route = state.route
  const app = 'app' in route ? route.app : undefined
  const ui = useAppUi.getState()
  if (ui.thread !== undefined && app !== 'sms') useAppUi.setState({ thread: undefined })
  if (ui.phoneTab !== 'voicemail' && app !== 'voicemail') useAppUi.setState({ phoneTab: 'voicemail' })
  if (ui.deleted !== undefined && (route.screen !== 'app' || app !== ui.deleted.app)) useAppUi.setState({ deleted: undefined })
})
