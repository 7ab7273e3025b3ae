import { isRetrievalToolName } from '../apps/registry'
import { ownValue, setOwn } from '../base/own'
import { contentText, isOneOf, isPlainObject, replyText, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import { readRun } from '../results/responses'
import { REPLY } from '../tools/planner'
import { parseArguments } from '../tools/runtime'
import { TOOL_KINDS } from '../tools/types'
import type { CallSource } from '../tools/types'
import type { FailureRate, RunTag } from '../attempt/types'
import { lineMaker, modelOfFile } from '../attempt/lineMaker'
import { fileEntry } from './files'
import { importedAttemptId } from '../grades/attemptKey'
import { ARCHIVED_FLAG_KINDS, ARCHIVED_SETTINGS, ARCHIVE_FILES, ARCHIVE_FORMAT, ARCHIVE_VERSION } from './types'
import type { ArchiveReason, ArchiveSealed, ArchivedAttempt, ArchivedFlag, ArchivedSetting, ArchivedStep, ArchivedVerdict } from './types'

/** Every call source; a Record so that a new CallSource fails to compile here until it is listed. */
const SOURCES: Record<CallSource, true> = { ui: true, api: true, agent: true, webmcp: true, mcp: true, replay: true, test: true }
const isSource = (value: unknown): value is CallSource => typeof value === 'string' && Object.hasOwn(SOURCES, value)

/**
 * Reads the attempts of an archive, or of any response file.
 *
 * The response file is `response.jsonl`, or else the one `.jsonl` file other
 * than details.jsonl (a CLI or harness output under its own name). When a
 * manifest.json is present, each file it lists must be there with the same
 * SHA-256, or the issue names the file.
 *
 * Lines this page exported come back exactly (see archiveResponseLine in build.ts).
 * Lines from elsewhere (only `id`, `run`, `calls` and/or `messages`) are read
 * as finished attempts:
 * - the trajectory comes from `messages` (each assistant tool call, answered
 *   by the tool message of its id; `search_*` calls are retrieval; each
 *   assistant message without tool calls a reply to the user, as the scorer
 *   reads a line, so that a rubric's `said` reads the same after import), else
 *   from `calls`; arguments stay as given (the JSON string of a tool call, as
 *   the runtime records a model's call);
 * - whether a call succeeded is not in such a line: where the line has
 *   `calls`, the execution calls that are not among them failed (or, when the
 *   line lists them in `withdrawn`, were withdrawn); otherwise every call is
 *   taken as successful, since the scorer counts them all, so the attempt
 *   scores the same after import;
 * - the actor is `actor`, else `model`, else `run N`; the setting `setting`,
 *   else paginated; times `started`/`ended`/`elapsed_ms` when given (a time
 *   without a zone is UTC), else 0;
 * - the attempt id is `attempt`, else derived from a SHA-256 of the line, so
 *   that importing the same file twice gives the same ids.
 * - an agent's line ({@link lineMaker}: it names a model, or has no actor)
 *   is kept as its model's run, `imported:<model>`, with the line's `run` as
 *   the repeat; a line that names no model is named after `source` (the
 *   file picked or dropped, without its extension), else after the response
 *   file, so that two plain response files make two runs.
 * A person's line's `run` is not kept: an export numbers the runs by actor again.
 * Any line may say `state: "live"` (its calls changed the attempt's records),
 * `failure_rate` and `seed` (the random friction it met), and `friction`
 * (the seqs of the calls friction refused); a page export's trajectory marks
 * those steps, and `run_tag` gives an agent runner's run. What a file says
 * its steps answered is only text: an importer checks it again (see
 * judgeAttempt in src/core/verdict).
 *
 * Lines that cannot be read are reported in `issues` and left out; an
 * importer should refuse an archive with any issue.
 *
 * `sealed` is the manifest's `sealed` (an export from a sealed data set, see
 * {@link ArchiveSealed}): such an archive has no result.json or
 * details.jsonl, and every attempt's task must have a fingerprint in it (an
 * issue otherwise). Matching the fingerprints to a data set is the
 * importer's part.
 */
export function readArchive(
  files: Readonly<Record<string, string>>,
  source?: string,
): { attempts: ArchivedAttempt[]; issues: string[]; sealed?: ArchiveSealed; reason?: ArchiveReason } {
  const issues: string[] = []
  const manifest = { changed: false, incomplete: false }
  const sealed = checkManifest(files, issues, manifest)
  // A file changed after the export, or missing from it, is said first: whatever else is wrong follows from that.
  const whole: ArchiveReason | undefined = manifest.changed ? 'changed' : manifest.incomplete ? 'incomplete' : undefined
  const name = responseFileName(files, issues)
  if (name === undefined) {
    const reason: ArchiveReason = whole ?? (Object.keys(files).some(isResponseFileName) ? 'severalResponseFiles' : 'noResponseFile')
    return { attempts: [], issues, reason, ...(sealed ? { sealed } : {}) }
  }
  const fileModel = modelOfFile(source ?? name)
  const attempts: ArchivedAttempt[] = []
  const seen = new Map<string, { line: number; text: string }>()
  let unreadLines = 0
  splitLines(files[name] ?? '').forEach((text, index) => {
    const line = index + 1
    if (text.trim() === '') return
    const problems: string[] = []
    const attempt = attemptOfLine(text, fileModel, problems)
    if (problems.length > 0) unreadLines++
    for (const p of problems) issues.push(`${name} line ${line}: ${p}`)
    if (!attempt || problems.length > 0) return
    const earlier = seen.get(attempt.id)
    if (earlier) {
      // The very same line twice is the same attempt twice; two different lines with one id are a conflict.
      if (earlier.text.trim() !== text.trim()) issues.push(`${name} line ${line}: attempt ${attempt.id} is also line ${earlier.line}, with other content`)
      return
    }
    seen.set(attempt.id, { line, text })
    attempts.push(attempt)
  })
  if (sealed) {
    const unlisted = [...new Set(attempts.map((a) => a.taskId))].filter((id) => !Object.hasOwn(sealed.fingerprints, id))
    if (unlisted.length > 0)
      issues.push(`${ARCHIVE_FILES.manifest}: "sealed.fingerprints" has no fingerprint for task(s) ${unlisted.map((id) => JSON.stringify(id)).join(', ')}, which ${name} has attempts at`)
  }
  const reason: ArchiveReason | undefined = whole ?? (attempts.length === 0 && unreadLines > 0 ? 'noResponseLines' : undefined)
  return { attempts, issues, ...(reason ? { reason } : {}), ...(sealed ? { sealed } : {}) }
}

/** A file an archive's responses may be in: a .jsonl other than details.jsonl. */
const isResponseFileName = (n: string) => n.endsWith('.jsonl') && n !== ARCHIVE_FILES.details

function responseFileName(files: Readonly<Record<string, string>>, issues: string[]): string | undefined {
  if (ARCHIVE_FILES.responses in files) return ARCHIVE_FILES.responses
  const candidates = Object.keys(files).filter(isResponseFileName)
  if (candidates.length === 1) return candidates[0]
  issues.push(
    candidates.length === 0
      ? `No ${ARCHIVE_FILES.responses}: an archive of attempts needs it (or one .jsonl file of response lines).`
      : `Several response files (${candidates.join(', ')}) and no ${ARCHIVE_FILES.responses}: import them one at a time.`,
  )
  return undefined
}

/** Checks each file the manifest lists (`found.changed`: one of them is not the file exported; `found.incomplete`: one is missing); gives its `sealed`, when it has a well-formed one. */
function checkManifest(files: Readonly<Record<string, string>>, issues: string[], found: { changed: boolean; incomplete: boolean }): ArchiveSealed | undefined {
  const text = files[ARCHIVE_FILES.manifest]
  if (text === undefined) return undefined
  const parsed = parseJsonWithLine(text)
  if ('error' in parsed) return void issues.push(`${ARCHIVE_FILES.manifest}: not valid JSON (${parsed.error})`)
  const manifest = parsed.value
  if (!isPlainObject(manifest) || manifest.format !== ARCHIVE_FORMAT)
    return void issues.push(`${ARCHIVE_FILES.manifest}: not the manifest of an archive of attempts ("format" is not "${ARCHIVE_FORMAT}")`)
  if (typeof manifest.version !== 'number') return void issues.push(`${ARCHIVE_FILES.manifest}: "version" is missing`)
  if (manifest.version > ARCHIVE_VERSION)
    return void issues.push(`${ARCHIVE_FILES.manifest}: version ${manifest.version} is newer than this page reads (${ARCHIVE_VERSION}): update the page`)
  if (!isPlainObject(manifest.files)) return void issues.push(`${ARCHIVE_FILES.manifest}: "files" is missing`)
  for (const [name, entry] of Object.entries(manifest.files)) {
    // Listed names are outside keys: "constructor" must read as missing, not as Object's.
    const content = ownValue(files, name)
    const expected = isPlainObject(entry) ? entry.sha256 : undefined
    if (content === undefined) {
      issues.push(`${name}: listed in ${ARCHIVE_FILES.manifest} but missing`)
      found.incomplete = true
    } else if (fileEntry(content).sha256 !== expected) {
      issues.push(`${name}: does not match ${ARCHIVE_FILES.manifest} (different SHA-256): the file was changed after the export`)
      found.changed = true
    }
  }
  return manifest.sealed === undefined ? undefined : readSealed(manifest.sealed, issues)
}

const SHA256_HEX = /^[0-9a-f]{64}$/

/** manifest.json's `sealed`, checked: `{study?: {id, person}, fingerprints: {<task id>: <64 hex digits>}}`. */
function readSealed(value: unknown, issues: string[]): ArchiveSealed | undefined {
  const where = `${ARCHIVE_FILES.manifest}: "sealed"`
  if (!isPlainObject(value)) return void issues.push(`${where} must be an object`)
  const before = issues.length
  const fingerprints: Record<string, string> = {}
  if (!isPlainObject(value.fingerprints)) issues.push(`${where}.fingerprints must map task ids to SHA-256 fingerprints`)
  else
    for (const [taskId, fingerprint] of Object.entries(value.fingerprints)) {
      if (typeof fingerprint === 'string' && SHA256_HEX.test(fingerprint)) setOwn(fingerprints, taskId, fingerprint)
      else issues.push(`${where}.fingerprints: task ${JSON.stringify(taskId)} must have 64 hex digits (SHA-256)`)
    }
  const { study } = value
  if (study !== undefined && !(isPlainObject(study) && nonEmptyString(study.id) && nonEmptyString(study.person)))
    issues.push(`${where}.study must be {id, person}, both non-empty strings`)
  if (issues.length > before) return undefined
  return {
    ...(isPlainObject(study) ? { study: { id: study.id as string, person: study.person as string } } : {}),
    fingerprints,
  }
}

/**
 * Epoch ms of an ISO date; one without a zone is UTC, so that an import reads
 * the same in every time zone. Numbers are refused: seconds and milliseconds
 * since 1970 cannot be told apart safely.
 */
function readTime(value: unknown, key: string, problems: string[]): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') return void problems.push(`"${key}" must be an ISO date`)
  const zoned = /[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value
  const ms = Date.parse(zoned)
  if (Number.isNaN(ms)) return void problems.push(`"${key}" is not a date: ${JSON.stringify(value)}`)
  return ms
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== ''

function attemptOfLine(text: string, fileModel: string, problems: string[]): ArchivedAttempt | undefined {
  const parsed = parseJsonWithLine(text)
  if ('error' in parsed) return void problems.push(`not valid JSON: ${parsed.error}`)
  const line = parsed.value
  if (!isPlainObject(line)) return void problems.push('a response must be a JSON object')
  if (typeof line.id !== 'string' && typeof line.id !== 'number') return void problems.push('"id" (the task id) is missing')
  if (!Array.isArray(line.calls) && !Array.isArray(line.messages) && !Array.isArray(line.trajectory))
    return void problems.push('a response needs "calls" or "messages"')
  const run = readRun(line.run)
  if (run === undefined) return void problems.push('"run" must be a whole number')

  const setting = line.setting ?? 'paginated'
  if (!ARCHIVED_SETTINGS.includes(setting as ArchivedSetting))
    problems.push(`"setting" must be one of ${ARCHIVED_SETTINGS.join(', ')}`)
  const started = readTime(line.started, 'started', problems)
  const ended = readTime(line.ended, 'ended', problems)
  let elapsedMs = 0
  if (line.elapsed_ms !== undefined) {
    if (typeof line.elapsed_ms === 'number' && line.elapsed_ms >= 0) elapsedMs = line.elapsed_ms
    else problems.push('"elapsed_ms" must be a number of milliseconds')
  } else if (started !== undefined && ended !== undefined) elapsedMs = Math.max(0, ended - started)
  if (line.finished !== undefined && typeof line.finished !== 'boolean') problems.push('"finished" must be true or false')
  const verdict = line.verdict === undefined ? undefined : readVerdict(line.verdict, problems)
  const flags = line.flags === undefined ? undefined : readFlags(line.flags, problems)
  const parent = readParent(line, problems)
  const state = readState(line.state, problems)
  const failure = readFailure(line, problems)
  const runTag = line.run_tag === undefined ? undefined : readRunTag(line.run_tag, problems)
  const taskFingerprint = readTaskFingerprint(line.task_fingerprint, problems)
  if (line.after_gold !== undefined && typeof line.after_gold !== 'boolean') problems.push('"after_gold" must be true or false')
  const start = started ?? 0
  const repeatedSeqs: string[] = []
  const steps = Array.isArray(line.trajectory)
    ? readTrajectory(line.trajectory, problems, repeatedSeqs)
    : Array.isArray(line.messages)
      ? stepsOfMessages(line, start)
      : stepsOfCalls(line, start)

  const actor = nonEmptyString(line.actor) ? line.actor : nonEmptyString(line.model) ? line.model : `run ${run}`
  const maker = lineMaker(line)
  const agentRun = runTag ?? (maker.kind === 'agent' ? importedRun(maker.model ?? fileModel, run) : undefined)
  const id = nonEmptyString(line.attempt) ? line.attempt : importedAttemptId(text)
  for (const d of repeatedSeqs) problems.push(`attempt ${id}: ${d}`)
  return {
    id,
    taskId: String(line.id),
    access: setting as ArchivedSetting,
    actor,
    started: start,
    elapsedMs,
    finished: typeof line.finished === 'boolean' ? line.finished : true,
    ...(ended !== undefined ? { ended } : {}),
    ...(verdict ? { verdict } : {}),
    ...(flags ? { flags } : {}),
    ...(parent ? { parent } : {}),
    ...(state ? { state } : {}),
    ...(failure ? { failure } : {}),
    ...(agentRun ? { run: agentRun } : {}),
    ...(taskFingerprint ? { taskFingerprint } : {}),
    ...(line.after_gold === true ? { afterGold: true as const } : {}),
    steps,
  }
}

/** `task_fingerprint`: the version of the task the attempt was made on, a SHA-256 in lowercase hex. */
function readTaskFingerprint(value: unknown, problems: string[]): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)) return value
  problems.push('"task_fingerprint" must be a SHA-256 in hex (64 characters 0-9, a-f)')
  return undefined
}

