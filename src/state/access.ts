import type { AccessSetting, AttemptRow } from '../db'
import { openTask } from './attemptController'
import { useSession } from './sessionStore'
import { useSettings } from './settings'

export { fixedAccess } from './settings'

/**
 * The attempt on the phone that a change of the access setting would leave
 * behind: a person's unfinished attempt in another setting (an attempt keeps
 * the setting it was opened with; a replay or a run's attempt is not theirs
 * to restart).
 */
export function attemptInOtherSetting(next: AccessSetting): AttemptRow | undefined {
  const { attempt, replaying } = useSession.getState()
  if (!attempt || replaying || attempt.finished || attempt.run || attempt.access === next) return undefined
  return attempt
}

/** The new setting for new attempts, and a new attempt at the task on the phone in it. */
export async function restartInSetting(attempt: Pick<AttemptRow, 'taskId'>, next: AccessSetting): Promise<void> {
  useSettings.getState().setAccess(next)
  await openTask(attempt.taskId, { screen: 'home' }, { fresh: true, setting: next })
}
