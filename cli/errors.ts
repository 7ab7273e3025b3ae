/**
 * How every command answers a mistake: one plain line on stderr (with the
 * usage when it helps), a non-zero exit, and never a stack trace. The commands
 * throw; this is the one place that turns what they throw into that line.
 */
import { DatasetError, formatIssue, redactSecrets } from '../src/core/index'

/** A mistake in what the user gave (a flag, a file, an id): the message is for them, the usage is shown when given. */
export class CliError extends Error {
  readonly usage: string | undefined
  readonly exitCode: number

  constructor(message: string, options: { usage?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'CliError'
    this.usage = options.usage
    // 2 is "the command was called wrongly"; data that does not load exits 1, as `validate` does for errors.
    this.exitCode = options.exitCode ?? 2
  }
}

/** Node's "ENOENT: no such file or directory, open '/x'" as "no such file or directory". */
export function systemReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  return message.replace(/^E[A-Z]+: /, '').replace(/, \w+ '.*'$/, '')
}

/** Any thrown value as one line of text. */
export function errorLine(err: unknown): string {
  if (err instanceof DatasetError) {
    const errors = err.issues.filter((i) => i.level === 'error')
    const [first] = errors
    if (!first) return oneLine(err.message)
    const more = errors.length - 1
    return more > 0 ? `${formatIssue(first)} (and ${more} more error${more === 1 ? '' : 's'}: npm run validate lists them)` : formatIssue(first)
  }
  return oneLine(err instanceof Error ? err.message : String(err))
}

function oneLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean)
  return lines.length > 0 ? lines.join('; ') : 'Unknown error'
}

const secrets: string[] = []

/** A value (an API key) that no error line may print; a command names it as soon as it reads it. */
export function keepSecret(value: string): void {
  if (value) secrets.push(value)
}

/** The text a command prints for an error: one line, then the usage if the error carries one. */
export function errorReport(err: unknown): { text: string; exitCode: number } {
  const line = redactSecrets(errorLine(err), secrets)
  if (err instanceof CliError) return { text: err.usage ? `${line}\n\n${err.usage}` : line, exitCode: err.exitCode }
  return { text: line, exitCode: 1 }
}

/**
 * Installs the handler, first thing in every command. A throw at the top level
 * of an ES module, a rejected promise and a stream's unhandled `error` event
 * all end up here, so no command needs its own try/catch to avoid a stack
 * trace. SPIEVAL_DEBUG=1 prints the stack as well, for a bug report.
 */
export function exitOnError(): void {
  const handle = (err: unknown) => {
    const { text, exitCode } = errorReport(err)
    process.stderr.write(`${text}\n`)
    // The stack repeats the message (and a cause's may hold an API key): redacted like the line.
    if (process.env.SPIEVAL_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${redactSecrets(err.stack, secrets)}\n`)
    process.exit(exitCode)
  }
  process.on('uncaughtException', handle)
  process.on('unhandledRejection', handle)
}
