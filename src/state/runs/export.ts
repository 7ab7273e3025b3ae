import { parseResponses, responseLine, scoreFileTexts, scoreResponses } from '../../core'
import type { AttemptRow, StoredRun } from '../../db'
import { toSteps } from '../../db'
import { saveDownload } from '../download'
import { liveScoringFor } from '../liveScoring'
import { storedVerdictOf } from '../storedVerdict'
import { useSession } from '../sessionStore'
import { storedJobs } from './stored'
import { runProgress } from './store'

/** The run's response lines (the one builder, as `npm run agent` writes them), one per repeat and task that has turns. */
export async function runResponseLines(run: StoredRun): Promise<string[]> {
  return (await runLines(run)).lines
}

/** The run's response lines and the attempts they are made of. */
async function runLines(run: StoredRun): Promise<{ lines: string[]; attempts: AttemptRow[] }> {
  const instructions = new Map(useSession.getState().tasks.map((t) => [t.id, t.instruction]))
  const jobs = await storedJobs(run, { withCalls: true })
  const attempts = jobs.flatMap((job) => (job.attempt ? [job.attempt] : []))
  const lines = jobs.flatMap(({ repeat, taskId, attempt, turns, calls }) =>
    attempt && turns
      ? [
          JSON.stringify(
            responseLine({
              taskId,
              run: repeat,
              model: run.model,
              setting: run.setting,
              instruction: instructions.get(taskId) ?? '',
              steps: toSteps(calls ?? []),
              messages: turns.messages,
              finished: attempt.finished,
              loop: { turns: turns.turns, usage: turns.usage, ...(turns.stop ? { stop: turns.stop } : {}), ...(turns.error ? { error: turns.error } : {}) },
              wallMs: attempt.elapsedMs,
              started: attempt.started,
              ...(attempt.ended !== undefined ? { ended: attempt.ended } : {}),
              attemptId: attempt.id,
              ...(attempt.parent ? { parent: attempt.parent } : {}),
              ...(attempt.state ? { state: attempt.state } : {}),
              ...(attempt.failure ? { failure: attempt.failure } : {}),
            }),
          ),
        ]
      : [],
  )
  return { lines, attempts }
}

/**
 * The run's scores over its tasks, from its response lines: what `npm run
 * score` prints for the export, each attempt counted with the verdict stored
 * at its finish (or by a re-scoring), not scored again.
 */
export async function runScores(run: StoredRun) {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const { lines, attempts } = await runLines(run)
  const runTasks = tasks.filter((t) => run.tasks.includes(t.id))
  const parsed = parseResponses(lines.join('\n')).lines
  const scored = scoreResponses(runTasks, dataset.tools, parsed, await liveScoringFor(dataset, runTasks, parsed), storedVerdictOf(attempts, parsed))
  return { lines, ...scored }
}

/** Downloads one of the run's files: `response.jsonl`, `result.json` or `details.jsonl` (as `npm run score` writes them). */
export async function exportRun(runId: string, file: 'response.jsonl' | 'result.json' | 'details.jsonl'): Promise<void> {
  const progress = runProgress(runId)
  if (!progress) return
  let text: string
  if (file === 'response.jsonl') text = (await runResponseLines(progress.run)).join('\n') + '\n'
  else {
    const texts = scoreFileTexts(await runScores(progress.run))
    text = file === 'result.json' ? texts.result : texts.details
  }
  saveDownload(text, file, file.endsWith('.json') ? 'application/json' : 'application/x-ndjson')
}
