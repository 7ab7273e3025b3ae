import { isAppKey } from '../core'
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
      return `${base}/app/${route.app}/action/${encodeURIComponent(route.tool)}`
    case 'planner':
      return `${base}/planner/${route.view}`
  }
}

/** The task and route a hash names; unknown or undecodable parts fall back to the home screen. */
export function hashToRoute(hash: string): { taskId?: string; route: PhoneRoute } {
  const parts = hashParts(hash)
  if (parts[0] !== 'task' || !parts[1]) return { route: { screen: 'home' } }
  const taskId = parts[1]
  const app = parts[3]
  const view = PLANNER_VIEWS.find((v) => v === app)
  if (parts[2] === 'planner' && view) return { taskId, route: { screen: 'planner', view } }
  if (parts[2] !== 'app' || !app || !isAppKey(app)) return { taskId, route: { screen: 'home' } }
  if (parts[4] === 'action' && parts[5]) return { taskId, route: { screen: 'action', app, tool: parts[5] } }
  const isNew = parts[4] === 'new'
  const index = Number(isNew ? parts[5] : parts[4])
  if (parts[4] !== undefined && Number.isInteger(index) && index >= 0)
    return { taskId, route: { screen: 'record', app, index, ...(isNew ? { isNew } : {}) } }
  return { taskId, route: { screen: 'app', app } }
}
