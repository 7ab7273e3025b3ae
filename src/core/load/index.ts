/**
 * The loader, as its own entry: the page loads it when it first imports a data set (a page that finds its data set
 * stored never needs it), and the command line through src/core.
 */
export { DatasetError, IssueList, formatIssue, loadDataset, parseInputData, parseProfile, parseRecordsDb, parseTools } from './parse'
export type { DatasetFiles } from './parse'
export { lintDataset } from './lint'
export { appsToKeep, storedTask, writeDatasetFiles } from './export'
export { skillFilePath, skillFolderOf } from './skillFolders'