/** `state`: "live", or "static" / absent (the published protocol, kept as no key). */
function readState(value: unknown, problems: string[]): 'live' | undefined {
  if (value === 'live') return 'live'
  if (value !== undefined && value !== null && value !== 'static') problems.push('"state" must be "static" or "live"')
  return undefined
}

/**
 * `failure_rate` (a probability) and `seed` (a number or a word; 0 when left
 * out, as the command line's default). A rate of 0 met no failure, so it is
 * kept as none, as the kernel keeps it.
 */
function readFailure(line: Record<string, unknown>, problems: string[]): FailureRate | undefined {
  const { failure_rate: rate, seed } = line
  if (rate === undefined || rate === null) {
    if (seed !== undefined && seed !== null) problems.push('"seed" goes with "failure_rate"')
    return undefined
  }
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) return void problems.push('"failure_rate" must be a probability from 0 to 1')
  if (seed !== undefined && typeof seed !== 'number' && typeof seed !== 'string') return void problems.push('"seed" must be a number or a string')
  return rate > 0 ? { rate, seed: seed ?? 0 } : undefined
}

/**
 * The run an agent's line from outside the page is kept in: one a model (a
 * line that names none is named after its file, as the Analysis view names
 * it), the line's run as its repeat. Kept as a run, an agent's attempts count
 * with the models, never among people (their baselines, cross-validation,
 * export).
 */
