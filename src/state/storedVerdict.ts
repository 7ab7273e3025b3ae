import type { AttemptOutcome, AttemptVerdict, VerdictExplanation, ErrorType, KeptVerdictOf, Mismatch, ResponseLine, StateVerdict } from '../core'

/**
 * What a review shows of a finished attempt: its stored verdict (made at the
 * finish, or by a re-scoring; src/core/verdict), read, never computed again.
 * `explanation` (the kernel's pairing of the kept calls with the gold,
 * parameter by parameter) only lays it out. Undefined when nothing is stored
 * (an unfinished attempt, or a sealed task's, which is only submitted).
 */
export function storedOutcome(
  row: { taskId: string; finished: boolean; verdict?: AttemptVerdict },
  explanation: VerdictExplanation | undefined,
): AttemptOutcome | undefined {
  const stored = row.verdict
  if (!row.finished || !stored) return undefined
  // The kernel kept these from its own verdict (keptVerdict), typed loosely in storage.
  return {
    id: row.taskId,
    correct: stored.correct,
    errorType: stored.errorType as ErrorType | null,
    mismatches: stored.mismatches as Mismatch[],
    pairing: explanation?.pairing ?? [],
    checks: explanation?.checks ?? [],
    ...(stored.state ? { state: { ...(stored.state as Omit<StateVerdict, 'pairing'>), pairing: explanation?.statePairing ?? [] } } : {}),
    ...(stored.calls ? { calls: stored.calls } : {}),
    ...(explanation?.conditions ? { conditions: explanation.conditions } : {}),
  }
}

/**
 * The stored verdicts of the page's own response lines (those in `lines`,
 * built from its attempts), for the scorer to count instead of scoring them
 * again; any other line (a file's) gets none and is scored.
 */
export function storedVerdictOf(rows: readonly { id: string; finished: boolean; verdict?: AttemptVerdict }[], lines: readonly ResponseLine[]): KeptVerdictOf {
  const own = new WeakSet(lines.map((line) => line.raw))
  const verdicts = new Map(rows.flatMap((row) => (row.finished && row.verdict ? [[row.id, row.verdict] as const] : [])))
  return (line) => (own.has(line.raw) && typeof line.raw.attempt === 'string' ? verdicts.get(line.raw.attempt) : undefined)
}
