import { describe, expect, it } from 'vitest'
import type { Task, TrajectoryStep } from '../src/core'
import type { AttemptRow } from '../src/db'
import { NO_FILTERS, filterChoices, landingOf, replayRows } from '../src/state/replay'
import { actionScreen, routeAfter } from '../src/state/phonePlan'

const task = (id: string, type: string): Task => ({
  id,
  type,
  instruction: id,
  messages: [],
  answer: [],
  freeParams: [],
  reasoningPath: '',
  distractors: '',
  line: 1,
})

const attempt = (id: string, change: Partial<AttemptRow> & Record<string, unknown>): AttemptRow => ({
  id,
  datasetId: 'd',
  taskId: '推理1',
  access: 'paginated',
  actor: 'a',
  started: 0,
  elapsedMs: 0,
  finished: true,
  screen: '',
  callCount: 2,
  ...change,
})

const tasks = [task('推理1', '推理'), task('辨析1', '辨析')]
const rows: AttemptRow[] = [
  attempt('ok', { actor: 'gpt', started: 3, verdict: { correct: true, errorType: null, mismatches: [] } }),
  attempt('wrong', { actor: 'gpt', started: 2, taskId: '辨析1', verdict: { correct: false, errorType: 'wrong_value', mismatches: [] }, run: { id: 'run-7', repeat: 0, model: 'gpt' } }),
  attempt('file', { actor: 'run 0', started: 1, verdict: { correct: false, errorType: 'wrong_count', mismatches: [] }, importedFrom: 'response.jsonl' }),
  attempt('open', { actor: 'ann', started: 4, finished: false, callCount: 1 }),
  attempt('visit', { actor: 'ann', started: 5, finished: false, callCount: 0 }),
]
const ids = (list: AttemptRow[]) => list.map((a) => a.id)

describe('replay selectors', () => {
  it('lists recorded attempts newest first, leaving out visits without a call', () => {
    expect(ids(replayRows(rows, tasks, NO_FILTERS))).toEqual(['open', 'ok', 'wrong', 'file'])
  })

  it('filters by failed only, capability, error type, actor and run or file', () => {
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, failedOnly: true }))).toEqual(['wrong', 'file'])
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, capability: '辨析' }))).toEqual(['wrong'])
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, errorType: 'wrong_count' }))).toEqual(['file'])
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, actor: 'gpt' }))).toEqual(['ok', 'wrong'])
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, run: 'run-7' }))).toEqual(['wrong'])
    expect(ids(replayRows(rows, tasks, { ...NO_FILTERS, run: 'response.jsonl' }))).toEqual(['file'])
  })

  it('offers the actors and runs of recorded attempts', () => {
    expect(filterChoices(rows)).toEqual({ actors: ['ann', 'gpt', 'run 0'], runs: ['response.jsonl', 'run-7'] })
  })

  it('says where a step landed', () => {
    const step = (name: string, kind: 'retrieval' | 'execution', ok = true): TrajectoryStep => ({ seq: 0, name, arguments: {}, source: 'agent', kind, ok, content: '' })
    const searches = { contacts: { pattern: 'Tom', mode: 'fixed' as const, field: '', matchCase: false, result: { pattern: 'Tom', page: 1, ok: true, content: '', args: { pattern: 'Tom' }, data: { app: 'contacts', total: 2, page: 1, pages: 1, hits: [] } } } }
    expect(landingOf(step('search_contacts', 'retrieval'), searches)).toEqual({ kind: 'search', app: 'contacts', hits: 2 })
    expect(landingOf(step('search_phone', 'retrieval'), {})).toEqual({ kind: 'search', app: 'phone' })
    expect(landingOf(step('search_contacts', 'retrieval', false), {})).toEqual({ kind: 'searchFailed', app: 'contacts' })
    expect(landingOf(step('Phone_Call', 'execution'), {})).toEqual({ kind: 'action', app: 'voicemail', ok: true, withdrawn: false })
    expect(landingOf(step('Made_Up', 'execution', false), {})).toEqual({ kind: 'action', ok: false, withdrawn: false })
  })
})

describe('the screen an action leaves in a replay', () => {
  const step = (name: string, ok = true, withdrawn = false): TrajectoryStep => ({ seq: 3, name, arguments: {}, source: 'agent', kind: 'execution', ok, content: '', ...(withdrawn ? { withdrawn } : {}) })
  it('is the record it made in static state, else its app', () => {
    expect(actionScreen(step('Messages_Send'), 3, false)).toEqual({ screen: 'record', app: 'sms', index: 3, isNew: true })
    expect(actionScreen(step('Messages_Send'), 3, true)).toEqual({ screen: 'app', app: 'sms' })
    expect(actionScreen(step('Phone_Call', false), 3, false)).toEqual({ screen: 'app', app: 'voicemail' })
    expect(actionScreen(step('Phone_Call', true, true), 3, false)).toEqual({ screen: 'app', app: 'voicemail' })
    expect(actionScreen(step('Made_Up'), 3, false)).toEqual({ screen: 'home' })
  })
})

describe('where the phone stands on a step', () => {
  const step = (name: string, kind: TrajectoryStep['kind'], ok = true): TrajectoryStep => ({ seq: 0, name, arguments: {}, source: 'agent', kind, ok, content: '' })
  it('is the app a search opened, refused or not; what an action made; nowhere new after a reply or no step', () => {
    expect(routeAfter([step('search_contacts', 'retrieval')], false)).toEqual({ screen: 'app', app: 'contacts' })
    // A refused search opens its app too, where the tool's message shows (a person's bad pattern showed nothing).
    expect(routeAfter([step('search_contacts', 'retrieval', false)], false)).toEqual({ screen: 'app', app: 'contacts' })
    expect(routeAfter([step('search_phone', 'retrieval')], false)).toEqual({ screen: 'home' })
    expect(routeAfter([step('search_contacts', 'retrieval'), step('Phone_Call', 'execution')], false)).toEqual({ screen: 'record', app: 'voicemail', index: 1, isNew: true })
    expect(routeAfter([step('search_contacts', 'retrieval'), step('reply', 'reply')], false)).toBeUndefined()
    expect(routeAfter([], false)).toBeUndefined()
  })
})
