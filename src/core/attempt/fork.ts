import type { AgentMessage } from '../agent/types'
import type { TrajectoryStep } from '../tools/steps'
import type { InheritedStep } from './types'

/**
 * A fork's first steps: copies of the parent's first `step` (withdrawn ones
 * stay withdrawn), marked inherited. Throws for a step outside
 * `0..parent.length`.
 */
export function inheritedSteps(parent: readonly TrajectoryStep[], step: number): InheritedStep[] {
  if (!Number.isInteger(step) || step < 0 || step > parent.length)
    throw new RangeError(`step must be a whole number from 0 to ${parent.length} (the parent's calls); got ${String(step)}`)
  return parent.slice(0, step).map(({ data: _data, ...s }) => ({ ...s, inherited: true }))
}

/**
 * An agent's conversation as it stood when it had made `calls` tool calls:
 * every message up to the tool message answering the last of them. An
 * assistant turn cut in the middle keeps only the calls that were answered,
 * so the model is asked again from there. Gives `undefined` when the
 * messages hold fewer tool answers than `calls`.
 */
export function conversationUpTo(messages: readonly AgentMessage[], calls: number): AgentMessage[] | undefined {
  const out: AgentMessage[] = []
  let answered = 0
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as AgentMessage
    if (answered === calls && message.role !== 'system' && message.role !== 'user') break
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > calls - answered) {
      // The turn that crosses the cut keeps the calls made before it.
      out.push({ ...message, tool_calls: message.tool_calls.slice(0, calls - answered) })
      continue
    }
    out.push(message)
    if (message.role === 'tool') answered++
  }
  return answered === calls ? out : undefined
}
