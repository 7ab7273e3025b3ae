/**
 * What a trajectory's memory reads returned, worked out again over the task's
 * own memory items (docs/reference.md, "Planner tasks"). The scorer never
 * reads a recorded reply: a response line's tool message is only text, and a
 * stored step keeps no hits. Answering the read again with the runtime's own
 * search is what the solver saw, so a fabricated reply cannot make evidence.
 */
import { ownValue } from '../base/own'
import { MEMORY_APP } from '../dataset/memoryTypes'
import type { TaskRecords, ToolSchema } from '../dataset/types'
import { memoryIdsReturned } from '../tools/memoryTools'
import { ToolRuntime } from '../tools/runtime'
import type { Setting } from '../tools/types'

/** The memory items a trajectory saw: the pinned ones (in its system prompt) and those each read returned. */
export interface MemoryReplay {
  pinned: readonly string[]
  /** The ids a memory read answers over the task's items; none for any other call, or a read the runtime refuses. */
  returned(call: { name: string; arguments: unknown }): string[]
}

/** No memory items: what a trajectory saw when the task's records are not at hand, or there was no attempt. */
export const NO_MEMORY: MemoryReplay = { pinned: [], returned: () => [] }

/** Runtimes over no records, per tool list and setting: a replay only gives them the memory items (a tool list is compiled once). */
const bases = new WeakMap<readonly ToolSchema[], Map<Setting, ToolRuntime>>()

function baseRuntime(tools: readonly ToolSchema[], setting: Setting): ToolRuntime {
  let bySetting = bases.get(tools)
  if (!bySetting) bases.set(tools, (bySetting = new Map()))
  let runtime = bySetting.get(setting)
  if (!runtime) bySetting.set(setting, (runtime = new ToolRuntime([...tools], {}, { setting })))
  return runtime
}

/**
 * The memory reads answered over the task's memory items, in the attempt's
 * setting (its pages). A skill's gate is the trajectory's to apply (a read it
 * refused is not `ok` there), so every skill counts as loaded here.
 */
export function memoryReplay(tools: readonly ToolSchema[], records: TaskRecords | undefined, setting: Setting): MemoryReplay {
  const items = records?.[MEMORY_APP] ?? []
  if (items.length === 0) return NO_MEMORY
  const runtime = baseRuntime(tools, setting).withRecords({ [MEMORY_APP]: items })
  const loaded = new Set(tools.flatMap((t) => t.function['x-skill'] ?? []))
  const pinned = items.flatMap((item) => {
    const id = ownValue(item, 'id')
    return ownValue(item, 'pinned') === true && typeof id === 'string' ? [id] : []
  })
  return { pinned, returned: (call) => memoryIdsReturned(runtime.call(call.name, call.arguments, 'agent', { loaded })) }
}
