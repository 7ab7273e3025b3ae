/**
 * Which (task, run) episodes a sweep runs: the run ids, the shard, and what an
 * existing output file already holds (resume). Plain functions over text, so
 * that tests check them without spawning the CLI.
 */

/** One episode of a sweep: a task in one run. */
export interface Pair {
  id: string
  run: number
}

/** `--shard i/n`, 1-based as in Playwright and Jest: `1/3`, `2/3`, `3/3` together cover every pair once. */
export interface Shard {
  index: number
  count: number
}

/** Parses `i/n` (1 ≤ i ≤ n); undefined when the text is not one. */
export function parseShard(text: string): Shard | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  if (!m) return undefined
  const index = Number(m[1])
  const count = Number(m[2])
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) return undefined
  return { index, count }
}

/**
 * FNV-1a over the pair's UTF-16 code units. A hash of the pair itself, not its
 * position, so that a pair stays in its shard whatever `--tasks` or run range
 * the other shards were started with.
 */
export function pairHash(pair: Pair): number {
  const key = `${pair.id}\u0000${pair.run}`
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

export function inShard(pair: Pair, shard: Shard | undefined): boolean {
  return !shard || pairHash(pair) % shard.count === shard.index - 1
}

/** Every pair, run by run (the order one worker runs them in), then only the shard's. */
export function planPairs(taskIds: readonly string[], runs: readonly number[], shard?: Shard): Pair[] {
  const pairs: Pair[] = []
  for (const run of runs) for (const id of taskIds) if (inShard({ id, run }, shard)) pairs.push({ id, run })
  return pairs
}

export const pairKey = (pair: Pair): string => `${pair.run}\u0000${pair.id}`

/** A line already in the output file, as far as resuming needs it. */
export interface ExistingLine extends Pair {
  failed: boolean
  model: unknown
  setting: unknown
  raw: Record<string, unknown>
}

export interface ExistingFile {
  lines: ExistingLine[]
  /** The file's text without a torn last line (what to rewrite before appending), when one was dropped. */
  repaired?: string
  /** Why the last line was dropped, for the note on stderr. */
  dropped?: string
  /** Lines that are JSON but not a response line (1-based line numbers), refused by the caller. */
  bad: number[]
}

/**
 * Reads an output file to resume from. Every line is appended whole with its
 * newline in one write, so only the last can be torn by a kill: a last line
 * without its newline, or that is not JSON, is dropped (and the file is
 * rewritten without it). Anything wrong earlier is not ours to repair.
 */
export function readExisting(text: string): ExistingFile {
  const bad: number[] = []
  let body = text
  let dropped: string | undefined
  if (body !== '' && !body.endsWith('\n')) {
    const cut = body.lastIndexOf('\n') + 1
    dropped = `the last line (line ${body.slice(0, cut).split('\n').length}) has no newline`
    body = body.slice(0, cut)
  }
  const rows = body.split('\n')
  rows.pop() // the empty text after the last newline
  if (!dropped && rows.length > 0) {
    try {
      JSON.parse(rows[rows.length - 1] ?? '')
    } catch {
      dropped = `the last line (line ${rows.length}) is not JSON`
      rows.pop()
      body = rows.length > 0 ? rows.join('\n') + '\n' : ''
    }
  }
  const lines: ExistingLine[] = []
  rows.forEach((row, i) => {
    if (row.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(row)
    } catch {
      bad.push(i + 1)
      return
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void bad.push(i + 1)
    const raw = value as Record<string, unknown>
    const run = raw.run === undefined ? 0 : raw.run
    if (typeof raw.id !== 'string' || typeof run !== 'number' || !Number.isInteger(run)) return void bad.push(i + 1)
    lines.push({ id: raw.id, run, failed: typeof raw.error === 'string', model: raw.model, setting: raw.setting, raw })
  })
  return { lines, bad, ...(dropped ? { dropped, repaired: body } : {}) }
}

/**
 * The pairs still to run. A pair is complete when its last line has no
 * `error`; with `retryFailed` a line with an error does not complete it,
 * without it the failure stands (it scores as no_response) and is not spent again.
 */
export function pendingPairs(pairs: readonly Pair[], existing: readonly ExistingLine[], retryFailed: boolean): Pair[] {
  const last = new Map<string, ExistingLine>()
  for (const line of existing) last.set(pairKey(line), line)
  return pairs.filter((pair) => {
    const line = last.get(pairKey(pair))
    return !line || (retryFailed && line.failed)
  })
}
