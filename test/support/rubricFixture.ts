// A planner world for rubric tests (#28): the planner fixture's tools, skills and sub-agents, the memory app on task 推理1,
// and 推理1 (gold: call 13933334444) in the agent_behavior bucket with the rubric a test gives.
import { MEMORY_ITEMS, MEMORY_TOOLS } from './memoryFixture'
import { plannerFiles } from './plannerFixture'

/** An item as rubrics write it; `auto` is left out for an item people grade. */
export interface ItemSpec {
  id: string
  points: number
  auto?: Record<string, unknown>
}

/** A rubric's JSON from its items, with `pass` as given (default: every point, nothing required). */
export function rubricOf(items: readonly ItemSpec[], pass: { min_score?: number; required?: string[] } = {}): Record<string, unknown> {
  return { items: items.map((item) => ({ criterion: `criterion ${item.id}`, ...item })), pass, graders: { min: 1 } }
}

/**
 * The files of the world: task 推理1 gets `metadata` over `bucket: agent_behavior` (give `bucket` to change it).
 * Phone_Call's `telephone` compares digits, so that a rubric's argument compares as the gold's does.
 */
export function rubricFiles(metadata: Record<string, unknown>): Record<string, string> {
  const files = plannerFiles({ metadata: { bucket: 'agent_behavior', ...metadata } })
  const tools = (JSON.parse(files['tools.json'] ?? '[]') as { function: { name: string; parameters: { properties: Record<string, Record<string, unknown>> } } }[]).concat(
    structuredClone(MEMORY_TOOLS) as never[],
  )
  const phone = tools.find((t) => t.function.name === 'Phone_Call')?.function.parameters.properties.telephone
  if (phone) phone['x-compare'] = 'digits'
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, unknown>>
  if (records['推理1']) records['推理1'].memory = structuredClone(MEMORY_ITEMS)
  return { ...files, 'tools.json': JSON.stringify(tools), 'records_db.json': JSON.stringify(records) }
}
