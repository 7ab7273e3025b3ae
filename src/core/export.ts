import type { AgentMessage, AssistantToolCall } from './agent/types'
import { submittedOf } from './tools/session'
import type { TrajectoryStep } from './tools/session'

/** A trajectory as OpenAI chat messages: each call an assistant tool call answered by its tool message. */
export function trajectoryMessages(instruction: string, steps: readonly TrajectoryStep[]): AgentMessage[] {
  const messages: AgentMessage[] = [{ role: 'user', content: instruction }]
  for (const step of steps) {
    const id = `call_${step.seq}`
    const call: AssistantToolCall = {
      id,
      type: 'function',
      function: { name: step.name, arguments: typeof step.arguments === 'string' ? step.arguments : JSON.stringify(step.arguments ?? {}) },
    }
    messages.push({ role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: id, content: step.content })
  }
  return messages
}

export interface AttemptForExport {
  taskId: string
  instruction: string
  run: number
  actor: string
  setting: string
  started: number
  ended?: number
  elapsedMs: number
  steps: readonly TrajectoryStep[]
  attemptId?: string
}

/**
 * One response line (DESIGN.md) for an attempt: the kept execution calls as
 * `calls` (what is scored), the whole trajectory as `messages`, and who, how
 * and when as extra keys.
 */
export function attemptResponseLine(attempt: AttemptForExport): Record<string, unknown> {
  const calls = submittedOf(attempt.steps)
  return {
    id: attempt.taskId,
    run: attempt.run,
    calls,
    messages: trajectoryMessages(attempt.instruction, attempt.steps),
    actor: attempt.actor,
    setting: attempt.setting,
    started: new Date(attempt.started).toISOString(),
    ...(attempt.ended !== undefined ? { ended: new Date(attempt.ended).toISOString() } : {}),
    elapsed_ms: attempt.elapsedMs,
    retrievals: attempt.steps.filter((s) => s.kind === 'retrieval').length,
    withdrawn: attempt.steps.filter((s) => s.withdrawn).map((s) => s.seq),
    ...(attempt.attemptId ? { attempt: attempt.attemptId } : {}),
  }
}
