/** Storage behind a thin layer: stores and components call these, never Dexie tables. */
export { database, DatabaseSupersededError, SpievalDatabase, watchDatabase } from './schema'
export type { DatabaseEvent } from './schema'
export type { AccessSetting, AttemptFlag, AttemptSetting, AttemptRow, CallRow, DatasetRow, FlagKind, GoldRow, GradeRow, RevisionRow, StoredVerdict, StudyReturnRow, StudyRow } from './schema'
export { StaleRevision, datasetRevisions, revisionByFingerprint, saveProfile, saveTaskRevision, taskRevisions } from './revisions'
export type { SavedRevision, VerdictFlip } from './revisions'
export { saveStudy, listStudies, deleteStudy } from './studies'
export { loadStudyReturn, markStudyUploadSent, saveStudyReturn } from './studyReturns'
export { importDataset, storeDataset, prepareImport, listDatasets, activeDataset, setActiveDataset, setDatasetSource, deleteDataset, listTasks, loadTask } from './datasets'
export { attemptCount, deletedDatasets } from './keptAttempts'
export type { DeletedDataset } from './keptAttempts'
export { CHANGES_FILE, exportDataset, exportDatasetFolder } from './exportDataset'
export type { ImportProgress, StoredDataset } from './datasets'
export {
  addFlag,
  attemptCalls,
  callsOf,
  createAttempt,
  discardNobodysEmptyAttempt,
  dropCalls,
  markOpen,
  openAttempt,
  storeAttempt,
  datasetAttempts,
  storeFinish,
  getAttempt,
  isRecorded,
  latestAttempt,
  saveElapsed,
  saveScreen,
  saveStep,
  withLatest,
  elapsedAfter,
  toSteps,
} from './attempts'
export { archivedAttempt } from './archivedAttempt'
export { readAttemptExport, importAttempts, type AttemptExportSource, type AttemptFilter, type ImportedAttempts } from './archive'
export { getRun, listRuns, loadTurns, runAttempts, saveRun, saveTurns } from './runs'
export type { StoredRun, StoredTurns } from './runs'
export { IndexedDbSink } from './attemptSink'
export { goldReceived, recordGold, recordGoldOfFinished } from './gold'
export { storeMadeOnVerdict } from './judged'
export { gradesOf, importGrades, putGrade, storeGradedVerdict } from './grades'
export type { GradedJudge } from './grades'
export type { IndexedDbSinkOptions } from './attemptSink'
export { RecentTasks } from './recentTasks'
export type { LoadedTask } from './recentTasks'
export { readStoredDataset, unsealStoredDataset, type StoredDatasetContent, type UnsealedDataset } from './unseal'
export { BUNDLED_SAMPLE, isPreparedDataset, prepareDataset, storePreparedDataset } from './preparedDataset'
export type { PreparedDataset } from './preparedDataset'