function importedRun(model: string, run: number): RunTag {
  return { id: `imported:${model}`, repeat: run, model }
}

/** `run_tag`: the agent runner's run of the attempt, `{id, repeat, model, template?}`. */
function readRunTag(value: unknown, problems: string[]): RunTag | undefined {
  if (
    isPlainObject(value) &&
    typeof value.id === 'string' &&
    typeof value.repeat === 'number' &&
    Number.isInteger(value.repeat) &&
    value.repeat >= 0 &&
    typeof value.model === 'string' &&
    (value.template === undefined || typeof value.template === 'string')
  )
    return { id: value.id, repeat: value.repeat, model: value.model, ...(typeof value.template === 'string' ? { template: value.template } : {}) }
  return void problems.push('"run_tag" must be {id, repeat (a whole number from 0), model, template?}')
}

/** A fork's `parent` (the attempt id) and `forked_at` (how many of its calls it inherited), both or neither. */
function readParent(line: Record<string, unknown>, problems: string[]): { attemptId: string; step: number } | undefined {
  if (line.parent === undefined && line.forked_at === undefined) return undefined
  const step = line.forked_at
  if (nonEmptyString(line.parent) && typeof step === 'number' && Number.isInteger(step) && step >= 0) return { attemptId: line.parent, step }
  return void problems.push('"parent" (an attempt id) and "forked_at" (a whole number from 0) go together')
}

