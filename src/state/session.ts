/** The page's attempt on the phone: its store and what changes it (one module each; importers outside src/state use this one). */
export { shownVerdict, useSession, useShownVerdict } from './sessionStore'
export type { SessionState } from './sessionStore'
export { boot, reloadDatasets, retryDataLink, switchDataset, whenReady } from './boot'
export type { InstallSample } from './boot'
export {
  callTool,
  checkCall,
  checkpointTime,
  currentAttempt,
  finishAttempt,
  finishRiskNow,
  flagTask,
  forkAttempt,
  onVisibilityChange,
  openTask,
  refusalOf,
  rememberScreen,
  replyToUser,
  submittedCalls,
  withdrawCall,
} from './attemptController'
export { endReplay, showRecording } from './recording'
