import type { AgentMessage, AssistantToolCall, TokenUsage } from '../agent/types'
import { scoredCallsOf } from '../tools/steps'
import type { TrajectoryStep } from '../tools/steps'
import type { AttemptState, FailureRate, ForkOrigin } from './types'

/** A trajectory as OpenAI chat messages: each call an assistant tool call answered by its tool message. */
export function trajectoryMessages(instruction: string, steps: readonly TrajectoryStep[]): AgentMessage[] {
  const messages: AgentMessage[] = [{ role: 'user', content: instruction }]
  for (const step of steps) {
    // A reply is the assistant speaking to the user, not a call.
    if (step.kind === 'reply') {
      messages.push({ role: 'assistant', content: replyText(step) })
      continue
    }
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

/** An attempt as one response line takes it, from any host. */
export interface LineSource {
  taskId: string
  run: number
  setting: string
  instruction: string
  steps: readonly TrajectoryStep[]
  /** An unfinished attempt submitted nothing: its line's `calls` is empty (its calls are in `messages`). */
  finished: boolean
  /** A person's name, or an agent's. */
  actor?: string
  /** The model, for an agent's attempt. */
  model?: string
  /** An agent's conversation; a person's is made from the steps. */
  messages?: readonly AgentMessage[]
  /** An agent's loop: its turns, how it stopped, what it used. */
  loop?: { turns: number; stop?: string; error?: string; usage: TokenUsage; retries?: number }
  started?: number
  ended?: number
  /** Active time (a person's timer pauses while the tab is hidden). */
  elapsedMs?: number
  /** Wall time of an agent's episode. */
  wallMs?: number
  attemptId?: string
  parent?: ForkOrigin
  /** `live`: the calls changed the attempt's records; the line then says so, and `npm run score` checks the state they leave. */
  state?: AttemptState
  /** The run's random friction, so that a reader knows what the attempt met. */
  failure?: FailureRate
  /** Made after the actor received the task's gold: practice, not counted in baselines. */
  afterGold?: boolean
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The one response line (docs/reference.md) every export writes: the page's people,
 * its runner, archives, `npm run agent`, the MCP server. `calls` are the kept
 * execution calls (what is scored). A failed episode has `error` and no
 * `calls` nor `messages` (its conversation is `partial_messages`), so the
 * scorer counts it `no_response` rather than the half it got done.
 */
export function responseLine(source: LineSource): Record<string, unknown> {
  const loop = source.loop
  const failed = loop?.error !== undefined
  const messages = source.messages ?? trajectoryMessages(source.instruction, source.steps)
  const usage = loop ? { usage: { prompt_tokens: loop.usage.prompt, completion_tokens: loop.usage.completion } } : {}
  return {
    id: source.taskId,
    run: source.run,
    ...(source.model !== undefined ? { model: source.model } : {}),
    ...(source.actor !== undefined ? { actor: source.actor } : {}),
    setting: source.setting,
    ...(source.state === 'live' ? { state: 'live' } : {}),
    ...(source.failure ? { failure_rate: source.failure.rate, seed: source.failure.seed } : {}),
    ...(failed ? { error: loop.error } : { calls: source.finished ? scoredCallsOf(source.steps) : [], messages }),
    ...(loop ? { turns: loop.turns, ...(loop.stop !== undefined ? { stop: loop.stop } : {}), ...usage } : {}),
    ...(loop?.retries !== undefined ? { retries: loop.retries } : {}),
    ...(failed ? { partial_messages: messages } : {}),
    ...(source.elapsedMs !== undefined ? { elapsed_ms: source.elapsedMs } : {}),
    ...(source.wallMs !== undefined ? { wall_ms: source.wallMs } : {}),
    ...(source.started !== undefined ? { started: iso(source.started) } : {}),
    ...(source.ended !== undefined ? { ended: iso(source.ended) } : {}),
    retrievals: source.steps.filter((s) => s.kind === 'retrieval').length,
    withdrawn: source.steps.filter((s) => s.withdrawn).map((s) => s.seq),
    // Which calls failed, by seq: an unfinished attempt's empty `calls` cannot tell, and a reader needs it to restore the trajectory.
    failed: source.steps.filter((s) => !s.ok).map((s) => s.seq),
    // Which of those friction refused (a task's rule or the run's random failures): the solver met them, not made them.
    ...(source.steps.some((s) => s.friction) ? { friction: source.steps.filter((s) => s.friction).map((s) => s.seq) } : {}),
    finished: source.finished,
    ...(source.attemptId !== undefined ? { attempt: source.attemptId } : {}),
    ...(source.parent ? { parent: source.parent.attemptId, forked_at: source.parent.step } : {}),
    ...(source.afterGold ? { after_gold: true } : {}),
  }
}

/** A reply step's text. */
export function replyText(step: Pick<TrajectoryStep, 'arguments'>): string {
  const args = step.arguments
  return typeof args === 'object' && args !== null && 'text' in args && typeof args.text === 'string' ? args.text : ''
}