const isErrorType = (value: unknown): value is string | null => typeof value === 'string' || value === null

function readVerdict(value: unknown, problems: string[]): ArchivedVerdict | undefined {
  const state = isPlainObject(value) ? value.state : undefined
  const calls = isPlainObject(value) ? value.calls : undefined
  if (
    isPlainObject(value) &&
    typeof value.correct === 'boolean' &&
    isErrorType(value.error_type) &&
    Array.isArray(value.mismatches) &&
    (state === undefined || (isPlainObject(state) && typeof state.correct === 'boolean' && isErrorType(state.error_type) && Array.isArray(state.mismatches))) &&
    (calls === undefined || (isPlainObject(calls) && typeof calls.correct === 'boolean' && isErrorType(calls.error_type)))
  )
    return {
      correct: value.correct,
      errorType: value.error_type,
      mismatches: value.mismatches,
      ...(isPlainObject(state) ? { state: { correct: state.correct as boolean, errorType: state.error_type as string | null, mismatches: state.mismatches as unknown[] } } : {}),
      ...(isPlainObject(calls) ? { calls: { correct: calls.correct as boolean, errorType: calls.error_type as string | null } } : {}),
    }
  return void problems.push('"verdict" must be {correct, error_type, mismatches, state?: {correct, error_type, mismatches}, calls?: {correct, error_type}}')
}

