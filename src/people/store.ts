import { create } from 'zustand'
import { submittedOf } from '../core'
import type { PersonAttempt } from '../core'
import { callsOf, isRecorded } from '../db'
import type { AttemptRow, CallRow } from '../db'
import { replaceHashNow } from '../state/hashWriter'
import { openTask } from '../state/attemptController'
import { showView } from '../state/view'
import { addressHash } from '../state/address'

/** The People view's sub-tabs; also the second part of its hash (`#/people/crossval`). */
export type PeopleTab = 'exchange' | 'crossval' | 'baseline'

export const PEOPLE_TABS: readonly PeopleTab[] = ['exchange', 'crossval', 'baseline']

interface PeopleState {
  tab: PeopleTab
  /** The active data set's attempts as the statistics of people need them; null until read. */
  attempts: PersonAttempt[] | null
  onlyRevision: boolean
}

function tabOfHash(hash: string): PeopleTab {
  const second = hash.replace(/^#\/?/, '').split('/')[1]
  return PEOPLE_TABS.find((t) => t === second) ?? 'exchange'
}

export const usePeople = create<PeopleState>()(() => ({
  tab: tabOfHash(addressHash()),
  attempts: null,
  onlyRevision: false,
}))

export function setPeopleTab(tab: PeopleTab): void {
  usePeople.setState({ tab })
  if (typeof window !== 'undefined') replaceHashNow(`#/people/${tab}`)
}

export function setPeopleOption(change: Partial<Pick<PeopleState, 'onlyRevision'>>): void {
  usePeople.setState(change)
}

/**
 * A stored attempt as the statistics count it: the submitted calls are the
 * kept, successful execution calls (as the scorer gets them), retrievals the
 * number of retrieval calls made.
 */
export function personAttempt(row: AttemptRow, calls: readonly CallRow[]): PersonAttempt {
  return {
    attemptId: row.id,
    taskId: row.taskId,
    actor: row.actor,
    finished: row.finished,
    started: row.started,
    ...(row.ended !== undefined ? { ended: row.ended } : {}),
    elapsedMs: row.elapsedMs,
    ...(row.verdict ? { correct: row.verdict.correct, errorType: row.verdict.errorType } : {}),
    calls: submittedOf(calls),
    retrievals: calls.filter((c) => c.kind === 'retrieval').length,
    flags: row.flags ?? [],
    ...(row.afterGold ? { afterGold: true } : {}),
    sources: sourceCounts(calls),
    access: row.access,
  }
}

/** Steps by call source (Map-built: a source is one of a few names, but keys stay own properties). */
function sourceCounts(calls: readonly CallRow[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const c of calls) counts.set(c.source, (counts.get(c.source) ?? 0) + 1)
  return Object.fromEntries(counts)
}

let loadToken = 0

/**
 * Reads the calls behind the data set's attempts (the progress store's list)
 * into PersonAttempts. An attempt that was only opened (unfinished, no call
 * made: every page visit opens one) is left out, so that it shows neither as
 * a solver "in progress" nor as a person without results. Agent runs are
 * not people: they are in the Agent runs and Analysis views.
 */
export async function loadPeople(rows: readonly AttemptRow[]): Promise<void> {
  const token = ++loadToken
  const wanted = rows.filter((r) => r.run === undefined && isRecorded(r))
  const calls = await callsOf(wanted)
  const attempts = wanted.map((row) => personAttempt(row, calls.get(row.id) ?? []))
  if (token === loadToken) usePeople.setState({ attempts })
}

/** Shows a task on the phone, as the current annotator's attempt. */
export async function openOnPhone(taskId: string): Promise<void> {
  showView('phone')
  await openTask(taskId)
}
