import { Attempt } from '../attempt/attempt'
import type { AttemptOutcome } from '../attempt/attempt'
import { MemorySink } from '../attempt/memory'
import type { Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'
import { scoreTask, toolProperties } from '../score/task'
import { hasConditions, taskConditions, underConditions } from '../score/conditions'
import { rubricDecides } from '../score/rubric'
import type { RubricDecisions } from '../score/rubric'
import { engineFor, loadSearchEngine } from '../search/engines'
import { isMemoryReadTool } from '../tools/memoryTools'
import { keptVerdict, runtimeSetting } from '../attempt/types'
import { RefusedArguments, scoredCallsOf } from '../tools/steps'
import type { TrajectoryStep } from '../tools/steps'
import { ToolRuntime } from '../tools/runtime'
import { REPLY } from '../tools/planner'
import { replyText } from '../attempt/responseLine'
import type { ArchivedAttempt, ArchivedStep, ArchivedVerdict } from '../archive/types'
import { needsKernel } from './types'
import type { AgentCard, Skill } from '../dataset/plannerTypes'
import type { JudgeContext, JudgedAttempt, TaskVersion, VerdictSummary } from './types'

/**
 * An imported trajectory with what decides its score worked out again: each
 * step's kind from its name, and each execution call's `ok` from this data
 * set's tool schemas. A file's `ok: true` on an invalid call would otherwise
 * make it a submitted action. Execution calls are checked against their
 * schemas only, so the runtime needs no records. This is the check of a
 * static attempt without random failures ({@link needsKernel}), which meets
 * no friction: a friction mark in its file is dropped. A reply to the user
 * (no tool: the name is reserved) stays a reply, as the kernel keeps it.
 */
export function verifiedSteps(steps: readonly ArchivedStep[], tools: readonly ToolSchema[], agents?: readonly AgentCard[]): ArchivedStep[] {
  const runtime = new ToolRuntime([...tools], {}, { setting: 'full', ...(agents ? { planner: { agents } } : {}) })
  return steps.map((given) => {
    const step = given.friction ? withoutFriction(given) : given
    if (step.name === REPLY) return step.kind === 'reply' && step.ok ? step : { ...step, kind: 'reply', ok: true }
    const kind = runtime.kindOf(step.name)
    if (kind !== 'execution') return step.kind === kind ? step : { ...step, kind }
    const ok = runtime.call(step.name, step.arguments, step.source).ok
    return step.kind === kind && step.ok === ok ? step : { ...step, kind, ok }
  })
}

function withoutFriction(step: ArchivedStep): ArchivedStep {
  const { friction: _friction, ...rest } = step
  return rest
}

/** What running an attempt's calls again needs: this data set's tools, the task's records, and the profile (live effects stamp its "now"). */
export interface KernelSource {
  tools: readonly ToolSchema[]
  records: TaskRecords
  profile: Profile
  /** The task version's fingerprint, when known: the replay then does not compute it again (a large task's takes a while). */
  fingerprint?: string
  /** The data set is sealed (no gold): the calls are judged, the attempt is never scored. */
  sealed?: boolean
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
}

/**
 * An imported attempt's steps as the attempt kernel judges them: its calls
 * replayed in seq order in a fresh in-memory attempt of the same task,
 * setting, state, random failures and run, then the file's withdrawals
 * applied. Each step keeps the file's seq, time, name, arguments, source and
 * inheritance, and takes the kernel's kind, `ok`, friction mark and
 * withdrawal: a file cannot make a refused call a submitted action, nor
 * withdraw a call that failed. The content (what the solver saw) is the
 * file's where the kernel judges the call as the file says, and the
 * kernel's where it does not, so that a step's text never contradicts its
 * result. `outcome` is the kernel's verdict over these steps, the state
 * verdict included.
 *
 * Limitations, since the file does not hold everything that happened:
 * - A withdrawal's time is not stored, so every withdrawal is applied after
 *   the last call. A call made after a withdrawal is judged against the state
 *   with the withdrawn change still in it: a call that succeeded only because
 *   that change had been taken back (deleting again a record whose deletion
 *   was withdrawn) is refused here, and its effect is not in the state.
 * - A fork's inherited calls are judged again like the others (the kernel
 *   copies them from the parent unjudged), in the fork's own run: a fork of
 *   an agent run's attempt with random failures draws them for repeat 0,
 *   where the parent drew them for its repeat.
 * - Random failures are drawn for the attempt's run tag (`run_tag`), and
 *   for repeat 0 without one: a line from elsewhere with `failure_rate` and no
 *   run tag is judged as repeat 0, whatever its `run`.
 * Where the kernel and the file disagree, the kernel's steps are kept and the
 * verdict change is reported (see judgeAttempt).
 */
export async function kernelSteps(
  attempt: ArchivedAttempt,
  task: Task,
  source: KernelSource,
): Promise<{ steps: ArchivedStep[]; outcome: AttemptOutcome | undefined }> {
  const ordered = [...attempt.steps].sort((a, b) => a.seq - b.seq)
  const kernel = await Attempt.open({
    task,
    tools: source.tools,
    records: source.records,
    profile: source.profile,
    setting: attempt.access,
    actor: attempt.actor,
    sink: new MemorySink(),
    ...(attempt.state ? { state: attempt.state } : {}),
    ...(attempt.failure ? { failure: attempt.failure } : {}),
    ...(attempt.run ? { run: attempt.run } : {}),
    ...(source.sealed ? { sealed: true } : {}),
    ...(source.fingerprint !== undefined ? { fingerprint: source.fingerprint } : {}),
    ...(source.skills ? { skills: source.skills } : {}),
    ...(source.agents ? { agents: source.agents } : {}),
  })
  for (const step of ordered) await callAgain(kernel, step)
  for (const [index, step] of ordered.entries()) if (step.withdrawn) await kernel.withdraw(index)
  const judged = kernel.trajectory()
  const steps = ordered.map((given, index): ArchivedStep => {
    const step = judged[index] as TrajectoryStep
    const asGiven = step.kind === given.kind && step.ok === given.ok && Boolean(step.friction) === Boolean(given.friction)
    return {
      seq: given.seq,
      at: given.at,
      name: given.name,
      arguments: given.arguments,
      source: given.source,
      kind: step.kind,
      ok: step.ok,
      content: asGiven ? given.content : step.content,
      ...(step.withdrawn ? { withdrawn: true } : {}),
      ...(given.inherited ? { inherited: true } : {}),
      ...(step.friction ? { friction: true } : {}),
    }
  })
  return { steps, outcome: kernel.verdict() }
}

/**
 * Makes a recorded call again. Arguments the kernel refuses to record (a file
 * can hold what no host would have stored, as a missing `arguments`) are sent
 * as their JSON text, as a model sends them, so that every step of the file
 * has its place in the replay and gets the runtime's answer. A reply to the
 * user is said again, as a reply: it calls no tool.
 */
async function callAgain(kernel: Attempt, step: ArchivedStep): Promise<void> {
  if (step.name === REPLY) return void (await kernel.reply(replyText(step), step.source))
  try {
    await kernel.call(step.name, step.arguments, step.source)
  } catch (err) {
    if (!(err instanceof RefusedArguments)) throw err
    await kernel.call(step.name, JSON.stringify(step.arguments) ?? 'null', step.source)
  }
}

/** Loads the search engine a memory read needs, as the kernel does before a call. */
async function loadEngineOf(step: ArchivedStep): Promise<void> {
  const engine = isMemoryReadTool(step.name) ? engineFor(step.arguments) : undefined
  if (engine) await loadSearchEngine(engine)
}

function summary(verdict: ArchivedVerdict): VerdictSummary {
  const { state } = verdict
  return { correct: verdict.correct, errorType: verdict.errorType, ...(state ? { state: { correct: state.correct, errorType: state.errorType } } : {}) }
}

const sameSummary = (a: VerdictSummary, b: VerdictSummary): boolean =>
  a.correct === b.correct && a.errorType === b.errorType && a.state?.correct === b.state?.correct && a.state?.errorType === b.state?.errorType

/**
 * The one re-scoring service: an attempt's stored steps judged again under
 * the kernel's rules against one version of its task, with the attempt's
 * conditions (setting, state, random failures, run). An import, a revision,
 * a profile edit, an unseal and the earlier-version review all come here; the
 * kernel's finish makes the same verdict for an attempt as it is played.
 * Storage keeps what this gives (steps, verdict and the version's
 * fingerprint) and never scores.
 *
 * The verdict is the one the page's scorer gives the judged steps' submitted
 * calls against this version's gold, never a file's: a file is only text,
 * and its verdict can have been edited or made against other gold. An
 * unfinished attempt submitted nothing, so it has no verdict.
 *
 * A static attempt without random failures has its steps checked against
 * the tool schemas ({@link verifiedSteps}: a static call's answer depends on
 * nothing before it) and scored. An attempt that {@link needsKernel} (live,
 * or with random failures) has its calls run again through the attempt
 * kernel ({@link kernelSteps}) over the version's records, with its friction
 * rules and effects, which gives its steps and its verdict, the state verdict
 * included.
 *
 * With `context.sealed` there is no gold: the steps are judged the same way,
 * and no attempt gets a verdict, whatever it had.
 *
 * With `decisions` (people's decisions on the rubric's items without a
 * check, src/core/grades decisionsFor), those items are decided as the
 * decisions say, as `npm run score --grades` decides a response line's;
 * without, they are undecided, as at the kernel's finish. A kernel-judged
 * attempt's rubric is judged again over the kernel's steps with the
 * decisions: where the rubric decides, its verdict is the rubric's and the
 * conditions' alone, so nothing else of the kernel's outcome changes.
 *
 * `change` is set when the attempt had a verdict that differs in `correct`,
 * `errorType`, or the state verdict's `correct` and `errorType` (one only on
 * one side counts); mismatches alone are not a different verdict (their
 * wording can change with the scorer), and the recomputed ones are kept
 * anyway.
 */
export async function judgeAttempt(attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, decisions?: RubricDecisions): Promise<JudgedAttempt> {
  const sealed = context.sealed === true
  const { task, fingerprint } = version
  let steps: ArchivedStep[]
  let verdict: ArchivedVerdict
  if (needsKernel(attempt, context)) {
    const { tools, profile, skills, agents } = context
    const judged = await kernelSteps(attempt, task, { tools, records: version.records, profile, fingerprint, ...(sealed ? { sealed } : {}), ...(skills ? { skills } : {}), ...(agents ? { agents } : {}) })
    steps = judged.steps
    if (!attempt.finished || !judged.outcome) return { steps, taskFingerprint: fingerprint }
    const graded = decisions && rubricDecides(task) ? taskConditions(task, steps, { tools, records: version.records, setting: runtimeSetting(attempt.access), decisions }) : undefined
    verdict = keptVerdict(graded ? underConditions(judged.outcome, graded) : judged.outcome)
  } else {
    steps = verifiedSteps(attempt.steps, context.tools, context.agents)
    if (!attempt.finished || sealed) return { steps, taskFingerprint: fingerprint }
    // A page loads the regex and fuzzy engines on first use: the replayed memory searches may be the first.
    if (hasConditions(task)) for (const step of steps) await loadEngineOf(step)
    const conditions = taskConditions(task, steps, { tools: context.tools, records: version.records, setting: runtimeSetting(attempt.access), ...(decisions ? { decisions } : {}) })
    verdict = keptVerdict(underConditions(scoreTask(task, scoredCallsOf(steps), toolProperties(context.tools)), conditions))
  }
  const stored = attempt.verdict
  if (!stored || sameSummary(summary(stored), summary(verdict))) return { steps, verdict, taskFingerprint: fingerprint }
  return {
    steps,
    verdict,
    taskFingerprint: fingerprint,
    change: {
      attemptId: attempt.id,
      taskId: attempt.taskId,
      actor: attempt.actor,
      stored: summary(stored),
      recomputed: summary(verdict),
    },
  }
}