function readFlags(value: unknown, problems: string[]): ArchivedFlag[] | undefined {
  if (!Array.isArray(value)) return void problems.push('"flags" must be a list')
  const flags: ArchivedFlag[] = []
  value.forEach((f, i) => {
    const at = isPlainObject(f) ? readTime(f.at, `flags[${i}].at`, problems) : undefined
    if (!isPlainObject(f) || !ARCHIVED_FLAG_KINDS.includes(f.kind as ArchivedFlag['kind']) || typeof f.comment !== 'string' || at === undefined)
      return void problems.push(`flags[${i}] must be {kind: ${ARCHIVED_FLAG_KINDS.join('|')}, comment, at}`)
    flags.push({ kind: f.kind as ArchivedFlag['kind'], comment: f.comment, at })
  })
  return flags
}

/**
 * The steps of a page export's trajectory. A call is stored under its
 * attempt and seq, so two steps with one seq cannot both be kept: they are
 * reported in `repeatedSeqs` (naming both), for the caller to refuse the
 * line with its attempt id.
 */
function readTrajectory(value: unknown[], problems: string[], repeatedSeqs: string[]): ArchivedStep[] {
  const steps: ArchivedStep[] = []
  const firstOfSeq = new Map<number, number>()
  value.forEach((s, i) => {
    const at = isPlainObject(s) ? readTime(s.at, `trajectory[${i}].at`, problems) : undefined
    if (
      !isPlainObject(s) ||
      typeof s.seq !== 'number' ||
      !Number.isInteger(s.seq) ||
      s.seq < 0 ||
      at === undefined ||
      typeof s.name !== 'string' ||
      !isSource(s.source) ||
      !isOneOf(s.kind, TOOL_KINDS) ||
      typeof s.ok !== 'boolean' ||
      typeof s.content !== 'string' ||
      (s.withdrawn !== undefined && typeof s.withdrawn !== 'boolean') ||
      (s.inherited !== undefined && typeof s.inherited !== 'boolean') ||
      (s.friction !== undefined && typeof s.friction !== 'boolean')
    )
      return void problems.push(`trajectory[${i}] must be {seq (a whole number from 0), at, name, arguments, source, kind, ok, content, withdrawn?, inherited?, friction?}`)
    const earlier = firstOfSeq.get(s.seq)
    if (earlier !== undefined)
      return void repeatedSeqs.push(`seq ${s.seq} is used twice (trajectory[${earlier}] and trajectory[${i}]): each call needs its own seq`)
    firstOfSeq.set(s.seq, i)
    steps.push({
      seq: s.seq,
      at,
      name: s.name,
      arguments: s.arguments,
      source: s.source,
      kind: s.kind,
      ok: s.ok,
      content: s.content,
      ...(s.withdrawn ? { withdrawn: true } : {}),
      ...(s.inherited ? { inherited: true } : {}),
      ...(s.friction ? { friction: true } : {}),
    })
  })
  return steps
}


