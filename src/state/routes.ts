import { isAppKey, isPlainObject } from '../core'
import type { AppKey } from '../core'
import { hashParts } from './urls'

/** Where the phone is. Serialised into the URL hash, so that a link or a reload restores the view. */
export type PhoneRoute =
  | { screen: 'home' }
  | { screen: 'app'; app: AppKey }
  | { screen: 'record'; app: AppKey; index: number; isNew?: boolean }
  | { screen: 'action'; app: AppKey; tool: string; prefill?: Record<string, unknown> }
  /** A planner task's own screens; `from` (not in the hash) is the record a delegation was started from. */
  | { screen: 'planner'; view: PlannerView; from?: { app: AppKey; record: Readonly<Record<string, unknown>> } }

/** The planner screens: messages with the user, the skills, the sub-agents. */
export const PLANNER_VIEWS = ['user', 'skills', 'assistants'] as const
export type PlannerView = (typeof PLANNER_VIEWS)[number]

/** `#/task/<id>/app/<app>/<record>` and friends. */
export function routeToHash(taskId: string | undefined, route: PhoneRoute): string {
  if (!taskId) return '#/'
  const base = `#/task/${encodeURIComponent(taskId)}`
  switch (route.screen) {
    case 'home':
      return base
    case 'app':
      return `${base}/app/${route.app}`
    case 'record':
      return `${base}/app/${route.app}/${route.isNew ? 'new/' : ''}${route.index}`
    case 'action':
      // What the form was opened with (a record's number, a call's type) goes too, so that a reload opens it filled.
      return `${base}/app/${route.app}/action/${encodeURIComponent(route.tool)}${route.prefill && Object.keys(route.prefill).length > 0 ? `/${encodeURIComponent(JSON.stringify(route.prefill))}` : ''}`
    case 'planner':
      return `${base}/planner/${route.view}`
  }
}

/**
 * The task and route a hash names; unknown or undecodable parts fall back to
 * the home screen. `#/task/<id>/<app>` is read as `#/task/<id>/app/<app>`
 * (the short form people write by hand).
 */
export function hashToRoute(hash: string): { taskId?: string; route: PhoneRoute } {
  const parts = hashParts(hash)
  if (parts[0] !== 'task' || !parts[1]) return { route: { screen: 'home' } }
  if (parts[2] !== undefined && isAppKey(parts[2])) parts.splice(2, 0, 'app')
  const taskId = parts[1]
  const app = parts[3]
  const view = PLANNER_VIEWS.find((v) => v === app)
  if (parts[2] === 'planner' && view) return { taskId, route: { screen: 'planner', view } }
  if (parts[2] !== 'app' || !app || !isAppKey(app)) return { taskId, route: { screen: 'home' } }
  if (parts[4] === 'action' && parts[5]) {
    const prefill = prefillOf(parts[6])
    return { taskId, route: { screen: 'action', app, tool: parts[5], ...(prefill ? { prefill } : {}) } }
  }
  const isNew = parts[4] === 'new'
  const index = Number(isNew ? parts[5] : parts[4])
  if (parts[4] !== undefined && Number.isInteger(index) && index >= 0)
    return { taskId, route: { screen: 'record', app, index, ...(isNew ? { isNew } : {}) } }
  return { taskId, route: { screen: 'app', app } }
}

/** A form's prefill from its hash part (JSON of an object); anything else is no prefill. */
function prefillOf(part: string | undefined): Record<string, unknown> | undefined {
  if (part === undefined) return undefined
  try {
    const value: unknown = JSON.parse(part)
    return isPlainObject(value) && Object.keys(value).length > 0 ? value : undefined
  } catch {
    return undefined
  }
}
