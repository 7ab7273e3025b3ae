import { create } from 'zustand'
import { usePhone } from '../../state/phone'

/** View state inside apps that the route does not name: the open Messages thread, the Phone app's tab and dialled number. */
interface AppUiState {
  thread?: string
  phoneTab: 'voicemail' | 'keypad'
  dialled: string
  openThread: (thread: string | undefined) => void
  setPhoneTab: (tab: 'voicemail' | 'keypad') => void
  setDialled: (number: string) => void
}

export const useAppUi = create<AppUiState>()((set) => ({
  phoneTab: 'voicemail',
  dialled: '',
  openThread: (thread) => set({ thread }),
  setPhoneTab: (phoneTab) => set({ phoneTab }),
  setDialled: (dialled) => set({ dialled }),
}))

// Leaving an app closes what was open in it: the Messages thread, the Phone app's keypad.
usePhone.subscribe((state) => {
  const route = state.route
  const app = route.screen === 'home' ? undefined : route.app
  const ui = useAppUi.getState()
  if (ui.thread !== undefined && app !== 'sms') useAppUi.setState({ thread: undefined })
  if (ui.phoneTab !== 'voicemail' && app !== 'voicemail') useAppUi.setState({ phoneTab: 'voicemail' })
})
