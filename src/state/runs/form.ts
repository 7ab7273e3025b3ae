import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { DEFAULT_SYSTEM_TEMPLATE, MAX_TURNS, redactSecrets } from '../../core'
import type { Setting } from '../../core'
import type { StoredRun } from '../../db'
import { newId } from '../../core'
import { endpointOf, keyForEndpoint, parseEndpointKeys, withEndpointKey } from '../../runner/keys'
import { useSession } from '../sessionStore'

export type AgentKind = StoredRun['agent']

/** The runner's settings form; the API keys are not part of it (see {@link useRunnerKeys}). */
export interface RunForm {
  agent: AgentKind
  baseURL: string
  model: string
  /** Extra request JSON, as typed. */
  extra: string
  template: string
  setting: Setting
  maxTurns: number
  repeats: number
  concurrency: number
  /** The tasks to run; empty means every task of the data set. */
  tasks: string[]
  /** The task that plays live on the phone ('' for none). */
  watch: string
  /** `auto`: live for tasks that expect changes or meet friction. */
  state: RunState
  /** Run-level random friction: 0 for none. */
  failureRate: number
  seed: string
}

export type RunState = 'auto' | 'static' | 'live'
export const RUN_STATES: readonly RunState[] = ['auto', 'static', 'live']

export const DEFAULT_FORM: RunForm = {
  agent: 'oracle',
  baseURL: 'http://127.0.0.1:8000/v1',
  model: '',
  extra: '',
  template: DEFAULT_SYSTEM_TEMPLATE,
  setting: 'paginated',
  maxTurns: MAX_TURNS,
  repeats: 3,
  concurrency: 4,
  tasks: [],
  watch: '',
  state: 'auto',
  failureRate: 0,
  seed: '0',
}

/** The form, kept across visits in localStorage; it never holds the key. */
export const useRunForm = create<RunForm>()(persist(() => ({ ...DEFAULT_FORM }), { name: 'spieval-runner-form' }))

const KEYS_STORAGE = 'spieval-runner-keys'
/** Where one key was kept before keys were tied to their endpoint; such a key's endpoint is unknown, so it is dropped. */
const UNBOUND_KEY_STORAGE = 'spieval-runner-key'

function storedKeys(): Record<string, string> {
  try {
    if (typeof sessionStorage === 'undefined') return {}
    sessionStorage.removeItem(UNBOUND_KEY_STORAGE)
    return parseEndpointKeys(sessionStorage.getItem(KEYS_STORAGE))
  } catch {
    return {}
  }
}

function storeKeys(keys: Record<string, string>, remember: boolean): void {
  try {
    if (remember && Object.values(keys).some(Boolean)) sessionStorage.setItem(KEYS_STORAGE, JSON.stringify(keys))
    else sessionStorage.removeItem(KEYS_STORAGE)
  } catch {
    // no sessionStorage (private mode): the keys stay in memory
  }
}

/**
 * The API keys, each tied to the endpoint it was entered for (src/runner/keys.ts):
 * in memory only, or also in sessionStorage when the person ticks "remember".
 * They never go to IndexedDB, exports or logs.
 */
export const useRunnerKeys = create<{ keys: Record<string, string>; remember: boolean }>()(() => {
  const keys = storedKeys()
  return { keys, remember: Object.keys(keys).length > 0 }
})

/** The key entered for this base URL, or `undefined` (then the runner asks; it never sends another endpoint's key). */
export function runnerKeyFor(baseURL: string): string | undefined {
  return keyForEndpoint(useRunnerKeys.getState().keys, baseURL)
}

/** Ties a key to a base URL's endpoint; a base URL that is not http(s) takes no key. */
export function setRunnerKey(baseURL: string, apiKey: string): void {
  const { keys, remember } = useRunnerKeys.getState()
  const next = withEndpointKey(keys, baseURL, apiKey)
  useRunnerKeys.setState({ keys: next })
  storeKeys(next, remember)
}

export function setRememberKeys(remember: boolean): void {
  useRunnerKeys.setState({ remember })
  storeKeys(useRunnerKeys.getState().keys, remember)
}

/** Checks the form and makes a run of it; throws with a message for the page. */
export function runFromForm(form: RunForm): StoredRun {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const ids = form.tasks.length > 0 ? tasks.filter((t) => form.tasks.includes(t.id)).map((t) => t.id) : tasks.map((t) => t.id)
  if (ids.length === 0) throw new Error('Pick at least one task')
  const whole = (n: number, min: number) => Number.isInteger(n) && n >= min
  if (!whole(form.maxTurns, 1) || !whole(form.repeats, 1) || !whole(form.concurrency, 1))
    throw new Error('Max turns, repeats and concurrency must be whole numbers of at least 1')
  const failureRate = form.failureRate ?? 0
  if (!(failureRate >= 0 && failureRate <= 1)) throw new Error('The random failure rate must be a number from 0 to 1')
  const seed = (form.seed ?? '0').trim() || '0'
  if (!/^[\w.-]{1,64}$/.test(seed)) throw new Error('The seed must be a number or a word')
  if (form.agent === 'endpoint') {
    if (!form.baseURL.trim() || !form.model.trim()) throw new Error('An endpoint needs a base URL and a model')
    if (endpointOf(form.baseURL) === undefined) throw new Error('The base URL must be an http:// or https:// address')
    if (form.extra.trim()) {
      let extra: unknown
      try {
        extra = JSON.parse(form.extra)
      } catch (err) {
        throw new Error(`Extra request JSON is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { cause: err })
      }
      if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw new Error('Extra request JSON must be an object')
    }
  }
  return {
    id: newId(),
    datasetId: dataset.id,
    created: Date.now(),
    agent: form.agent,
    model: form.agent === 'endpoint' ? form.model.trim() : form.agent,
    ...(form.agent === 'endpoint' ? { baseURL: form.baseURL.trim(), ...(form.extra.trim() ? { extra: form.extra.trim() } : {}) } : {}),
    ...(form.template !== DEFAULT_SYSTEM_TEMPLATE ? { template: form.template } : {}),
    setting: form.setting,
    maxTurns: form.maxTurns,
    repeats: form.repeats,
    concurrency: form.concurrency,
    tasks: ids,
    ...(form.watch && ids.includes(form.watch) ? { watch: form.watch } : {}),
    ...(form.state && form.state !== 'auto' ? { state: form.state } : {}),
    ...(failureRate > 0 ? { failure: { rate: failureRate, seed: /^\d+$/.test(seed) ? Number(seed) : seed } } : {}),
  }
}

/** Takes every key of this tab out of a text before it is shown or stored (the loop already did for the model's errors). */
export function scrub(text: string): string {
  return redactSecrets(text, Object.values(useRunnerKeys.getState().keys))
}
