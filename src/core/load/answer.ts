import type { GoldCall } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { setOwn } from '../base/own'

/**
 * Reads a gold answer (`prompt_metadata.answer`, or an alternative's): each
 * call's arguments map to lists of acceptable values. `at` names the list in
 * messages ("answer", "alternatives[0].answer").
 */
export function readAnswer(value: unknown, problems: string[], at = 'answer'): GoldCall[] {
  if (!Array.isArray(value)) {
    problems.push(`"prompt_metadata.${at}" must be a list of calls`)
    return []
  }
  const calls: GoldCall[] = []
  value.forEach((call, i) => {
    if (!isPlainObject(call) || typeof call.name !== 'string') {
      problems.push(`"${at}[${i}]" must have a string "name"`)
      return
    }
    const args = call.arguments ?? {}
    if (!isPlainObject(args)) {
      problems.push(`"${at}[${i}].arguments" must be an object`)
      return
    }
    const acceptable: Record<string, unknown[]> = {}
    for (const [param, values] of Object.entries(args)) {
      if (Array.isArray(values)) setOwn(acceptable, param, values)
      else problems.push(`"${at}[${i}].arguments.${param}" must be a list of acceptable values`)
    }
    calls.push({ name: call.name, arguments: acceptable })
  })
  return calls
}

/** Reads `free_params` for `callCount` gold calls: one list of parameter names per call (absent: none). */
export function readFreeParams(value: unknown, callCount: number, problems: string[], at = 'free_params'): string[][] {
  if (value === undefined || value === null) return Array.from({ length: callCount }, () => [])
  if (!Array.isArray(value)) {
    problems.push(`"prompt_metadata.${at}" must be a list of lists`)
    return []
  }
  if (value.length > callCount) problems.push(`"${at}" has ${value.length} lists for ${callCount} gold calls`)
  return Array.from({ length: callCount }, (_, i) => {
    const list: unknown = value[i] ?? []
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
      problems.push(`"${at}[${i}]" must be a list of parameter names`)
      return []
    }
    return list as string[]
  })
}
