/** What `npm run score` does with the texts it read: parse, score, and the files it writes. In-process, for the command and the tests. */
import { DatasetError, IssueList, needsLiveScoring, parseInputData, parseResponses, parseTools, scoreFileTexts, scoreResponses } from '../src/core/index'
import type { DetailLine, LiveScoring, ResponseLine, ScoreResult } from '../src/core/index'

export interface ScoredTexts {
  scores: { result: ScoreResult; details: DetailLine[] }
  /** result.json and details.jsonl, byte for byte as the command writes them. */
  texts: { result: string; details: string }
  /** Response lines skipped, with why. */
  issues: ReturnType<typeof parseResponses>['issues']
  lines: ResponseLine[]
}

/**
 * Scores a response file against a data set's input_data.jsonl and
 * tools.json. `live` gives the records and profile, asked only when some
 * live line needs a state verdict (the command reads records_db.json and
 * profile.json then).
 */
export function scoreTexts(
  input: { inputData: string; responses: string; tools: string; responsePath?: string },
  live: () => LiveScoring,
  /** Told of the skipped lines before scoring starts (scoring can still fail). */
  onSkipped: (issues: ScoredTexts['issues']) => void = () => undefined,
): ScoredTexts {
  // Scoring needs only the tasks and the tool schemas: the records are read only for live lines.
  const inputIssues = new IssueList()
  const tasks = parseInputData(input.inputData, inputIssues)
  const tools = parseTools(input.tools, inputIssues)
  if (inputIssues.hasErrors) throw new DatasetError(inputIssues.items)
  const { lines, issues } = parseResponses(input.responses, input.responsePath)
  onSkipped(issues)
  const scores = scoreResponses(tasks, tools, lines, needsLiveScoring(tasks, lines) ? live() : undefined)
  return { scores, texts: scoreFileTexts(scores), issues, lines }
}
