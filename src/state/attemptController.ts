import type { Attempt } from '../core'
import { database } from '../db'
import { pageLeadLock } from './attemptLock'
import { flushFrameJobs, onNextFrame } from './frameQueue'
import { PageHost } from './pageHost'
import { usePhone } from './phone'
import { phonePlan } from './phonePlan'
import { forgetAttempt, upsertAttempt } from './progress'
import { useSession } from './sessionStore'
import { useSettings } from './settings'
import { clearStorageError, reportStorageError } from './storage'
import { elapsedNow, pauseTimer, resumeTimer, startTimer } from './timer'

export type { OpenOptions } from './pageHost'

/**
 * The page's one host of the attempt kernel (src/state/pageHost.ts), wired to
 * the page's stores, its IndexedDB, the on-screen timer and the tabs' lock.
 * The functions below are its methods, for views and hosts that call them.
 */
export const pageHost = new PageHost({
  get db() {
    return database()
  },
  clock: { start: startTimer, pause: pauseTimer, resume: resumeTimer, elapsed: elapsedNow, now: () => Date.now() },
  lock: pageLeadLock,
  session: useSession,
  progress: upsertAttempt,
  forgetAttempt,
  phone: { plan: phonePlan, reset: (route, by) => usePhone.getState().reset(route, by) },
  frames: { later: onNextFrame, flush: flushFrameJobs },
  settings: () => useSettings.getState(),
  storage: { report: reportStorageError, clear: clearStorageError },
  visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
})

/** The attempt on the phone (a replay's view included), for the phone's list views and the hosts. */
export function currentAttempt(): Attempt | undefined {
  return pageHost.attempt
}

export const pageSink = pageHost.sinkFor.bind(pageHost)
export const onPhoneOrAlone = pageHost.onPhoneOrAlone.bind(pageHost)
export const openTask = pageHost.openTask.bind(pageHost)
export const forkAttempt = pageHost.forkAttempt.bind(pageHost)
export const leaveAttempt = pageHost.leaveAttempt.bind(pageHost)
export const putViewOnPhone = pageHost.putViewOnPhone.bind(pageHost)
export const onVisibilityChange = pageHost.onVisibilityChange.bind(pageHost)
export const checkpointTime = pageHost.checkpointTime.bind(pageHost)
export const callTool = pageHost.callTool.bind(pageHost)
export const rememberScreen = pageHost.rememberScreen.bind(pageHost)
export const checkCall = pageHost.checkCall.bind(pageHost)
export const refusalOf = pageHost.refusalOf.bind(pageHost)
export const withdrawCall = pageHost.withdrawCall.bind(pageHost)
export const replyToUser = pageHost.replyToUser.bind(pageHost)
export const finishAttempt = pageHost.finishAttempt.bind(pageHost)
export const flagTask = pageHost.flagTask.bind(pageHost)
export const finishRiskNow = pageHost.finishRiskNow.bind(pageHost)
export const submittedCalls = pageHost.submittedCalls.bind(pageHost)
