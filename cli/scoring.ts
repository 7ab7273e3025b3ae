/** What `npm run score` does with the texts it read: parse, score, and the files it writes. In-process, for the command and the tests. */
import { DatasetError, IssueList, needsTaskRecords, parseInputData, parseResponses, parseTools, resultText, scoreResponsesLazily } from '../src/core/index'
import type { LiveScoring, ResponseLine } from '../src/core/index'

export interface ScoredTexts {
  /** Details are given line by line: with many distinct runs they do not fit in one string. */
  scores: ReturnType<typeof scoreResponsesLazily>
  /** result.json, byte for byte as the command writes it (details.jsonl: `scores.detailTexts()`, one line each). */
  result: string
  /** Response lines skipped, with why. */
  issues: ReturnType<typeof parseResponses>['issues']
  lines: ResponseLine[]
}

/**
 * Scores a response file against a data set's input_data.jsonl and
 * tools.json. `live` gives the records and profile, asked only when some
 * live line needs a state verdict or some line answers a task with a memory
 * condition (the command reads records_db.json and profile.json then).
 */
export function scoreTexts(
  input: { inputData: string; responses: string; tools: string; responsePath?: string },
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
  const scores = scoreResponsesLazily(tasks, tools, lines, needsTaskRecords(tasks, lines) ? live() : undefined)
  return { scores, result: resultText(scores.result), issues, lines }
}
