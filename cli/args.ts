/** Minimal `--name value` parsing for the CLI, on Node's own util.parseArgs; mistakes are thrown as {@link CliError}. */
import { parseArgs } from 'node:util'
import { readSetting, setOwn } from '../src/core/index'
import type { Setting } from '../src/core/index'
import { CliError } from './errors'

type Options = Record<string, { type: 'string' | 'boolean'; default?: string | boolean; multiple?: boolean }>

/**
 * The command's flags; a stray word is refused unless the command takes `positionals` (file names, a folder).
 * A flag that may be repeated (`multiple: true`, as `--grades A --grades B`) is in `lists`, every value in order, not in `values`.
 */
export function readOptions<T extends Options>(
  options: T,
  usage: string,
  { positionals: allowPositionals = false }: { positionals?: boolean } = {},
): { values: Record<string, string | boolean | undefined>; lists: Record<string, string[]>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ options, allowPositionals, strict: true })
    const single: Record<string, string | boolean | undefined> = {}
    const lists: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) setOwn(lists, name, value.map(String))
      else setOwn(single, name, value)
    }
    return { values: single, lists, positionals }
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err), { usage, cause: err })
  }
}

/** A required option's value; a missing or empty one is refused with the usage. */
export function required(value: string | boolean | undefined, name: string, usage: string): string {
  if (typeof value !== 'string' || value === '') throw new CliError(`Missing --${name}.`, { usage })
  return value
}

/** A whole-number option (absent: the fallback); "abc", "1.5" or below `min` are refused, naming the option. */
export function wholeNumber(value: string | boolean | undefined, name: string, fallback: number, usage: string, min?: number): number {
  if (value === undefined) return fallback
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(n) || (min !== undefined && n < min))
    throw new CliError(`--${name} must be a whole number${min === undefined ? '' : ` of at least ${min}`} (got ${JSON.stringify(value)}).`, { usage })
  return n
}

/** `--setting`, through the core's one check, so the CLI refuses exactly what the API and MCP refuse. */
export function settingOption(value: string | boolean | undefined, usage: string): Setting {
  try {
    return readSetting(value)
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err), { usage })
  }
}

/** One of a few words (`--agent oracle`), refused naming the valid ones. */
export function choice<T extends string>(value: string, name: string, valid: readonly T[], usage: string): T {
  if (!(valid as readonly string[]).includes(value)) throw new CliError(`Unknown --${name} ${JSON.stringify(value)}: use one of ${valid.join(', ')}.`, { usage })
  return value as T
}
