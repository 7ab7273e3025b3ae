import type { Task } from '../dataset/types'

/**
 * A task under the runtime rules an attempt met when it was played: the
 * friction rules are those of `played`, the task as the attempt's runtime had
 * it. A participant of a sealed data set played the sealed task: they met the
 * friction rules its line kept (all of them, where sealing keeps what the
 * runtime needs; none, where it sealed them away with the gold). Judging the
 * steps again under the opened task's gold keeps those conditions, so that a
 * call is refused in the replay only if it was refused when it was made.
 */
export function underPlayedRules(task: Task, played: Pick<Task, 'live'>): Task {
  const friction = played.live?.friction
  if (task.live?.friction === friction) return task
  const { friction: _dropped, ...live } = task.live ?? {}
  const rules = friction ? { ...live, friction } : live
  const { live: _live, ...rest } = task
  return Object.keys(rules).length > 0 ? { ...rest, live: rules } : rest
}
