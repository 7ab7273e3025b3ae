/**
 * A failure the page words in the reader's language: an i18n key and its
 * values, with English in `message` for the console and tests. Importing,
 * fetching a link and sealing all throw this one class.
 */
export class Problem extends Error {
  readonly key: string
  readonly params: Record<string, string>
  constructor(key: string, params: Record<string, string> = {}, message = `${key}: ${JSON.stringify(params)}`) {
    super(message)
    this.name = 'Problem'
    this.key = key
    this.params = params
  }
}

/** What a view shows for a failure: a translated key, or a message as the code that failed worded it. */
export type ShownProblem = { key: string; params: Record<string, string> } | { message: string }

/** A thrown value as a view shows it: a Problem by its key, anything else by its message. */
export function shownProblem(err: unknown): ShownProblem {
  if (err instanceof Problem) return { key: err.key, params: err.params }
  return { message: err instanceof Error ? err.message : String(err) }
}