/**
 * An assistant message without tool calls: the attempt's reply to the user
 * (its text, or its text parts), as src/core/results/lineTrajectory.ts reads
 * a line. The text beside tool calls is the model thinking aloud, not a reply.
 */
function replyStep(seq: number, at: number, source: CallSource, content: unknown): ArchivedStep {
  return { seq, at, name: REPLY, arguments: { text: replyText(content) }, source, kind: 'reply', ok: true, content: '' }
}

/** Who made the calls of a line from elsewhere: a person's export names an actor; the rest come from agents. */
const sourceOf = (line: Record<string, unknown>): CallSource => (lineMaker(line).kind === 'agent' ? 'agent' : 'ui')

function stepsOfMessages(line: Record<string, unknown>, at: number): ArchivedStep[] {
  const source = sourceOf(line)
  const steps: ArchivedStep[] = []
  // Tool calls still waiting for their tool message; harnesses may reuse ids across turns, so the earliest waiting one answers.
  const waiting: { id: unknown; step: ArchivedStep }[] = []
  for (const message of Array.isArray(line.messages) ? line.messages : []) {
    if (!isPlainObject(message)) continue
    if (message.role === 'assistant') {
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : []
      // A page export numbers its replies among its calls (its `failed` and `withdrawn` name seqs), so a reply takes a seq too.
      if (calls.length === 0) steps.push(replyStep(steps.length, at, source, message.content))
      for (const call of calls) {
        const fn = isPlainObject(call) ? call.function : undefined
        if (!isPlainObject(fn) || typeof fn.name !== 'string') continue
        const step: ArchivedStep = {
          seq: steps.length,
          at,
          name: fn.name,
          arguments: fn.arguments,
          source,
          kind: isRetrievalToolName(fn.name) ? 'retrieval' : 'execution',
          ok: true,
          content: '',
        }
        steps.push(step)
        waiting.push({ id: isPlainObject(call) ? call.id : undefined, step })
      }
    } else if (message.role === 'tool') {
      const i = waiting.findIndex((w) => w.id === message.tool_call_id)
      const [answered] = waiting.splice(i >= 0 ? i : 0, 1)
      if (answered) answered.step.content = contentText(message.content)
    }
  }
  // Without `calls`, the scorer counts every execution call of the messages: so does the import, withdrawn or not.
  if (Array.isArray(line.calls)) {
    markWithdrawn(line, steps)
    markFailed(line, steps)
    markFriction(line, steps)
    // An unfinished attempt submitted nothing (its `calls` is empty): its `failed` says which calls failed.
    if (line.finished !== false) matchScoredCalls(line.calls, steps, source, at)
  }
  return steps
}

