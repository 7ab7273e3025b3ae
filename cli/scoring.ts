/** What `npm run score` does with the texts it read: parse, score, and the files it writes. In-process, for the command and the tests. */
import { DatasetError, IssueList, mergeGrades, needsTaskRecords, parseGrades, parseInputData, parseResponses, parseTools, resultText, scoreResponsesLazily, unknownTasks, instructionMismatches } from '../src/core/index'
import type { DatasetIssue, Grade, InstructionMismatch, GradingFigures, JudgeMode, LiveScoring, ResponseLine } from '../src/core/index'

/** grades.jsonl files for `--grades` (each read as one file), and how an LLM judge's grades count (`--judge`). */
export interface GradeFiles {
  files: { text: string; path: string }[]
  judge: JudgeMode
}

/** What became of the grades given: lines refused, repeats left out, and how the rest were used. */
export interface GradesRead {
  issues: DatasetIssue[]
  repeated: number
  figures: GradingFigures
}

export interface ScoredTexts {
  /** Details are given line by line: with many distinct runs they do not fit in one string. */
  scores: ReturnType<typeof scoreResponsesLazily>
  /** result.json, byte for byte as the command writes it (details.jsonl: `scores.detailTexts()`, one line each). */
  result: string
  /** Response lines skipped, with why. */
  issues: ReturnType<typeof parseResponses>['issues']
  lines: ResponseLine[]
  /** The tasks lines name that the data set does not have, and how many lines name them (see core's unknownTasks). */
  unknownTasks: ReturnType<typeof unknownTasks>
  /** Lines whose first user message is not their task's instruction (scored against another data set's tasks?). */
  instructionMismatches: InstructionMismatch[]
  /** Where grades were given. */
  grades?: GradesRead
}

/**
 * Scores a response file against a data set's input_data.jsonl and
 * tools.json. `live` gives the records and profile, asked only when some
 * live line needs a state verdict or some line answers a task with a memory
 * condition (the command reads records_db.json and profile.json then).
 */
export function scoreTexts(
  input: { inputData: string; responses: string; tools: string; responsePath?: string; grades?: GradeFiles },
  live: () => LiveScoring,
  /** Told of the skipped lines before scoring starts (scoring can still fail). */
  onSkipped: (issues: ScoredTexts['issues']) => void = () => undefined,
): ScoredTexts {
  // Scoring needs only the tasks and the tool schemas: the records are read only for live lines and memory conditions.
  const inputIssues = new IssueList()
  const tasks = parseInputData(input.inputData, inputIssues)
  const tools = parseTools(input.tools, inputIssues)
  if (inputIssues.hasErrors) throw new DatasetError(inputIssues.items)
  const { lines, issues } = parseResponses(input.responses, input.responsePath)
  onSkipped(issues)
  const read = input.grades ? readGrades(input.grades.files) : undefined
  const grading = read && input.grades ? { grades: read.grades, judge: input.grades.judge } : undefined
  const scores = scoreResponsesLazily(tasks, tools, lines, needsTaskRecords(tasks, lines) ? live() : undefined, undefined, grading)
  const grades = read && scores.grading ? { issues: read.issues, repeated: read.repeated, figures: scores.grading } : undefined
  return { scores, result: resultText(scores.result), issues, lines, unknownTasks: unknownTasks(tasks, lines), instructionMismatches: instructionMismatches(tasks, lines), ...(grades ? { grades } : {}) }
}

/**
 * The warning on stderr when response lines name tasks the data set does not
 * have (they count for nothing; see core's unknownTasks), or undefined.
 * Shared by `npm run score` and `npm run analyze`.
 */
export function unknownTasksWarning(unknown: ReturnType<typeof unknownTasks>, lineCount: number, inputPath: string): string | undefined {
  const { ids } = unknown
  if (ids.length === 0) return undefined
  const named = ids.slice(0, 3).map((id) => JSON.stringify(id)).join(', ') + (ids.length > 3 ? ` and ${ids.length - 3} more` : '')
  return `warning: ${unknown.lines} of ${lineCount} response lines name tasks that ${inputPath} does not have (${named}); they count for nothing. Made for another data set? Name its input_data.jsonl with --input_data.`
}

/**
 * The warning on stderr when lines answered other instructions than their tasks' (see core's
 * instructionMismatches), or undefined. Shared by `npm run score` and `npm run analyze`.
 */
export function instructionsWarning(mismatches: readonly InstructionMismatch[], lineCount: number, inputPath: string): string | undefined {
  if (mismatches.length === 0) return undefined
  const clip = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text)
  const named = mismatches.slice(0, 2).map((m) => `${m.id} was asked ${clip(m.line)}, where ${inputPath} has ${clip(m.task)}`)
  const more = mismatches.length > 2 ? `; and ${mismatches.length - 2} more` : ''
  return (
    `warning: ${mismatches.length} of ${lineCount} response lines answer another instruction than their task's (${named.join('; ')}${more}); each is scored against the gold of the task with its id. ` +
    `Scored against another data set's input_data? Name the one the responses were made for with --input_data.`
  )
}

/** Every file's grades, merged: a grade in two files (or twice in one) counts once. */
function readGrades(files: GradeFiles['files']): { grades: Grade[]; issues: DatasetIssue[]; repeated: number } {
  const parsed = files.map((file) => parseGrades(file.text, file.path))
  const merged = mergeGrades(parsed.map((p) => p.grades))
  return { grades: merged.grades, issues: parsed.flatMap((p) => p.issues), repeated: merged.skipped }
}

/** The short note on stderr about the grades: how many were read for the attempts scored, and those left out and why. */
export function gradesNote(read: GradesRead): string {
  const { matched, unmatched, stale, invalid } = read.figures
  const parts = [`${matched - stale - invalid} of the attempts scored read`]
  if (stale > 0) parts.push(`${stale} stale (made under another version of the rubric) ignored`)
  if (invalid > 0) parts.push(`${invalid} unreadable judge answers not counted`)
  if (unmatched > 0) parts.push(`${unmatched} naming no scored attempt`)
  if (read.repeated > 0) parts.push(`${read.repeated} repeated (same task, attempt, grader and time) skipped`)
  if (read.issues.length > 0) parts.push(`${read.issues.length} bad lines skipped`)
  return `Grades: ${parts.join(', ')}`
}
