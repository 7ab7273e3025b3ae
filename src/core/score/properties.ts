import type { ToolRole } from '../dataset/plannerTypes'
import type { JsonSchema, ToolSchema } from '../dataset/types'
import { toolRoles } from './roles'

/** Tool name → parameter schemas, for checking free parameters (and their `x-compare`). */
export interface ToolProperties extends ReadonlyMap<string, Record<string, JsonSchema>> {
  /** The tools whose role is not the one their name gives (src/core/score/roles.ts); none for a plain map. */
  readonly roles?: ReadonlyMap<string, ToolRole>
}

/** Indexes tools.json for the scorer: every host scores with this, so each gets the tools' roles with their schemas. */
export function toolProperties(tools: readonly ToolSchema[]): ToolProperties {
  const properties = new Map(tools.map((t) => [t.function.name, t.function.parameters.properties ?? {}]))
  return Object.assign(properties, { roles: toolRoles(tools) })
}