/** A page export (src/core/attempt/responseLine.ts) lists the withdrawn calls by seq, and its seqs are the message order. */
function markWithdrawn(line: Record<string, unknown>, steps: ArchivedStep[]): void {
  if (!Array.isArray(line.withdrawn)) return
  for (const seq of line.withdrawn) {
    const step = typeof seq === 'number' ? steps[seq] : undefined
    if (step?.kind === 'execution') step.withdrawn = true
  }
}

/** A page export lists the calls that failed by seq (`failed`); older exports leave it to `calls`. */
function markFailed(line: Record<string, unknown>, steps: ArchivedStep[]): void {
  if (!Array.isArray(line.failed)) return
  for (const seq of line.failed) {
    const step = typeof seq === 'number' ? steps[seq] : undefined
    if (step) step.ok = false
  }
}

/** A page export lists the calls friction refused by seq (`friction`): refused, so failed too. */
function markFriction(line: Record<string, unknown>, steps: ArchivedStep[]): void {
  if (!Array.isArray(line.friction)) return
  for (const seq of line.friction) {
    const step = typeof seq === 'number' ? steps[seq] : undefined
    if (step?.kind === 'execution') Object.assign(step, { ok: false, friction: true })
  }
}

/**
 * Where a line has both `calls` (what is scored) and `messages`, the scored
 * calls are the successful, kept execution calls, in order: walk the kept
 * execution steps and mark those that are not the next scored call as
 * failed. Matched steps take the call's arguments as given (an object where
 * the messages hold its JSON text). Scored calls found in no message are
 * added at the end, so that the attempt still scores the same.
 */
function matchScoredCalls(calls: unknown[], steps: ArchivedStep[], source: CallSource, at: number): void {
  const scored = calls.filter(
    (c): c is { name: string; arguments?: unknown } => isPlainObject(c) && typeof c.name === 'string' && !isRetrievalToolName(c.name),
  )
  let next = 0
  for (const step of steps) {
    // A call friction refused was never a submitted action, whatever it asked.
    if (step.kind !== 'execution' || step.withdrawn || step.friction) continue
    const call = scored[next]
    if (call && call.name === step.name && sameArguments(call.arguments, step.arguments)) {
      step.arguments = call.arguments
      next++
    } else step.ok = false
  }
  for (const call of scored.slice(next))
    steps.push({ seq: steps.length, at, name: call.name, arguments: call.arguments, source, kind: 'execution', ok: true, content: '' })
}

function sameArguments(a: unknown, b: unknown): boolean {
  const pa = parseArguments(a)
  const pb = parseArguments(b)
  if ('args' in pa && 'args' in pb) return canonical(pa.args) === canonical(pb.args)
  return a === b
}

/** JSON with object keys sorted: equal exactly when two values are the same JSON. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

function stepsOfCalls(line: Record<string, unknown>, at: number): ArchivedStep[] {
  const source = sourceOf(line)
  const steps: ArchivedStep[] = []
  for (const c of Array.isArray(line.calls) ? line.calls : []) {
    if (!isPlainObject(c) || typeof c.name !== 'string') continue
    const kind = isRetrievalToolName(c.name) ? 'retrieval' : 'execution'
    steps.push({ seq: steps.length, at, name: c.name, arguments: c.arguments, source, kind, ok: true, content: '' })
  }
  return steps
}
