import { isRetrievalToolName } from '../core'
import type { ToolSchema } from '../core'
import { callTool, currentAttempt, useSession } from '../state/session'
import { modelContext } from './modelContext'
import type { ModelContextLike, WebMcpResult, WebMcpTool } from './modelContext'

/**
 * WebMCP (the W3C Web Machine Learning community group draft,
 * https://webmachinelearning.github.io/webmcp/): while a task is open, its
 * tools are registered with `document.modelContext.registerTool` (older
 * builds: `navigator.modelContext`), and unregistered when it closes.
 *
 * We follow the current draft: `registerTool(tool, { signal })`, where
 * aborting the signal unregisters the tool. For older builds we also call
 * what they offer: an `unregister()` on the returned registration, or
 * `unregisterTool(name)`. Each of these is tried defensively, so that any
 * one of the shapes is enough.
 */

const text = (message: string, isError: boolean): WebMcpResult => ({ content: [{ type: 'text', text: message }], ...(isError ? { isError: true } : {}) })

/** One tool of the task as WebMCP takes it; its `execute` goes through the one tool path with source `webmcp`. */
export function webMcpTool(schema: ToolSchema): WebMcpTool {
  const name = schema.function.name
  return {
    name,
    description: schema.function.description,
    inputSchema: schema.function.parameters,
    annotations: { readOnlyHint: isRetrievalToolName(name) },
    execute: async (input) => {
      try {
        const step = await callTool(name, input ?? {}, 'webmcp')
        return text(step.content, !step.ok)
      } catch (err) {
        return text(`Error: ${err instanceof Error ? err.message : String(err)}`, true)
      }
    },
  }
}

/** The tools registered now, to unregister them. */
interface Registered {
  key: string
  controller: AbortController
  handles: { name: string; handle: unknown }[]
}

function register(context: ModelContextLike, tools: readonly ToolSchema[], key: string): Registered {
  const controller = new AbortController()
  const handles: Registered['handles'] = []
  for (const schema of tools) {
    try {
      handles.push({ name: schema.function.name, handle: context.registerTool(webMcpTool(schema), { signal: controller.signal }) })
    } catch (err) {
      console.warn(`WebMCP: could not register ${schema.function.name}:`, err)
    }
  }
  return { key, controller, handles }
}

function unregister(context: ModelContextLike, registered: Registered): void {
  registered.controller.abort()
  for (const { name, handle } of registered.handles) {
    const unregisterHandle = (handle as { unregister?: unknown } | null | undefined)?.unregister
    try {
      if (typeof unregisterHandle === 'function') (unregisterHandle as () => unknown).call(handle)
      else context.unregisterTool?.(name)
    } catch {
      // already gone (the signal did it)
    }
  }
}

/**
 * Keeps the open task's tools registered with the browser's model context:
 * an open, unfinished attempt (not a replay) has the tools it offers now (the
 * 21, or the execution tools in `no_search`; a skill's once loaded); anything
 * else has none. Returns a function
 * that stops it and unregisters everything.
 */
export function installWebMcp(context: ModelContextLike | undefined = modelContext()): () => void {
  if (!context) return () => undefined
  let current: Registered | undefined
  const sync = () => {
    const { task, attempt, replaying } = useSession.getState()
    const session = currentAttempt()
    const open = task && attempt && !attempt.finished && !replaying && session
    const tools = open ? session.offeredTools() : []
    // A loaded skill changes the tools offered: they are registered again.
    const key = open ? `${attempt.id}:${attempt.access}:${tools.map((t) => t.function.name).join(',')}` : ''
    if (current?.key === key) return
    if (current) unregister(context, current)
    current = open ? register(context, tools, key) : undefined
  }
  sync()
  const stop = useSession.subscribe(sync)
  return () => {
    stop()
    if (current) unregister(context, current)
    current = undefined
  }
}
