/**
 * A rubric's hash, which a grade records so that a grade made under a rubric
 * since changed is known to be stale: SHA-256 (lower-case hex) of the
 * canonical JSON (sorted keys, no whitespace) of the rubric as published,
 * the `prompt_metadata.rubric` value of the task's line. The published value,
 * not the parsed one: defaults filled in by the loader, or a field the loader
 * does not read yet, must not make every grade stale when the loader changes.
 */
import { isPlainObject } from '../base/text'
import { ownValue } from '../base/own'
import type { Task } from '../dataset/types'
import { contentHash } from '../seal/fingerprint'

/** The hash of a rubric's published JSON value. */
export function publishedRubricHash(rubric: unknown): string {
  return contentHash(rubric)
}

/** Per task line: reading the line again for each attempt scored would cost a parse each. */
const byLine = new Map<string, string | null>()
const BY_LINE_LIMIT = 10_000

/**
 * A task's current rubric hash, read from its line as loaded (`source`,
 * which the loader keeps and storage keeps for every task with planner
 * keys). Undefined for a task without a rubric, or one whose line is not
 * there to read (then no grade can be told stale, and every grade applies).
 */
export function rubricHash(task: Pick<Task, 'planner' | 'source'>): string | undefined {
  if (!task.planner?.rubric || task.source === undefined) return undefined
  let hash = byLine.get(task.source)
  if (hash === undefined) {
    hash = hashOfLine(task.source)
    if (byLine.size >= BY_LINE_LIMIT) byLine.clear()
    byLine.set(task.source, hash)
  }
  return hash ?? undefined
}

function hashOfLine(line: string): string | null {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  const meta = isPlainObject(value) ? ownValue(value, 'prompt_metadata') : undefined
  const rubric = isPlainObject(meta) ? ownValue(meta, 'rubric') : undefined
  return rubric === undefined || rubric === null ? null : publishedRubricHash(rubric)
}
