/**
 * The agent loop on an attempt, written once for every host that runs one
 * (the page's run jobs, a model resumed from a replay, `npm run agent`): the
 * published loop (runAgent) whose every turn is stored whole with the tokens
 * used so far, and whose end (the stop, or the error) is stored with it. A
 * stopped run is resumed from those turns; nothing here scores or finishes.
 * In a planner task, the model's last answer is the attempt's reply to the user.
 */
import { runAgent } from '../agent/loop'
import type { AgentRunInput, AgentRunResult } from '../agent/loop'
import type { AgentMessage, TokenUsage } from '../agent/types'
import type { Attempt } from '../attempt/attempt'

export interface AttemptAgentInput extends Omit<AgentRunInput, 'onTurn' | 'tools' | 'callTool'> {
  /** The call path (the phone's, while the attempt is on it); default the attempt's own, as `agent`. */
  callTool?: AgentRunInput['callTool']
  /** Tokens of the attempt's earlier turns: a resumed run adds to them. */
  usageBefore?: TokenUsage
  /** After each stored turn: how many turns so far, and the tokens. */
  onTurn?: (turns: number, usage: TokenUsage) => void
  /** Makes an error safe to keep (the host's own secrets taken out); the model's are taken out already. */
  scrub?: (text: string) => string
}

/** Runs the loop on `attempt`; the result's usage counts the earlier turns too. An aborted run stores nothing more. */
export async function runAttemptAgent(attempt: Attempt, input: AttemptAgentInput): Promise<AgentRunResult> {
  const before = input.usageBefore ?? { prompt: 0, completion: 0 }
  const total = (usage: TokenUsage): TokenUsage => ({ prompt: before.prompt + usage.prompt, completion: before.completion + usage.completion })
  const store = (messages: readonly AgentMessage[], turns: number, usage: TokenUsage, end?: { stop?: string; error?: string }) =>
    attempt.storeTurns({ messages: [...messages], usage: total(usage), turns, ...end })
  const { usageBefore: _before, onTurn, scrub, ...loop } = input
  const result = await runAgent({
    ...loop,
    tools: () => attempt.offeredTools(),
    callTool: input.callTool ?? ((name, args) => attempt.call(name, args, 'agent')),
    onTurn: async (messages, turns, usage) => {
      await store(messages, turns, usage)
      onTurn?.(turns, total(usage))
    },
  })
  // A planner task's last answer is its reply to the user, kept as a step before the end is stored (which then covers it).
  const answer = result.stop === 'answered' && attempt.keepsAnswers ? result.messages.at(-1)?.content : undefined
  if (typeof answer === 'string' && answer.trim() !== '') await attempt.reply(answer, 'agent')
  const error = result.error === undefined ? undefined : (scrub ?? ((text: string) => text))(result.error)
  if (result.stop === 'error') await store(result.messages, result.turns, result.usage, { error: error ?? 'error' })
  else if (result.stop !== 'aborted') await store(result.messages, result.turns, result.usage, { stop: result.stop })
  return { ...result, usage: total(result.usage), ...(error !== undefined ? { error } : {}) }
}
