import type { AttemptSink, AttemptState } from '../attempt'
import type { Dataset } from '../dataset/types'
import { TaskHost } from './taskHost'
import type { SubmittedVerdict } from './answers'
import type { TrajectoryStep } from '../tools/steps'
import type { Setting } from '../tools/types'
import { OracleAgent } from '../agent/builtin'
import type { AgentRunResult } from '../agent/loop'
import { runAttemptAgent } from './attemptAgent'

/**
 * The oracle agent's run at one task, through the tools as any agent makes
 * it (a TaskHost of the kernel), submitted: the run, every step it took, and
 * the verdict. Whether a task can be solved at all is this run's verdict; the
 * steps are a script of the right answer (a demo, a test, a benchmark).
 */
export async function solveWithOracle(
  dataset: Dataset,
  taskId: string,
  options: { setting?: Setting; state?: AttemptState; sink?: AttemptSink } = {},
): Promise<{ run: AgentRunResult; steps: TrajectoryStep[]; verdict: SubmittedVerdict }> {
  const task = dataset.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(`Unknown task "${taskId}"`)
  const host = new TaskHost(dataset, options.sink)
  const opened = await host.open(task.id, options.setting ?? 'paginated', options.state ? { state: options.state } : {})
  const attempt = host.openAttempt
  if (!attempt) throw new Error(`Task "${taskId}" did not open`)
  // The agent loop every host runs: the tools offered as they change (a loaded skill's), and a planner task's last answer kept as its reply.
  const run = await runAttemptAgent(attempt, { model: new OracleAgent(task), systemPrompt: opened.systemPrompt, instruction: opened.instruction })
  const steps = [...host.trajectory()]
  return { run, steps, verdict: await host.submit() }
}
