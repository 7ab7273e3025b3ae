import { conversationUpTo, runAttemptAgent } from '../../core'
import type { TaskVerdict } from '../../core'
import { getAttempt, getRun, loadTurns } from '../../db'
import { createModel } from '../../runner/models'
import { forkAttempt, onPhoneOrAlone } from '../attemptController'
import { useSession } from '../sessionStore'
import { choiceFor, scrubbed } from './job'

/**
 * Amend and replay for a model: forks an agent run's attempt at `step` and lets
 * the run's model go on from the conversation as it stood there, on the phone.
 * Resolves once the fork is open; `done` ends with its verdict (or the error).
 */
export async function continueModelFrom(parentId: string, step: number): Promise<{ attemptId: string; done: Promise<TaskVerdict | undefined> }> {
  const { dataset, tasks } = useSession.getState()
  if (!dataset) throw new Error('No data set is loaded')
  const parent = await getAttempt(parentId)
  if (!parent?.run) throw new Error('Only an attempt of an agent run can be resumed by its model')
  const run = await getRun(dataset.id, parent.run.id)
  const task = tasks.find((t) => t.id === parent.taskId)
  if (!run || !task) throw new Error('The run of this attempt is no longer stored')
  const turns = await loadTurns(parentId)
  const conversation = turns ? conversationUpTo(turns.messages, step) : undefined
  if (!conversation) throw new Error(`The stored conversation does not reach step ${step}`)
  // Checked before the fork is made: a missing key leaves the phone as it was.
  const model = await createModel(choiceFor(run), task, dataset.profile)
  const attempt = await forkAttempt(parentId, step, { actor: run.model, byAgent: true })
  await attempt.storeTurns({ messages: [...conversation], usage: { prompt: 0, completion: 0 }, turns: conversation.filter((m) => m.role === 'assistant').length })
  const path = onPhoneOrAlone(attempt)
  const done = (async () => {
    const system = conversation.find((m) => m.role === 'system')
    const result = await runAttemptAgent(attempt, {
      model,
      systemPrompt: system?.content ?? '',
      instruction: task.instruction,
      maxTurns: run.maxTurns,
      callTool: path.call,
      resume: conversation,
      scrub: scrubbed,
    })
    if (result.stop === 'error') throw new Error(result.error ?? 'error')
    return path.finish()
  })()
  return { attemptId: attempt.id, done }
}
