/** Storage behind a thin layer: stores and components call these, never Dexie tables. */
export { database, SpievalDatabase } from './schema'
export type { AccessSetting, AttemptFlag, AttemptSetting, AttemptRow, CallRow, DatasetRow, FlagKind, StoredVerdict } from './schema'
export { importDataset, listDatasets, activeDataset, setActiveDataset, deleteDataset, listTasks, loadTask } from './datasets'
export type { ImportProgress } from './datasets'
export { createAttempt, openAttempt, getAttempt, attemptCalls, saveStep, saveScreen, toSteps, finishAttempt } from './attempts'
