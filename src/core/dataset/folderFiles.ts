import { PLANNER_FILES } from './plannerTypes'
import { DATASET_FILES, SEALED_FILE } from './types'

/**
 * Every file a data set folder may hold at its top, once each: the loader's files, sealed.json, and a planner data
 * set's skills.json and agents.json (skill folders aside). Whoever reads a folder (the command line, a zip, a picked
 * folder, a `?data=` link) reads these.
 */
export const DATASET_FOLDER_FILES: readonly string[] = [...new Set<string>([...Object.values(DATASET_FILES), SEALED_FILE, ...Object.values(PLANNER_FILES)])]

/** The files without which a folder is no data set; the others ({@link DATASET_FOLDER_FILES}) are optional. */
export const REQUIRED_DATASET_FILES: readonly string[] = [DATASET_FILES.inputData, DATASET_FILES.records, DATASET_FILES.tools]
