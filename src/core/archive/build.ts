import type { Task, ToolSchema } from '../dataset/types'
import { byFinish, countedOf } from '../analysis/people'
import { responseLine } from '../attempt/responseLine'
import { scoreFileTexts, scoreResponses } from '../results/aggregate'
import type { LiveScoring } from '../results/liveLines'
import { parseResponses } from '../results/responses'
import { setOwn } from '../base/own'
import { stepFields } from '../tools/steps'
import { fileEntry } from './files'
import { ARCHIVE_FILES, ARCHIVE_FORMAT, ARCHIVE_VERSION } from './types'
import type { ArchiveManifest, ArchiveSealed, ArchivedAttempt, ArchivedStep, ArchivedVerdict } from './types'

export interface ArchiveInput {
  attempts: readonly ArchivedAttempt[]
  /** The data set's tasks, all of them: result.json counts every task, as `npm run score` does with the data set's input_data.jsonl. */
  tasks: readonly Task[]
  tools: readonly ToolSchema[]
  dataset: { name: string }
  /** ISO date of the export. */
  exportedAt: string
  /** How the attempts were chosen, in words (kept in the manifest). */
  filter?: string
  /**
   * What scoring the live lines needs, as `npm run score` reads it beside the
   * data set: the records of the tasks whose live lines get a state verdict,
   * and the profile. Required when some attempt is live at a task that
   * expects changes (the scorer throws without it).
   */
  live?: LiveScoring
  /**
   * The data set is sealed (its tasks have no gold): nothing is scored, the
   * archive holds response.jsonl without verdicts, and the manifest gets
   * `sealed` (see {@link ArchiveSealed}). `fingerprints` must give every
   * attempt's task; only those tasks' are written.
   */
  sealed?: ArchiveSealed
}

/** Compares by UTF-16 code units, so that the order is the same on every machine and locale. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The run of each person: the actors sorted by name (code units), numbered
 * from 0. A person's attempts are one run, so that `npm run score` on the
 * export gives each person's accuracy as a run, and their mean ± std.
 */
export function actorRuns(attempts: readonly Pick<ArchivedAttempt, 'actor'>[]): Map<string, number> {
  const actors = [...new Set(attempts.map((a) => a.actor))].sort(byCodeUnits)
  return new Map(actors.map((actor, run) => [actor, run]))
}

/**
 * The order of the lines of response.jsonl, with each attempt's run.
 *
 * The rule: run by run (actors by name), task by task (the data set's order,
 * then unknown task ids by name), and within one person's attempts at one
 * task, the unfinished ones first (by start), then the finished ones by
 * their end (`ended`, or start + active time), latest last, except the one
 * that counts (the first finished blind attempt, see countedOf), which comes
 * after them all. The scorer keeps the last line of an id and run, so each
 * person is scored on the attempt the people statistics count, while every
 * attempt (practice after the gold too) is still in the file. An unfinished
 * attempt has submitted nothing, so its
 * line's `calls` is empty (its kept calls are in `trajectory` and
 * `messages`): it is scored, as wrong, only when the person finished no
 * attempt at that task.
 */
export function scoringOrder(
  attempts: readonly ArchivedAttempt[],
  tasks: readonly Pick<Task, 'id'>[],
): { attempt: ArchivedAttempt; run: number }[] {
  const runs = actorRuns(attempts)
  const counted = new Set(countedOf(attempts, (a) => ({ ...a, order: a })))
  const taskOrder = new Map(tasks.map((t, i) => [t.id, i]))
  const rank = (a: ArchivedAttempt): number => taskOrder.get(a.taskId) ?? tasks.length
  const compare = (a: ArchivedAttempt, b: ArchivedAttempt): number =>
    (runs.get(a.actor) ?? 0) - (runs.get(b.actor) ?? 0) ||
    rank(a) - rank(b) ||
    byCodeUnits(a.taskId, b.taskId) ||
    Number(a.finished) - Number(b.finished) ||
    Number(counted.has(a)) - Number(counted.has(b)) ||
    (a.finished ? byFinish(a, b) : a.started - b.started || byCodeUnits(a.id, b.id))
  return [...attempts].sort(compare).map((attempt) => ({ attempt, run: runs.get(attempt.actor) ?? 0 }))
}

function isoDate(ms: number, what: string): string {
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) throw new RangeError(`${what} is not a valid time: ${ms}`)
  return date.toISOString()
}

function stepLine(step: ArchivedStep, attemptId: string): Record<string, unknown> {
  return { seq: step.seq, at: isoDate(step.at, `attempt ${attemptId} call ${step.seq}`), ...stepFields(step) }
}

/** A kept verdict in the file's words (snake case, as details.jsonl). */
function verdictLine(verdict: ArchivedVerdict): Record<string, unknown> {
  const { state, calls } = verdict
  return {
    correct: verdict.correct,
    error_type: verdict.errorType,
    mismatches: verdict.mismatches,
    ...(state ? { state: { correct: state.correct, error_type: state.errorType, mismatches: state.mismatches } } : {}),
    ...(calls ? { calls: { correct: calls.correct, error_type: calls.errorType } } : {}),
  }
}

/**
 * One line of response.jsonl: the response line (docs/reference.md) of
 * {@link responseLine} (with `state: "live"`, `failure_rate` and `seed` for
 * a live attempt or one that met random failures), plus what importing it
 * back needs to restore the attempt exactly: `finished`, `verdict` (with the
 * state verdict), `flags`, `run_tag` (an agent runner's run) and
 * `trajectory` (every call with its time, source, result, withdrawal and
 * friction mark).
 */
