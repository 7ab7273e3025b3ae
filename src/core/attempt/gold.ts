import type { AttemptInfo, AttemptSink, GoldSource } from './types'

/**
 * Whether a finish's verdict reaches the attempt's actor: a person's review
 * and a submit's answer show it with its diff against the gold. An agent
 * runner's attempt (with a run tag) is a fresh conversation that never sees
 * a verdict: it neither receives the gold nor carries what its actor's name
 * received before, so its repeats stay blind.
 */
export function verdictReachesActor(info: Pick<AttemptInfo, 'run'>): boolean {
  return info.run === undefined
}

/**
 * Keeps that an actor received a task's gold (the editor showed it, an
 * unseal scored their attempts, a verdict or a fork came back): from then on
 * the actor's new attempts at that task are practice (`afterGold`).
 */
export function receiveGold(sink: Pick<AttemptSink, 'recordGold'>, actor: string, taskId: string, via: GoldSource, now: () => number = Date.now): Promise<void> {
  return sink.recordGold({ actor, taskId, via, at: now() })
}

/** The message of a second finish: a verdict is final, once given. */
export const VERDICT_FINAL = 'This attempt is already finished and its verdict is final; open the task again for a new attempt (after seeing the gold, it counts as practice)'
