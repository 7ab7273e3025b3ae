/**
 * Where a data set's execution tools show on the phone, read from their
 * effects (live state) or the published registry, and the record an executed
 * action stands for. The phone, Replay and presenter mode read these; the
 * tool's effect is read here only.
 */
import type { AppKey, PhoneRecord, PredictedCall, ToolSchema } from '../dataset/types'
import { ownValue, setOwn } from '../base/own'
import { BUILTIN_EFFECTS, toolEffect } from './builtin'
import type { StateChange } from '../dataset/liveTypes'

/** Where an execution tool shows on the phone, and what it does there. */
export interface ToolPlace {
  name: string
  /** The app it belongs to (its effect's, its registry app's, or by its name's prefix); undefined: the home screen. */
  app?: AppKey
  op?: StateChange['op']
  /** Record field → argument, for an update or delete: the arguments prefilled from a record in view. */
  where?: Record<string, string>
}

/** Name prefixes of tools outside the registry, read as the app they most likely act in. */
const PREFIX_APPS: Record<string, AppKey> = {
  contacts: 'contacts',
  contact: 'contacts',
  messages: 'sms',
  message: 'sms',
  sms: 'sms',
  phone: 'voicemail',
  call: 'voicemail',
  voicemail: 'voicemail',
  todolist: 'notes',
  todo: 'notes',
  notes: 'notes',
  note: 'notes',
  schedule: 'schedule',
  calendar: 'schedule',
  meeting: 'meeting',
  clock: 'alarm',
  alarm: 'alarm',
  consumption: 'transaction',
  payment: 'transaction',
  pay: 'transaction',
  wallet: 'transaction',
  transaction: 'transaction',
  transport: 'transport',
  trip: 'transport',
  accommodation: 'accommodation',
  hotel: 'accommodation',
}

/**
 * Places a data set's execution tool on the phone. `registryApp` is the app
 * the published registry gives it, when any. A tool whose `x-effect` cannot be
 * read (loading refuses those) counts as having none.
 */
export function toolPlace(tool: Pick<ToolSchema, 'function'>, registryApp: AppKey | undefined): ToolPlace {
  const name = tool.function.name
  let effect
  try {
    effect = toolEffect(tool)
  } catch {
    effect = undefined
  }
  const prefix = name.split('_')[0]?.toLowerCase() ?? ''
  const app = (effect?.app as AppKey | undefined) ?? registryApp ?? PREFIX_APPS[prefix]
  return {
    name,
    ...(app ? { app } : {}),
    ...(effect ? { op: effect.op } : {}),
    ...(effect?.where ? { where: effect.where } : {}),
  }
}

/** Whether a tool changes the records in live state (its step then shows as a real record, not a synthetic row). */
export function hasEffect(tool: Pick<ToolSchema, 'function'> | undefined): boolean {
  if (!tool) return false
  try {
    return toolEffect(tool) !== undefined
  } catch {
    return false
  }
}

/** The arguments that name a record for an update or delete, read from that record. */
export function whereArguments(where: Record<string, string> | undefined, record: PhoneRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, arg] of Object.entries(where ?? {})) if (Object.hasOwn(record, field) && record[field] !== null) setOwn(out, arg, record[field])
  return out
}

/** A data set's execution tools placed on the phone: per app, and those no app takes (offered on the home screen). */
export interface PlacedTools {
  byApp: ReadonlyMap<AppKey, ToolPlace[]>
  /** By name: every placed execution tool. */
  byName: ReadonlyMap<string, ToolPlace>
  elsewhere: ToolPlace[]
}

const placedCache = new WeakMap<readonly ToolSchema[], PlacedTools>()

/**
 * Where each execution tool of a data set shows: the ten published ones in
 * their apps (as the registry says), tools of a live data set in the app of
 * their effect or of their name. Built once per tool list.
 */
export function placeTools(tools: readonly ToolSchema[], registryApp: (name: string) => AppKey | undefined, isRetrieval: (name: string) => boolean): PlacedTools {
  const known = placedCache.get(tools)
  if (known) return known
  const byApp = new Map<AppKey, ToolPlace[]>()
  const byName = new Map<string, ToolPlace>()
  const elsewhere: ToolPlace[] = []
  for (const tool of tools) {
    const name = tool.function.name
    if (isRetrieval(name) || byName.has(name)) continue
    const place = toolPlace(tool, registryApp(name))
    byName.set(name, place)
    if (!place.app) elsewhere.push(place)
    else {
      const list = byApp.get(place.app)
      if (list) list.push(place)
      else byApp.set(place.app, [place])
    }
  }
  const placed = { byApp, byName, elsewhere }
  placedCache.set(tools, placed)
  return placed
}

/** A call leaves no record (its built-in effect is none), but the phone lists it in the voicemail app as one. */
const CALL_FIELDS: Readonly<Record<string, string>> = { telephone: '来电号码', type: '留言内容' }

/** Where an action's parameters land among its app's fields: its built-in effect's fields, so a call lists like a record. */
function actionFields(name: string): Readonly<Record<string, string>> {
  if (name === 'Phone_Call') return CALL_FIELDS
  return ownValue(BUILTIN_EFFECTS, name)?.fields ?? {}
}

/** An executed action shown as a record of its app (parameters the app has no field for keep their names). */
export function actionAsRecord(
  step: PredictedCall,
  user: { name: string; phone?: string },
  nameOf?: (phone: string) => string | undefined,
): PhoneRecord {
  const fields = actionFields(step.name)
  const args = (typeof step.arguments === 'string' ? parseOrEmpty(step.arguments) : step.arguments) as Record<string, unknown> | undefined
  const record: PhoneRecord = {}
  const telephone = typeof args?.telephone === 'string' ? args.telephone : ''
  if (step.name === 'Messages_Send') {
    record['发件人姓名'] = user.name
    if (user.phone) record['发件人电话号码'] = user.phone
    const name = nameOf?.(telephone)
    if (name) record['收件人姓名'] = name
  }
  if (step.name === 'Phone_Call') record['来电姓名'] = nameOf?.(telephone) ?? telephone
  for (const [param, value] of Object.entries(args ?? {})) setOwn(record, ownValue(fields, param) ?? param, value)
  if (step.name === 'Phone_Call') record['留言内容'] = typeof args?.type === 'string' ? args.type : 'VOICE'
  return record
}

function parseOrEmpty(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}