export function archiveResponseLine(attempt: ArchivedAttempt, run: number, instruction: string): Record<string, unknown> {
  return {
    ...responseLine({
      taskId: attempt.taskId,
      instruction,
      run,
      actor: attempt.actor,
      setting: attempt.access,
      started: attempt.started,
      ...(attempt.ended !== undefined ? { ended: attempt.ended } : {}),
      elapsedMs: attempt.elapsedMs,
      steps: attempt.steps,
      finished: attempt.finished,
      attemptId: attempt.id,
      ...(attempt.parent ? { parent: attempt.parent } : {}),
      ...(attempt.state ? { state: attempt.state } : {}),
      ...(attempt.failure ? { failure: attempt.failure } : {}),
      ...(attempt.afterGold ? { afterGold: true } : {}),
    }),
    ...(attempt.run ? { run_tag: runTagLine(attempt.run) } : {}),
    ...(attempt.taskFingerprint ? { task_fingerprint: attempt.taskFingerprint } : {}),
    ...(attempt.verdict ? { verdict: verdictLine(attempt.verdict) } : {}),
    ...(attempt.flags
      ? { flags: attempt.flags.map((f) => ({ kind: f.kind, comment: f.comment, at: isoDate(f.at, `attempt ${attempt.id} flag`) })) }
      : {}),
    trajectory: attempt.steps.map((s) => stepLine(s, attempt.id)),
  }
}

/** A run tag with its keys in a fixed order (the line's `run` is the person's run in the archive, so the tag has its own key). */
function runTagLine(run: NonNullable<ArchivedAttempt['run']>): Record<string, unknown> {
  return { id: run.id, repeat: run.repeat, model: run.model, ...(run.template !== undefined ? { template: run.template } : {}) }
}

/** The text of a JSONL file: one line each, each ending with a newline; empty for none. */
const jsonl = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v) + '\n').join('')

/**
 * The files of an archive of attempts: response.jsonl (one line per attempt,
 * in {@link scoringOrder}), result.json and details.jsonl (what
 * `npm run score` writes for that response.jsonl and the data set, byte for
 * byte: the same parser, scorer and serialisation, live lines replayed over
 * `input.live` as the command line replays them over records_db.json and
 * profile.json), and manifest.json
 * (counts, and each file's SHA-256, size and lines). From a sealed data set
 * (`input.sealed`), response.jsonl and manifest.json only, with no verdict
 * anywhere: there is no gold to score against.
 */
export function buildArchive(input: ArchiveInput): { files: Record<string, string>; manifest: ArchiveManifest } {
  const instructions = new Map(input.tasks.map((t) => [t.id, t.instruction]))
  const sealed = input.sealed ? sealedEntry(input.sealed, input.attempts, input.tasks) : undefined
  // A verdict cannot come from a sealed data set; one found there was not made against its gold.
  const attempts = sealed ? input.attempts.map(withoutVerdict) : input.attempts
  const ordered = scoringOrder(attempts, input.tasks)
  const responses = jsonl(ordered.map(({ attempt, run }) => archiveResponseLine(attempt, run, instructions.get(attempt.taskId) ?? '')))
  const scored: Record<string, string> = { [ARCHIVE_FILES.responses]: responses }
  if (!sealed) {
    // Scored through the text, as cli/score.ts does, so that the two cannot drift apart.
    const scores = scoreResponses(input.tasks, input.tools, parseResponses(responses, ARCHIVE_FILES.responses).lines, input.live)
    const texts = scoreFileTexts(scores)
    setOwn(scored, ARCHIVE_FILES.result, texts.result)
    setOwn(scored, ARCHIVE_FILES.details, texts.details)
  }
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: input.exportedAt,
    dataset: { name: input.dataset.name },
    filter: input.filter ?? null,
    counts: {
      attempts: input.attempts.length,
      finished: input.attempts.filter((a) => a.finished).length,
      people: new Set(input.attempts.map((a) => a.actor)).size,
      tasks: new Set(input.attempts.map((a) => a.taskId)).size,
      calls: input.attempts.reduce((n, a) => n + a.steps.length, 0),
    },
    files: Object.fromEntries(Object.entries(scored).map(([name, text]) => [name, fileEntry(text)])),
    ...(sealed ? { sealed } : {}),
  }
  return { files: { ...scored, [ARCHIVE_FILES.manifest]: JSON.stringify(manifest, null, 2) + '\n' }, manifest }
}

function withoutVerdict(attempt: ArchivedAttempt): ArchivedAttempt {
  if (!attempt.verdict) return attempt
  const { verdict: _verdict, ...rest } = attempt
  return rest
}

/**
 * The manifest's `sealed`: the study as given, and the fingerprints of the
 * attempts' tasks only, in the data set's order. Throws when an attempt's
 * task has none: the archive could then never be matched to its task.
 */
function sealedEntry(given: ArchiveSealed, attempts: readonly ArchivedAttempt[], tasks: readonly Pick<Task, 'id'>[]): ArchiveSealed {
  const used = new Set(attempts.map((a) => a.taskId))
  const missing = [...used].filter((id) => !Object.hasOwn(given.fingerprints, id))
  if (missing.length > 0) throw new Error(`No fingerprint for task(s) ${missing.map((id) => JSON.stringify(id)).join(', ')}: an export from a sealed data set needs each attempt's task's.`)
  const order = new Map(tasks.map((t, i) => [t.id, i]))
  const ids = [...used].sort((a, b) => (order.get(a) ?? tasks.length) - (order.get(b) ?? tasks.length) || byCodeUnits(a, b))
  const fingerprints: Record<string, string> = {}
  for (const id of ids) setOwn(fingerprints, id, given.fingerprints[id] as string)
  return { ...(given.study ? { study: { id: given.study.id, person: given.study.person } } : {}), fingerprints }
}
