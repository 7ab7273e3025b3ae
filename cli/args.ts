/** Minimal `--name value` parsing for the CLI, on Node's own util.parseArgs. */
import { parseArgs } from 'node:util'

export function readOptions<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(
  options: T,
  usage: string,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ options, allowPositionals: true, strict: true })
    return { values: values as Record<string, string | boolean | undefined>, positionals }
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`)
    process.exit(2)
  }
}

/** Exits with a message when a required option is missing. */
export function required(value: string | boolean | undefined, name: string, usage: string): string {
  if (typeof value !== 'string' || value === '') {
    console.error(`Missing --${name}.\n\n${usage}`)
    process.exit(2)
  }
  return value
}
