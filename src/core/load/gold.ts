import { fitsSchema } from '../score/compare'
import { hasOwn, ownValue } from '../base/own'
import type { GoldCode, JsonSchema, Task, ToolSchema } from '../dataset/types'

/**
 * The gold calls' errors against tools.json: an unknown tool or parameter, a
 * parameter with no acceptable value, a value outside the tool's schema.
 * The loader refuses a data set with any of them, so the page's import and
 * `npm run validate` refuse the same data sets with the same messages.
 */
export function goldProblems(task: Pick<Task, 'answer' | 'freeParams'>, toolByName: ReadonlyMap<string, ToolSchema>): GoldProblem[] {
  const problems: GoldProblem[] = []
  const add = (code: GoldCode, params: Record<string, string | number>, message: string) => void problems.push({ code, params, message })
  task.answer.forEach((call, i) => {
    const gold = { call: i + 1, tool: call.name }
    const tool = toolByName.get(call.name)
    if (!tool) return add('goldUnknownTool', gold, `gold call ${i + 1} names unknown tool "${call.name}"`)
    const properties = tool.function.parameters.properties ?? {}
    const named = [...Object.keys(call.arguments), ...(task.freeParams[i] ?? [])]
    for (const p of new Set(named.filter((p) => !hasOwn(properties, p))))
      add('goldUnknownParam', { ...gold, param: p }, `gold call ${i + 1} (${call.name}) has unknown parameter "${p}"`)
    for (const [param, acceptable] of Object.entries(call.arguments)) {
      if (!hasOwn(properties, param)) continue
      if (acceptable.length === 0) add('goldNoValue', { ...gold, param }, `gold call ${i + 1} (${call.name}).${param} lists no acceptable value`)
      const schema = ownValue(properties, param)
      for (const value of readAcceptable(acceptable, schema).values)
        if (!fitsSchema(schema, value))
          add('goldValueMisfit', { ...gold, param, value: JSON.stringify(value) }, `gold call ${i + 1} (${call.name}).${param}: ${JSON.stringify(value)} does not fit the tool schema`)
    }
  })
  return problems
}

/** One error of a gold call against tools.json: the message the validator prints, and its check and values for a page to word. */
export interface GoldProblem {
  message: string
  code: GoldCode
  params: Record<string, string | number>
}

/**
 * A gold parameter's acceptable values as the scorer reads them: for an array
 * parameter given as a flat list of scalars, that list is the one array.
 */
export function readAcceptable(acceptable: unknown[], schema: JsonSchema | undefined): { values: unknown[]; flat: boolean } {
  const values = acceptable.filter((v) => v !== null)
  const isArrayParam = schema?.type === 'array'
  if (isArrayParam && values.length > 0 && !values.some(Array.isArray)) return { values: [values], flat: true }
  return { values, flat: false }
}
