/**
 * People's (and a judge's) grades of a rubric's items without an automatic
 * check, as `grades.jsonl` carries them, one grade a line. docs/reference.md
 * ("Grades") describes the format in the repository's own words.
 */

/** Who graded: a person, or an LLM judge (whose vote counts only as the judge's mode allows). */
export type GraderKind = 'human' | 'llm'

/**
 * A grader's role: an ordinary vote, or a lead grader's adjudication, which
 * decides the items it answers over every other grade.
 */
export type GraderRole = 'grader' | 'adjudicator'

export interface Grader {
  id: string
  kind: GraderKind
  /** Absent means an ordinary grader. */
  role?: GraderRole
}

export interface ItemGrade {
  /** The rubric item's id. */
  id: string
  /** Met, not met, or can't tell (null: no vote on the item). */
  met: boolean | null
  /** Step numbers of the attempt (1-based, as the replay numbers them) that show it. */
  evidence: number[]
  note: string
}

export interface Grade {
  task_id: string
  /** The attempt's id; for a response line without an `attempt` key, `run:<run>`. */
  attempt: string
  grader: Grader
  items: ItemGrade[]
  /** ISO 8601 time the grade was submitted. */
  at: string
  /** The rubric's hash when graded; a grade whose hash differs from the current rubric's is stale. Absent: applies. */
  rubric_hash?: string
  /** Set on an LLM judge's grade whose answer could not be read: it is kept, shown, and never counted. */
  invalid?: boolean
}

/** How an LLM judge's grades count (DESIGN: on probation until it agrees with people as they agree among themselves). */
export type JudgeMode = 'off' | 'advisory' | 'grader' | 'fallback'

/** Every {@link JudgeMode}, for readers of a mode given as text (`npm run score --judge`). */
export const JUDGE_MODES: readonly JudgeMode[] = ['off', 'advisory', 'grader', 'fallback']
