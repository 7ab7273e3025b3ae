import type { LiveMetadata } from './liveTypes'
import type { AgentCard, PlannerMetadata, Skill, ToolRole } from './plannerTypes'
import type { SealedManifest } from './sealedManifest'
/** SPIEval's ten phone apps, in display order: what the phone shows, `search_phone` searches and generated data sets hold. */
export const PHONE_APP_KEYS = [
  'contacts',
  'sms',
  'voicemail',
  'notes',
  'schedule',
  'meeting',
  'alarm',
  'transaction',
  'transport',
  'accommodation',
] as const

export type PhoneAppKey = (typeof PHONE_APP_KEYS)[number]

/**
 * The app keys records_db.json may hold: the ten phone apps, then `memory`,
 * the planner data sets' eleventh app (docs/reference.md, "Planner tasks"),
 * which has its own tools and no place among the phone's ten.
 */
export const APP_KEYS = [...PHONE_APP_KEYS, 'memory'] as const

export type AppKey = (typeof APP_KEYS)[number]

/** A record as stored: field key → value. Values are mostly strings; numbers and lists occur. */
export type PhoneRecord = Record<string, unknown>

/** One app key → records, for one task. Unknown app keys are rejected at load time. */
export type TaskRecords = Partial<Record<AppKey, PhoneRecord[]>>

/** A gold execution call: each argument maps to its acceptable values (`null` = may be omitted). */
export interface GoldCall {
  name: string
  arguments: Record<string, unknown[]>
}

export interface ChatMessage {
  role: string
  content: string
}

/** One line of input_data.jsonl, as read; the line itself, unknown keys included, is `source`. */
export interface Task {
  id: string
  type: string
  messages: ChatMessage[]
  instruction: string
  answer: GoldCall[]
  /** One list per gold call, same index. */
  freeParams: string[][]
  reasoningPath: string
  distractors: string
  /** 1-based line in input_data.jsonl. */
  line: number
  /** The live keys of `prompt_metadata` (expected_state, friction, verify, ordered), when the task has any. */
  live?: LiveMetadata
  /** The planner keys of `prompt_metadata` (dimension, bucket, order, rubric, …), when the task has any. */
  planner?: PlannerMetadata
  /**
   * In a sealed data set with encrypted gold, the task's `sealed` value. A
   * sealed task's `answer` is empty because its gold is not there, not
   * because nothing is to be done: never score it (see {@link Dataset.sealed}).
   */
  sealed?: string
  /**
   * The line the task was read from, as written (without its line end). An
   * export gives it back byte for byte while it still says what the task
   * says; after an edit of the task's fields, it writes them into the line's
   * object, keeping the keys the task does not model (src/core/load/export.ts).
   * Storage leaves it out where the task's fields write the same line
   * (`storedTask`), and tasks stored before exports existed have none.
   */
  source?: string
}

/** An OpenAI-style function schema, as in tools.json. */
export interface ToolSchema {
  type: 'function'
  function: {
    name: string
    description: string
    parameters: JsonSchemaObject
    /** A live data set's effect of the tool on the records (docs/reference.md, "Live state"), kept as given. */
    'x-effect'?: unknown
    /** A planner tool's role, the skill that offers it, the sub-agent it hands work to (docs/reference.md, "Planner tasks"). */
    'x-kind'?: ToolRole
    'x-skill'?: string
    'x-agent'?: string
  }
}

export interface JsonSchemaObject {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  [key: string]: unknown
}

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  items?: JsonSchema
  description?: string
  [key: string]: unknown
}

export interface FamilyMember {
  relation: string
  name: string
}

/** The user the phone belongs to (profile.json). */
export interface Profile {
  name: string
  occupation: string
  family: FamilyMember[]
  phone: string
  paymentAccount: string
  /** "YYYY-MM-DD HH:MM:SS" */
  now: string
  weekday: string
}

/** A loaded data set: the three published files plus the profile. */
export interface Dataset {
  tasks: Task[]
  /** task id → app key → records */
  records: Record<string, TaskRecords>
  tools: ToolSchema[]
  profile: Profile
  /** Whether profile.json was given (else the published SPIEval profile is used). */
  hasProfile: boolean
  /** skills.json, when the data set has one. */
  skills?: Skill[]
  /** agents.json, when the data set has one. */
  agents?: AgentCard[]
  /** Set when the folder is sealed (sealed.json): the tasks carry no gold, so hosts must not score them. */
  sealed?: SealedManifest
}

/** The file names of a data set folder. */
export const DATASET_FILES = {
  inputData: 'input_data.jsonl',
  records: 'records_db.json',
  tools: 'tools.json',
  profile: 'profile.json',
} as const

/** The optional file that marks a data set folder as sealed (src/core/dataset/sealedManifest.ts); not in {@link DATASET_FILES}, which lists an ordinary folder's files. */
export const SEALED_FILE = 'sealed.json'

/** A problem found in a data set, placed as precisely as possible. */
export interface DatasetIssue {
  level: 'error' | 'warning'
  file: string
  line?: number
  taskId?: string
  message: string
  /** Set on the lint's warnings and the gold calls' errors: which check, and the values its message names, for a page to say it in its reader's language. */
  code?: LintCode | GoldCode
  params?: Record<string, string | number>
}

/** The lint's checks (src/core/load/lint.ts), one per kind of warning. */
export type LintCode = 'unknownCapability' | 'requiredLeftOut' | 'constrainedAndFree' | 'flatArray' | 'notFindable' | 'givenAway' | 'unknownFields'

/** The gold calls' errors against tools.json (src/core/load/gold.ts). */
export type GoldCode = 'goldUnknownTool' | 'goldUnknownParam' | 'goldNoValue' | 'goldValueMisfit'

/** How a person sees the records: free lists, or only through searches. */
export type AccessSetting = 'browse' | 'paginated' | 'full'

export const ACCESS_SETTINGS: readonly AccessSetting[] = ['browse', 'paginated', 'full']

export function isAccessSetting(value: unknown): value is AccessSetting {
  return typeof value === 'string' && (ACCESS_SETTINGS as readonly string[]).includes(value)
}

/** A predicted execution call as submitted; `arguments` may be an object or a JSON string. */
export interface PredictedCall {
  name: string
  arguments: unknown
}
