import type { AttemptState, FailureRate, RunTag } from '../attempt/types'
import type { TrajectoryStep } from '../tools/steps'

/** The archive's name in manifest.json, so that an importer can tell it from any other JSON. */
export const ARCHIVE_FORMAT = 'spieval-phone-attempts'
/** Bumped only when an older reader could misread a newer archive; new keys alone keep it. */
export const ARCHIVE_VERSION = 1

/** The files of an archive. result.json and details.jsonl sit beside response.jsonl exactly as `npm run score` writes them. */
export const ARCHIVE_FILES = {
  responses: 'response.jsonl',
  result: 'result.json',
  details: 'details.jsonl',
  manifest: 'manifest.json',
} as const

/** An attempt's setting: a person's access, or a model setting. */
export type ArchivedSetting = 'browse' | 'paginated' | 'full' | 'no_search'

export const ARCHIVED_SETTINGS: readonly ArchivedSetting[] = ['browse', 'paginated', 'full', 'no_search']

export type ArchivedFlagKind = 'ambiguous' | 'gold_wrong' | 'not_findable'

export const ARCHIVED_FLAG_KINDS: readonly ArchivedFlagKind[] = ['ambiguous', 'gold_wrong', 'not_findable']

/** What an annotator said about the task after the attempt. */
export interface ArchivedFlag {
  kind: ArchivedFlagKind
  comment: string
  /** Epoch ms. */
  at: number
}

/**
 * The verdict stored with a finished attempt. A live attempt of a task that
 * expects changes also has its state verdict and, beside it, the calls' own
 * verdict (`correct` is then the task's under its verify mode), as the
 * kernel keeps them (AttemptVerdict).
 */
export interface ArchivedVerdict {
  correct: boolean
  errorType: string | null
  mismatches: unknown[]
  state?: { correct: boolean; errorType: string | null; mismatches: unknown[] }
  calls?: { correct: boolean; errorType: string | null }
}

/** One call of a trajectory as stored: the step without the runtime's `data`, plus when it was made. */
export interface ArchivedStep extends Omit<TrajectoryStep, 'data'> {
  /** Epoch ms. */
  at: number
}

/**
 * One attempt as an archive carries it: the stored attempt without what only
 * makes sense on the machine that made it (data set id, phone screen, import
 * source), and its whole trajectory. Times are epoch ms (whole milliseconds:
 * the archive writes them as ISO dates).
 */
export interface ArchivedAttempt {
  id: string
  taskId: string
  access: ArchivedSetting
  actor: string
  started: number
  elapsedMs: number
  finished: boolean
  ended?: number
  verdict?: ArchivedVerdict
  flags?: ArchivedFlag[]
  /** Set on a fork: the attempt it came from, and how many of its calls it inherited. */
  parent?: { attemptId: string; step: number }
  /** `live` when the attempt's calls changed its own copy of the records; absent (or `static`) is the published protocol. A read archive has `live` or nothing. */
  state?: AttemptState
  /** The random friction the attempt met (a robustness study). */
  failure?: FailureRate
  /** An agent runner's attempt: its run; a run's random failures are drawn for its repeat. */
  run?: RunTag
  /** The content fingerprint of the task version the attempt was made on (src/core/authoring), when it was recorded. */
  taskFingerprint?: string
  /** Made after its actor received the task's gold (`after_gold`): practice, never counted in a baseline. */
  afterGold?: true
  steps: ArchivedStep[]
}

/** One file's fingerprint in the manifest. */
export interface ArchiveFileEntry {
  sha256: string
  bytes: number
  lines: number
}

/**
 * manifest.json's `sealed`: the archive was exported from a sealed data set
 * (docs/reference.md, "Sealed data sets"), whose tasks have no gold there.
 *
 * ```json
 * "sealed": {
 *   "study": { "id": "<study id>", "person": "ann" },
 *   "fingerprints": { "<task id>": "<sha-256 hex>" }
 * }
 * ```
 *
 * - `fingerprints`: for every task that has an attempt in response.jsonl,
 *   the fingerprint of what the participant saw (src/core/seal,
 *   studyFingerprint over the task's user messages and its records), the
 *   same figure datasetFingerprints gives the task in the unsealed data set.
 *   An import into another data set refuses the archive whole unless each
 *   attempt's task is there with the same fingerprint.
 * - `study` (optional): the sealed folder was one participant's share of a
 *   study (its sealed.json's `study`, without the task list). An import into
 *   the unsealed data set needs that study's assignment.json loaded there,
 *   the person among its people, and each attempt's task assigned to them.
 *
 * Such an archive holds response.jsonl only: its attempts have no verdict
 * (nothing is scored without the gold), so there is no result.json or
 * details.jsonl, and its lines have no `verdict`. They are scored when
 * imported into the unsealed data set.
 */
export interface ArchiveSealed {
  study?: { id: string; person: string }
  fingerprints: Record<string, string>
}

/** manifest.json. */
export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT
  version: number
  exported_at: string
  dataset: { name: string }
  /** How the attempts were chosen, in words; null for all of them. */
  filter: string | null
  counts: { attempts: number; finished: number; people: number; tasks: number; calls: number }
  files: Record<string, ArchiveFileEntry>
  /** Present only on an export from a sealed data set (additive: older readers ignore it). */
  sealed?: ArchiveSealed
}

/**
 * What kind of file an archive that cannot be imported is, as data, for a
 * person's words (the messages and issues say the details, in English, for
 * whoever fixes the file): not a zip; a damaged zip; one over the limits of
 * an import; no response file, or several; files changed after the export
 * (their SHA-256 is not the manifest's); a file the manifest lists missing
 * (part of an export picked); not one line of the response file an attempt.
 */
export type ArchiveReason = 'notZip' | 'damaged' | 'tooLarge' | 'noResponseFile' | 'severalResponseFiles' | 'changed' | 'incomplete' | 'noResponseLines'

/**
 * An archive that cannot be read or imported. `issues` lists every problem
 * found; `unknownTasks` the task ids that the target data set does not have;
 * `reason`, where it is one, the kind of file it is.
 */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
    readonly unknownTasks: readonly string[] = [],
    readonly reason?: ArchiveReason,
  ) {
    super(message)
    this.name = 'ArchiveError'
  }
}
