/** Studies: tasks handed out to people for a human baseline (issue #17). */
export { assignStudy, personNameProblem, StudyError } from './assign'
export type { StudyAssignment, StudyInput, StudyTask } from './assign'
export { STUDY_FORMAT, STUDY_VERSION, buildStudyFile, readStudyFile, studyId } from './file'
export type { StudyFile } from './file'
export { mulberry32, seededRandom, shuffle } from './random'
export { SHORT_PASSPHRASE, STUDY_FILES, makeStudy, studyBaseUrl, studyFileText, studyFolderFiles, studyLinks } from './bundles'
export type { MadeStudy, MakeStudyInput } from './bundles'
export { BundledTasksError, bundledQuestions, bundledTasks, taskQuestion } from './bundled'
// The return channel (issue #30): slots, the served files, the bucket's object names, the uploads and their encryption.
export { MAX_SLOTS, participantSlot, slotNames, slotProbeOrder } from './slots'
export {
  COLLECTOR_FILES,
  RECRUITERS,
  RECRUITER_PARAMS,
  RETURN_VERSION,
  SERVE_FILES,
  SLOT_UPLOADS_FORMAT,
  STUDY_RETURN_FORMAT,
  completionOf,
  jsonFileText,
  pageAddress,
  prolificCompletionUrl,
  readSlotUploads,
  readStudyReturn,
  recruiterLink,
  shareFolder,
  slotLink,
  slotUploadsFile,
} from './returnServe'
export type { Recruiter, ReturnCompletion, ReturnParams, SlotUploads, StudyReturn } from './returnServe'
export { normalPrefix, readObjectName, roundPrefix, studyPrefix, uploadObjectNames } from './returnObjects'
export type { UploadKind, UploadObject } from './returnObjects'
export { UPLOAD_FORMAT, UPLOAD_VERSION, attemptUpload, claimUpload, manifestUpload, readUpload, textSha256, uploadText } from './returnUpload'
export type { AttemptUpload, ClaimUpload, ManifestUpload, StudyUpload, UploadParticipant, UploadPlace } from './returnUpload'
export { UploadDecryptError, decryptUpload, encryptUpload, newCollectorKey, recipientOf } from './returnCrypto'
export { StudyUploader, UploadRefused, claimSlot, putUpload } from './uploader'
export type { ClaimInput, PutObject, PutOptions, PutOutcome } from './uploader'
export { returnSessions } from './returnSessions'
export type { ReceivedUpload, ReturnSession, SessionStatus, SessionsInput } from './returnSessions'
