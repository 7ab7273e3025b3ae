/** Studies: tasks handed out to people for a human baseline (issue #17). */
export { assignStudy, personNameProblem, StudyError } from './assign'
export type { StudyAssignment, StudyInput, StudyTask } from './assign'
export { STUDY_FORMAT, STUDY_VERSION, buildStudyFile, readStudyFile, studyId } from './file'
export type { StudyFile } from './file'
export { mulberry32, seededRandom, shuffle } from './random'
export { SHORT_PASSPHRASE, STUDY_FILES, makeStudy, studyBaseUrl, studyFileText, studyFolderFiles, studyLinks } from './bundles'
export type { MadeStudy, MakeStudyInput } from './bundles'
export { BundledTasksError, bundledQuestions, bundledTasks, taskQuestion } from './bundled'
