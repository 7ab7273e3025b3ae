import { GLOBAL_SEARCH_TOOL, appInfo, appOfExecutionTool, appOfSearchTool, parseArguments } from '../core'
import type { AppKey, SearchData, ToolRuntime, TrajectoryStep } from '../core'
import { pagedSearch, usePhone } from './phone'
import { routeToHash } from './routes'
import type { PhoneRoute } from './routes'

/** What a step shows on the phone, applied once the step is stored. */
export interface PhonePlan {
  app: AppKey | 'phone'
  /** The screen the step moves the phone to (a program's searches open their app). */
  screen?: string
  apply: () => void
}

/** The app a search tool searches: `search_phone` the whole phone. */
export const searchedApp = (tool: string): AppKey | 'phone' | undefined => (tool === GLOBAL_SEARCH_TOOL ? 'phone' : appOfSearchTool(tool)?.key)

const searchRoute = (app: AppKey | 'phone'): PhoneRoute => (app === 'phone' ? { screen: 'home' } : { screen: 'app', app })

/** The field a search named, when its app has it (a refused search may name one it does not): else every field. */
function searchedField(app: AppKey | 'phone', field: unknown): string {
  if (typeof field !== 'string') return ''
  return app === 'phone' || appInfo(app)?.fields.some((f) => f.key === field) ? field : ''
}

/**
 * What a call shows on the phone: a search fills its app's results, or a
 * refused search the tool's message, as a person's refused search does; calls
 * from elsewhere (`navigate`) also open that app. `runtime` recomputes the hits of a
 * stored step (stored steps keep the reply text only; the runtime is deterministic).
 */
export function phonePlan(step: TrajectoryStep, navigate: boolean, taskId: string | undefined, runtime: ToolRuntime | undefined): PhonePlan | undefined {
  if (step.kind !== 'retrieval') return undefined
  const app = searchedApp(step.name)
  if (!app) return undefined
  // Arguments may come as a JSON string (as models send them); the runtime reads them the same way.
  const parsed = parseArguments(step.arguments)
  const args: Record<string, unknown> = 'args' in parsed ? parsed.args : {}
  const data = step.ok ? ((step.data ?? runtime?.call(step.name, step.arguments, 'replay').data) as SearchData | undefined) : undefined
  const route = searchRoute(app)
  return {
    app,
    ...(navigate ? { screen: routeToHash(taskId, route) } : {}),
    apply: () => {
      const phone = usePhone.getState()
      // The bar shows the search that was made (a program's regex search in regex mode); the pager repeats it.
      phone.editSearch(app, {
        pattern: String(args.pattern ?? ''),
        mode: args.mode === 'regex' || args.mode === 'fuzzy' ? args.mode : 'fixed',
        field: searchedField(app, args.field),
        matchCase: args.ignore_case === false,
        result: { pattern: String(args.pattern ?? ''), page: data?.page ?? 1, ok: step.ok, content: step.content, args: pagedSearch(args, 1), ...(data ? { data } : {}) },
      })
      if (navigate) phone.navigate(route, 'agent')
    },
  }
}

/**
 * The screen an execution step leaves on the phone, for a replay standing on it: the record the action made
 * (in static state, where the phone draws it from the step), or its app (live state, where the record is
 * the app's own and marked; a refused or withdrawn action). `index` is the step's place in the steps shown.
 */
export function actionScreen(step: TrajectoryStep, index: number, live: boolean): PhoneRoute {
  const app = appOfExecutionTool(step.name)?.key
  if (!app) return { screen: 'home' }
  if (!live && step.ok && !step.withdrawn) return { screen: 'record', app, index, isNew: true }
  return { screen: 'app', app }
}

/**
 * Where the phone stands on the last of `steps`, as a replay shows it: the app its search opened (the plans fill in
 * the hits, or a refused search's message), what its action made ({@link actionScreen}). Undefined where the last
 * step moved nothing (a reply, no steps). A fork made at that step starts there, so the person goes on from what
 * they saw.
 */
export function routeAfter(steps: readonly TrajectoryStep[], live: boolean): PhoneRoute | undefined {
  const last = steps.at(-1)
  if (last?.kind === 'execution') return actionScreen(last, steps.length - 1, live)
  if (last?.kind !== 'retrieval') return undefined
  const app = searchedApp(last.name)
  return app ? searchRoute(app) : undefined
}
