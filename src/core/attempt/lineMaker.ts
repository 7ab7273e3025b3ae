import { isPlainObject } from '../base/text'

/** Who made a response line: an agent (its model, when the line names one) or a person (their actor name). */
export type LineMaker = { kind: 'agent'; model?: string } | { kind: 'person'; actor: string }

const named = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * Who made a response line, by the rule its writers follow: an agent's line
 * names its `model` (`npm run agent`, the page's runs, the episode server,
 * `run_tag` in an archive) or has no `actor` at all (the MCP server, the
 * Python harness, a plain scorer input); a person's line has `actor`, which
 * is empty for a study's participant until the collector names them.
 *
 * Every reader asks this (the import, `npm run analyze`, the trajectory
 * exports, the Analysis view), so that an agent's line never counts as a
 * person's in one place and as a model's in another.
 */
export function lineMaker(line: Readonly<Record<string, unknown>>): LineMaker {
  if (named(line.model)) return { kind: 'agent', model: line.model }
  const tagged = isPlainObject(line.run_tag) ? line.run_tag.model : undefined
  if (named(tagged)) return { kind: 'agent', model: tagged }
  return typeof line.actor === 'string' ? { kind: 'person', actor: line.actor } : { kind: 'agent' }
}

/**
 * The model an agent's lines that name none are counted under: the name of
 * the file they came in, without its folder and extension (`runs/gpt-4o.jsonl`
 * is `gpt-4o`), so that each such file is a model of its own, in the page's
 * import and in the Analysis view alike.
 */
export function modelOfFile(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(0, dot) : base || 'responses'
}
