/**
 * Arguments must be what JSON can carry, because a call is stored, exported as
 * JSON and scored again from that text: a value JSON changes on the way (NaN
 * becomes null, a function disappears) would give the page one verdict and the
 * command line another. Checked before anything is recorded.
 */

/** Deepest nesting of arrays and objects accepted in arguments. */
export const MAX_ARGUMENT_DEPTH = 32
/** Longest arguments accepted, in characters of their strings and keys (about their JSON text). */
export const MAX_ARGUMENT_CHARS = 100_000

/**
 * Why `value` is not a JSON value that survives a round trip unchanged, or
 * undefined when it is. A top-level `undefined` property counts as left out,
 * like `null`; anywhere deeper it would be dropped or turned into null, so it
 * is refused.
 */
export function nonJsonProblem(value: unknown): string | undefined {
  try {
    // Most arguments are plain JSON: a walk that builds no paths says so; the careful one below finds the message.
    if (plainJson(value, 0, { chars: MAX_ARGUMENT_CHARS }, true)) return undefined
    const budget = { chars: MAX_ARGUMENT_CHARS }
    return problemAt(value, '', 0, new Set(), true, budget) ?? (budget.chars < 0 ? tooLong() : undefined)
  } catch (err) {
    // A getter or a proxy that throws while being read.
    return `arguments could not be read (${err instanceof Error ? err.message : String(err)}).`
  }
}

/** The message for arguments over {@link MAX_ARGUMENT_CHARS}. */
export function tooLong(length?: number): string {
  return `arguments are ${length === undefined ? 'more than ' : ''}${length ?? MAX_ARGUMENT_CHARS} characters; at most ${MAX_ARGUMENT_CHARS} are accepted.`
}

function problemAt(value: unknown, path: string, depth: number, ancestors: Set<object>, topLevel: boolean, budget: { chars: number }): string | undefined {
  const where = path === '' ? 'arguments' : `"${path}"`
  if (budget.chars < 0) return undefined
  switch (typeof value) {
    case 'string':
      budget.chars -= value.length
      return undefined
    case 'boolean':
      return undefined
    case 'number':
      return Number.isFinite(value) ? undefined : `${where} is ${String(value)}, which JSON cannot carry: send a finite number.`
    case 'bigint':
      return `${where} is a BigInt, which JSON cannot carry: send a number or a string.`
    case 'undefined':
      return `${where} is undefined, which JSON cannot carry: leave the parameter out or send null.`
    case 'function':
    case 'symbol':
      return `${where} is a ${typeof value}, which JSON cannot carry.`
  }
  if (value === null) return undefined
  const object = value as object
  if (depth >= MAX_ARGUMENT_DEPTH) return `arguments are nested more than ${MAX_ARGUMENT_DEPTH} levels deep.`
  if (ancestors.has(object)) return `${where} refers back to itself (a cycle), which JSON cannot carry.`
  const isArray = Array.isArray(object)
  const prototype = Object.getPrototypeOf(object) as unknown
  if (!isArray && prototype !== Object.prototype && prototype !== null)
    return `${where} is a ${object.constructor?.name ?? 'non-plain'} object, which JSON cannot carry: send plain objects, arrays, strings, numbers and booleans.`
  ancestors.add(object)
  try {
    if (isArray) {
      const list = object as unknown[]
      for (let i = 0; i < list.length; i++) {
        const problem = problemAt(list[i], `${path}[${i}]`, depth + 1, ancestors, false, budget)
        if (problem) return problem
      }
    } else
      for (const [key, child] of Object.entries(object)) {
        if (topLevel && child === undefined) continue
        budget.chars -= key.length
        const problem = problemAt(child, path === '' ? key : `${path}.${key}`, depth + 1, ancestors, false, budget)
        if (problem) return problem
      }
  } finally {
    ancestors.delete(object)
  }
  return undefined
}

/**
 * Whether `value` is plainly a JSON value within the limits: true only where {@link problemAt} finds no
 * problem (a cycle runs past the depth limit, so it is false, and the careful walk names it). It builds
 * nothing: the scorer and every call go through it.
 */
function plainJson(value: unknown, depth: number, budget: { chars: number }, topLevel: boolean): boolean {
  switch (typeof value) {
    case 'string':
      budget.chars -= value.length
      return budget.chars >= 0
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object':
      break
    default:
      return false
  }
  if (value === null) return true
  if (depth >= MAX_ARGUMENT_DEPTH) return false
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainJson(value[i], depth + 1, budget, false)) return false
    return true
  }
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype !== Object.prototype && prototype !== null) return false
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key]
    if (topLevel && child === undefined) continue
    budget.chars -= key.length
    if (budget.chars < 0 || !plainJson(child, depth + 1, budget, false)) return false
  }
  return true
}
