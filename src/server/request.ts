import { readAttemptState, readSetting } from '../core/index'
import type { AttemptState, FailureRate, Setting } from '../core/index'
import { HttpError } from './http-error'

/** What a client asks for when it starts an episode (`POST /episodes`), checked. */
export interface EpisodeRequest {
  taskId: string
  setting: Setting
  /** Absent: the task's default (live where it expects changes or meets friction). */
  state?: AttemptState
  failure?: FailureRate
  /** Who the episode's agent is: the request's `actor`, else `agent`. */
  actor: string
  run: number
}

/** What a tool call (`POST /episodes/{id}/call`, a WebSocket `step`) asks for, checked. */
export interface CallRequest {
  name: string
  arguments: unknown
}

const FIELDS = new Set(['task_id', 'setting', 'state', 'seed', 'failure_rate', 'actor', 'run'])

/** The body's own value for `key` (a key such as `__proto__` is an ordinary one here), or undefined. */
function own(body: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(body, key) ? body[key] : undefined
}

function objectBody(body: unknown, shape: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, `The body must be a JSON object: ${shape}.`)
  return body as Record<string, unknown>
}

/** The setting and state through the core's checks, so the server refuses exactly what `window.spieval.open` refuses, with the same message. */
function coreChoice<T>(read: () => T): T {
  try {
    return read()
  } catch (err) {
    throw new HttpError(400, err instanceof Error ? err.message : String(err))
  }
}

const OPEN_SHAPE = '{"task_id": "...", "setting"?: "paginated|full|no_search", "state"?: "static|live", "failure_rate"?: 0.1, "seed"?: 7, "actor"?: "...", "run"?: 0}'

/** Checks a `POST /episodes` body; a wrong type, an unknown key or a value out of range is a 400 naming it. */
export function readEpisodeRequest(raw: unknown): EpisodeRequest {
  const body = objectBody(raw, OPEN_SHAPE)
  const unknown = Object.keys(body).find((key) => !FIELDS.has(key))
  if (unknown !== undefined) throw new HttpError(400, `Unknown field ${JSON.stringify(unknown)}: the fields are ${[...FIELDS].join(', ')}.`)
  const taskId = own(body, 'task_id')
  if (typeof taskId !== 'string' || taskId === '') throw new HttpError(400, `"task_id" must be a task id (a string; GET /tasks lists them), got ${JSON.stringify(taskId ?? null)}.`)
  const setting = coreChoice(() => readSetting(own(body, 'setting')))
  const state = coreChoice(() => readAttemptState(own(body, 'state')))
  const actor = own(body, 'actor')
  if (actor !== undefined && (typeof actor !== 'string' || actor === '' || actor.length > 200)) throw new HttpError(400, '"actor" must be a name of 1 to 200 characters.')
  const run = own(body, 'run') ?? 0
  if (typeof run !== 'number' || !Number.isSafeInteger(run) || run < 0) throw new HttpError(400, `"run" must be a whole number of at least 0, got ${JSON.stringify(run)}.`)
  const failure = readFailure(own(body, 'failure_rate'), own(body, 'seed'))
  return { taskId, setting, run, actor: typeof actor === 'string' ? actor : 'agent', ...(state ? { state } : {}), ...(failure ? { failure } : {}) }
}

/** `failure_rate` in [0, 1] with an optional `seed` (a whole number or a word, default 0), as `npm run agent` takes them. */
function readFailure(rate: unknown, seed: unknown): FailureRate | undefined {
  if (rate === undefined || rate === null) {
    if (seed !== undefined && seed !== null) throw new HttpError(400, '"seed" goes with "failure_rate": give both, or neither.')
    return undefined
  }
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) throw new HttpError(400, `"failure_rate" must be a probability from 0 to 1, as 0.1, got ${JSON.stringify(rate)}.`)
  const seedValue = seed ?? 0
  const seedOk = (typeof seedValue === 'number' && Number.isSafeInteger(seedValue) && seedValue >= 0) || (typeof seedValue === 'string' && /^[\w.-]{1,64}$/.test(seedValue))
  if (!seedOk) throw new HttpError(400, `"seed" must be a whole number or a word of up to 64 letters, digits, "_", "." or "-", got ${JSON.stringify(seedValue)}.`)
  return rate > 0 ? { rate, seed: seedValue as number | string } : undefined
}

/**
 * Checks a call body `{name, arguments}`. Arguments may be an object or JSON
 * text, as `window.spieval.call` takes them; left out or null they are `{}`.
 * What the arguments hold is the tool runtime's to judge (it answers `ok: false`).
 */
export function readCallRequest(raw: unknown): CallRequest {
  const body = objectBody(raw, '{"name": "search_contacts", "arguments": {...}}')
  const unknown = Object.keys(body).find((key) => key !== 'name' && key !== 'arguments')
  if (unknown !== undefined) throw new HttpError(400, `Unknown field ${JSON.stringify(unknown)}: a call has "name" and "arguments".`)
  const name = own(body, 'name')
  if (typeof name !== 'string' || name === '' || name.length > 200) throw new HttpError(400, `"name" must be a tool name (a string), got ${JSON.stringify(name ?? null)}.`)
  const args = own(body, 'arguments') ?? {}
  if (typeof args !== 'string' && (typeof args !== 'object' || Array.isArray(args)))
    throw new HttpError(400, `"arguments" must be an object or its JSON text, got ${Array.isArray(args) ? 'an array' : JSON.stringify(args)}.`)
  return { name, arguments: args }
}

/** A verify's (or MCP submit's) `reply`, the assistant's message to the user: a string that says something, else none. */
export function readReply(raw: unknown): string | undefined {
  if (raw !== undefined && typeof raw !== 'string') throw new HttpError(400, '"reply" must be a string.')
  return typeof raw === 'string' && raw.trim() !== '' ? raw : undefined
}
