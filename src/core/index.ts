/** The SPIEval core: plain TypeScript shared by the browser, the command line and the tests. */
export * from './dataset/types'
export * from './dataset/plannerTypes'
export { DATASET_FOLDER_FILES, REQUIRED_DATASET_FILES } from './dataset/folderFiles'
export { countRecords } from './dataset/recordCount'
export * from './dataset/memoryTypes'
export { isMemoryReadTool, memoryIdsReturned } from './tools/memoryTools'
export { ASK_USER, LOAD_SKILL, NO_REPLY, loadedSkills, toolRole, toolsWithSkills } from './tools/planner'
export { DatasetError, IssueList, formatIssue, loadDataset, parseInputData, parseProfile, parseRecordsDb, parseTools } from './load/parse'
export type { DatasetFiles } from './load/parse'
export { SPIEVAL_PROFILE, readProfile, weekdayOf } from './dataset/profile'
export { lintDataset } from './load/lint'
export * from './apps/registry'
export * from './apps/enums'
export * from './apps/parameters'
export { TaskIndex, valueText } from './search/indexed'
export type { IndexedRecord, IndexedField } from './search/indexed'
export { findMatches, compileRegex, PatternError, patternRefusal } from './search/match'
export { describePatternRefusal } from './search/limits'
export { searchRefusal } from './tools/searchQuery'
export type { PatternRefusal } from './search/limits'
export { engineFor, loadSearchEngine, SearchEngineNotLoaded } from './search/engines'
export type { EngineMode } from './search/engines'
export type { SearchMode, SearchQuery, SearchHit } from './search/match'
export * from './tools/types'
export { ToolRuntime, parseArguments } from './tools/runtime'
export type { ArgumentIssue } from './tools/validate'
export { RefusedArguments, scoredCallsOf, stepFields, submittedOf } from './tools/steps'
export * from './tools/jsonArguments'
export * from './base/own'
export type { TrajectoryStep } from './tools/steps'
export * from './attempt'
export type { ToolRuntimeOptions } from './tools/runtime'
export * from './score/types'
export { judgeTask, scoreTask, toolProperties } from './score/task'
export type { TaskJudgement, ToolProperties } from './score/task'
export { sameValue, isAcceptable, fitsSchema } from './score/compare'
export { parseResponses, executionCallsOf, readRun, unknownTasks, instructionMismatches, mixedMakers } from './results/responses'
export type { InstructionMismatch, MixedMakers } from './results/responses'
export type { ResponseLine } from './results/responses'
export { scoreResponses, scoreResponsesLazily, scoreFileTexts, resultText, needsLiveScoring } from './results/aggregate'
export { isLiveLine, scoreLiveLine } from './results/liveLines'
export type { LiveScoring } from './results/liveLines'
export type { ScoreResult, DetailLine, KeptVerdictOf } from './results/aggregate'
export type { Grading, GradingFigures } from './results/lineGrades'
export type { Grade, Grader, GraderKind, GraderRole, ItemGrade, JudgeMode } from './grades/types'
export { JUDGE_MODES } from './grades/types'
export { GRADES_FILE, gradeLines, parseGrades } from './grades/parse'
export { mergeGrades } from './grades/merge'
export { publishedRubricHash, rubricHash } from './grades/rubricHash'
export { attemptKeyOf } from './grades/attemptKey'
export { decisionsFor } from './grades/decide'
export type { DecideOptions, DecidedBy, GradedRubric, ItemGrading } from './grades/decide'
export { agreementReport } from './grades/agreement'
export type { AgreementReport, GraderAgreement, ItemAgreement, PairKappa, PanelAgreement, RubricAgreement, TaskRubric, GridRow } from './grades/agreement'
export type { RubricDecisions } from './score/rubric'
export { CAPABILITIES, capabilityName, orderedTypes } from './score/capabilities'
export { meanStd, formatMeanStd } from './score/stats'
export { formatScoreTable, formatTextTable, toCsv } from './results/table'
export { isPlannerDataset } from './results/plannerFigures'
export type { GroupFigure, PlannerFigures } from './results/plannerFigures'
export { countShare, plannerAttemptFigures } from './results/plannerAttempts'
export type { Count, DelegationFigures, MemoryRecall, PlannerAttemptFigures, SkillLoads } from './results/plannerAttempts'
export * from './agent/prompt'
export { TaskHost } from './host/taskHost'
export { runAttemptAgent } from './host/attemptAgent'
export type { AttemptAgentInput } from './host/attemptAgent'
export { attemptPrompt, openedTask, sealedSubmission, submission, submittedVerdict } from './host/answers'
export type { OpenedTask, SubmittedVerdict } from './host/answers'
export * from './agent/types'
export { runAgent, MAX_TURNS } from './agent/loop'
export type { AgentRunInput, AgentRunResult } from './agent/loop'
export { OracleAgent, KeywordAgent, goldArguments } from './agent/builtin'
export { solveWithOracle } from './host/oracle'
export { pairwiseAgreement, fleissKappa } from './stats/agreement'
export { analyze, accuracyBySetting, rowOf, retrievalCalls } from './analysis/analyze'
export type { AnalysisRow, TaskOutcome } from './analysis/analyze'
export { rubricRates } from './analysis/rubricRates'
export type { RubricRate, RubricRates } from './analysis/rubricRates'
export { PUBLISHED_LEADERBOARD, PUBLISHED_SETTING_AVERAGES } from './analysis/published'
export type { PublishedRow } from './analysis/published'
export { analysisTables } from './analysis/tables'
export type { Table } from './analysis/tables'
export { callSignature, countedAttempts, isPractice, median } from './analysis/people'
export type { PersonAttempt } from './analysis/people'
export { crossValidation, crossValidationCsv } from './analysis/crossValidation'
export type { CrossValidationRow, CrossValidationSolver, CrossValidationStatus } from './analysis/crossValidation'
export { MIN_KAPPA_TASKS, humanBaseline, humanBaselineTable } from './analysis/baseline'
export type { HumanBaseline, PersonBaselineRow, PersonScore, AgreementFigures } from './analysis/baseline'
export {
  ArchiveError,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ARCHIVE_FILES,
  ARCHIVED_SETTINGS,
  ARCHIVED_FLAG_KINDS,
  buildArchive,
  archiveResponseLine,
  scoringOrder,
  actorRuns,
  readArchive,
  zipArchive,
  unzipArchive,
  fileEntry,
  sha256Hex,
} from './archive'
export type {
  ArchiveInput,
  ArchiveReason,
  ArchivedAttempt,
  ArchivedStep,
  ArchivedFlag,
  ArchivedFlagKind,
  ArchivedVerdict,
  ArchivedSetting,
  ArchiveManifest,
  ArchiveFileEntry,
} from './archive'
export * from './live'
export { judgeAttempt, judgeContext, needsKernel, underPlayedRules, verifiedSteps } from './verdict'
export type { AttemptJudge, JudgeContext, JudgedAttempt, TaskVersion, VerdictChange, VerdictSummary } from './verdict'
export * from './seal'
export * from './study'
export { studyDashboard, studyDashboardTable, formatOverPeople, type StudyDashboard, type StudyPersonRow, type StudyCapabilityRow } from './analysis/study'
export * from './authoring'
export { newId } from './base/ids'
export { readTaskRecords, scanRecordsDb } from './dataset/chunked'
export type { RecordsSlice } from './dataset/chunked'
export { appsToKeep, storedTask, taskLine, writeDatasetFiles } from './load/export'
export type { DatasetContent, StoredRecords } from './load/export'
export { curveKey, disagreements, errorCounts, failureCurves, liveAccuracies, liveTables } from './analysis/live'
export type { Accuracy, Disagreement, DisagreementKind, FailureCurve, FailurePoint, LiveAccuracy } from './analysis/live'
export { fileSafeName, isPlainObject } from './base/text'
export { needsRecords, needsTaskRecords, recordsNeededFor } from './results/aggregate'
