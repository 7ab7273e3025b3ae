/**
 * What a sweep shows while it runs, on stderr (stdout keeps the score table):
 * on a terminal one line redrawn in place; otherwise (a log file, CI) a plain
 * line now and then, so that a log shows the run is alive without a line per episode.
 */

export interface EpisodeOutcome {
  correct: boolean
  failed: boolean
  tokens: number
}

export interface ProgressOptions {
  total: number
  tty: boolean
  write: (text: string) => void
  /** Without a terminal: a line at least this often (while episodes finish)… */
  intervalMs: number
  /** …or after this many episodes, whichever comes first. */
  everyEpisodes: number
  now?: () => number
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

export function formatCount(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n)
}

export class Progress {
  done = 0
  correct = 0
  failed = 0
  tokens = 0
  private readonly started: number
  private lastLine: number
  private lastCount = 0
  private readonly now: () => number

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now
    this.started = this.now()
    this.lastLine = this.started
  }

  /** The status line: done/total, correct so far, tokens, rate, ETA. */
  line(): string {
    const seconds = (this.now() - this.started) / 1000
    const rate = seconds > 0 ? this.done / seconds : 0
    const left = this.options.total - this.done
    const eta = left === 0 ? 0 : rate > 0 ? left / rate : Infinity
    const pct = this.done > 0 ? ` (${((100 * this.correct) / this.done).toFixed(1)}%)` : ''
    const width = 20
    const filled = this.options.total > 0 ? Math.round((width * this.done) / this.options.total) : width
    const bar = this.options.tty ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : ''
    return (
      `${bar}${this.done}/${this.options.total} episodes, ${this.correct} correct${pct}` +
      `${this.failed > 0 ? `, ${this.failed} failed` : ''}, ${formatCount(this.tokens)} tokens, ` +
      `${rate.toFixed(2)} ep/s, ETA ${formatDuration(eta)}`
    )
  }

  private timer: ReturnType<typeof setInterval> | undefined

  /** Starts the clock: a slow episode still moves the rate and ETA on a terminal, and a log still gets its line every interval. */
  start(): void {
    if (this.options.tty) this.options.write(`\r${this.line()}\x1b[K`)
    this.timer = setInterval(() => this.tick(), this.options.tty ? 1000 : this.options.intervalMs)
    this.timer.unref()
  }

  private tick(): void {
    if (this.options.tty) return void this.options.write(`\r${this.line()}\x1b[K`)
    this.lastLine = this.now()
    this.lastCount = this.done
    this.options.write(`${this.line()}\n`)
  }

  episode(outcome: EpisodeOutcome): void {
    this.done++
    if (outcome.correct) this.correct++
    if (outcome.failed) this.failed++
    this.tokens += outcome.tokens
    if (this.options.tty || this.now() - this.lastLine >= this.options.intervalMs || this.done - this.lastCount >= this.options.everyEpisodes) this.tick()
  }

  /** Ends the redrawn line (or prints the last plain one, unless it was just printed). */
  finish(): void {
    clearInterval(this.timer)
    if (this.options.tty) this.options.write(`\r${this.line()}\x1b[K\n`)
    else if (this.lastCount !== this.done || this.done === 0) this.options.write(`${this.line()}\n`)
  }
}
