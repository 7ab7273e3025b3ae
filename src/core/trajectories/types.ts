import type { AgentMessage } from '../agent/types'
import type { ToolSchema } from '../dataset/types'
import type { DetailLine } from '../results/aggregate'
import type { PredictedCall } from '../score/types'

/**
 * One attempt at one task as the exports carry it: the whole conversation
 * (system prompt, instruction, every tool call with its result, the last
 * answer), the tools it was offered, who made it, and the scorer's verdict
 * on its line.
 */
export interface Trajectory {
  taskId: string
  /** The task's capability type. */
  type: string
  instruction: string
  /** The line's `run` (an export of people's attempts numbers its people as runs). */
  run: number
  /** A person's name; null for an agent's attempt. */
  actor: string | null
  /** The model, for an agent's attempt; null for a person's. */
  model: string | null
  /** The actor, else the model, else `run N`: with the run, what an Inspect log gathers. */
  who: string
  /** `browse` (a person on the phone), `paginated`, `full` or `no_search`. */
  setting: string
  state: 'static' | 'live'
  /** The attempt's id, where the line gives one. */
  attempt: string | null
  /** False for an attempt left unfinished (it submitted nothing). */
  finished: boolean
  /** ISO dates, where the line gives them. */
  started: string | null
  ended: string | null
  /** Active time (a person's) or wall time (an agent's episode), in seconds. */
  workingSeconds: number | null
  usage: { input: number; output: number } | null
  /** Why an agent's episode failed (it is scored as no response). */
  error: string | null
  /** OpenAI chat messages, system prompt first (see normalizeMessages). */
  messages: AgentMessage[]
  /** The ids of the tool calls that failed (the runtime refused them), where the line says which (`failed`, by call order). */
  failedCalls: string[]
  /** The tools offered in the attempt's setting (no retrieval tools in `no_search`). */
  tools: ToolSchema[]
  /** The execution calls the scorer reads from the line. */
  calls: PredictedCall[]
  /** The scorer's verdict on this line alone (details.jsonl's line for it). */
  verdict: DetailLine
  /** The file and line it came from. */
  source: { file: string; line: number }
}

/** A file of response lines: its name (for messages) and its text. */
export interface TrajectorySource {
  name: string
  text: string
}
