/**
 * A study that comes back by itself (issue #30): `npm run study --
 * --upload-to s3://BUCKET/PREFIX` writes two folders.
 *
 * ```
 * OUT/serve/                 published as it is, at one address (the study link's)
 *   index.html, assets/      the page
 *   study.json               StudyReturn: what the page needs to run the study and send it back
 *   shares/<slot>/           each slot's sealed share: a data set folder without any gold
 *   uploads/<slot>.json      SlotUploads: the slot's pre-signed PUT URLs, issued again without
 *                            touching the rest (`npm run study -- --reissue OUT`)
 * OUT/collector/             never published
 *   assignment.json          the study (./file.ts)
 *   identity.txt             the collector's age identity (AGE-SECRET-KEY-1…): it alone opens the uploads
 *   bucket.json              CollectorBucket: where the uploads go, for --reissue and npm run collect
 * OUT/links.txt              the study link, then one link per slot
 * ```
 *
 * A participant opens `URL/?PROLIFIC_PID=…&STUDY_ID=…&SESSION_ID=…` (the
 * parameters' names are in study.json, `params`). The page reads study.json,
 * claims a slot (./slots.ts, claimSlot in ./uploader.ts), loads
 * `shares/<slot>/`, uploads each finished task's attempt and then a closing
 * manifest (./returnUpload.ts), each encrypted to `recipient`, and only then
 * sends the participant to `completion`.
 */
import { isPlainObject } from '../base/text'
import { setOwn } from '../base/own'
import { isAccessSetting } from '../attempt/types'
import type { AccessSetting } from '../attempt/types'

export const STUDY_RETURN_FORMAT = 'spieval-study-return'
export const SLOT_UPLOADS_FORMAT = 'spieval-study-uploads'
export const RETURN_VERSION = 1

/** The files and folders of OUT/serve/ and OUT/collector/, by role. */
export const SERVE_FILES = { study: 'study.json', shares: 'shares', uploads: 'uploads' } as const
export const COLLECTOR_FILES = { assignment: 'assignment.json', identity: 'identity.txt', bucket: 'bucket.json' } as const

/** Where a slot's files are in OUT/serve/, relative to the page. */
export const shareFolder = (slot: string): string => `${SERVE_FILES.shares}/${slot}/`
export const slotUploadsFile = (slot: string): string => `${SERVE_FILES.uploads}/${slot}.json`

export type Recruiter = 'prolific' | 'generic'
export const RECRUITERS: readonly Recruiter[] = ['prolific', 'generic']

/** The names of the address's parameters the page reads. `slot` picks a slot by name (a link of links.txt), bypassing the hash. */
export interface ReturnParams {
  participant: string
  study: string
  session: string
  slot: string
}

/** Each recruiter's parameter names; a generic one's can be renamed on the command line. */
export const RECRUITER_PARAMS: Record<Recruiter, ReturnParams> = {
  prolific: { participant: 'PROLIFIC_PID', study: 'STUDY_ID', session: 'SESSION_ID', slot: 'slot' },
  generic: { participant: 'participant', study: 'study', session: 'session', slot: 'slot' },
}

/**
 * Where a participant goes once everything is uploaded: `url` (a redirect,
 * with the code in it for Prolific), else `code` shown to copy. Both are in
 * the published study.json: anyone who reads it has the code, so approve
 * only the sessions `npm run collect` lists as complete.
 */
export interface ReturnCompletion {
  code?: string
  url?: string
}

/** study.json. */
export interface StudyReturn {
  format: typeof STUDY_RETURN_FORMAT
  version: typeof RETURN_VERSION
  /** The study's id (assignment.json's). */
  study: string
  setting: AccessSetting
  recruiter: Recruiter
  params: ReturnParams
  completion: ReturnCompletion
  /** The collector's age recipient (age1…): every upload is encrypted to it. */
  recipient: string
  /** The slots, in order: participantSlot's number is a position in this list. */
  slots: string[]
}

/** uploads/<slot>.json: the PUT URLs of a slot's current round. */
export interface SlotUploads {
  format: typeof SLOT_UPLOADS_FORMAT
  version: typeof RETURN_VERSION
  study: string
  slot: string
  /** Starts at 1; `--reissue --reopen` gives a slot a new round (new object names), for a new participant. */
  round: number
  /** ISO 8601: the URLs stop working then. */
  expires: string
  method: 'PUT'
  /** Headers each PUT must send exactly (they are signed): `If-None-Match: *` makes every object written once. */
  headers: Record<string, string>
  claim: string
  /** Task id → URL, for each task of the slot's share. */
  tasks: Record<string, string>
  manifest: string
}

/**
 * The Prolific completion link for a code. Prolific documents it as
 * `https://app.prolific.com/submissions/complete?cc=CODE`.
 */
export function prolificCompletionUrl(code: string): string {
  return `https://app.prolific.com/submissions/complete?cc=${encodeURIComponent(code)}`
}

const isHttpUrl = (text: string): boolean => /^https?:\/\/[^\s"<>]+$/i.test(text)

/**
 * `--completion-code`: a URL is where participants are sent; a code is sent
 * to Prolific's completion link, or shown (a generic recruiter). Undefined
 * for a value that is neither (empty, or with spaces or quotes).
 */
export function completionOf(value: string, recruiter: Recruiter): ReturnCompletion | undefined {
  if (isHttpUrl(value)) return { url: value }
  if (!/^[\w.-]{1,64}$/.test(value)) return undefined
  return recruiter === 'prolific' ? { code: value, url: prolificCompletionUrl(value) } : { code: value }
}

/** The page's address as links use it: an http(s) URL without a query or fragment, ending in "/" unless it names a file. Undefined when unusable. */
export function pageAddress(value: string): string | undefined {
  if (!isHttpUrl(value) || /[?#]/.test(value)) return undefined
  const path = value.replace(/^https?:\/\/[^/]*/i, '')
  return path === '' || (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) ? `${value}/` : value
}

/**
 * The one study link to give the recruiter. Prolific replaces
 * `{{%PROLIFIC_PID%}}` and its siblings with each participant's ids; for a
 * generic recruiter, `{participant}` etc. stand where its own placeholders go.
 */
export function recruiterLink(pageUrl: string, recruiter: Recruiter, params: ReturnParams): string {
  const placeholder = (name: string, role: string) => (recruiter === 'prolific' ? `{{%${name}%}}` : `{${role}}`)
  const query = (['participant', 'study', 'session'] as const).map((role) => `${encodeURIComponent(params[role])}=${placeholder(params[role], role)}`)
  return `${pageUrl}?${query.join('&')}`
}

/** A link that opens one slot by name (links.txt's lines after the first): to try a slot, or to hand it to someone. */
export function slotLink(pageUrl: string, params: ReturnParams, slot: string): string {
  return `${pageUrl}?${encodeURIComponent(params.slot)}=${encodeURIComponent(slot)}`
}

const problemsOf = (value: unknown, format: string): string[] => {
  if (!isPlainObject(value)) return ['must be a JSON object']
  if (value.format !== format) return [`"format" must be "${format}"`]
  if (value.version !== RETURN_VERSION) return [`"version" must be ${RETURN_VERSION}`]
  return []
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== ''

function readParams(value: unknown, problems: string[]): ReturnParams | undefined {
  if (isPlainObject(value) && nonEmpty(value.participant) && nonEmpty(value.study) && nonEmpty(value.session) && nonEmpty(value.slot))
    return { participant: value.participant, study: value.study, session: value.session, slot: value.slot }
  problems.push('"params" must name the parameters {participant, study, session, slot}')
  return undefined
}

/** Reads and checks a study.json value (parsed JSON); every problem is listed. */
export function readStudyReturn(value: unknown): { study: StudyReturn } | { problems: string[] } {
  const first = problemsOf(value, STUDY_RETURN_FORMAT)
  if (first.length > 0 || !isPlainObject(value)) return { problems: first }
  const problems: string[] = []
  const { study, setting, recruiter, completion, recipient, slots } = value
  if (!nonEmpty(study)) problems.push('"study" must be the study id')
  if (!isAccessSetting(setting)) problems.push('"setting" must be "browse", "paginated" or "full"')
  if (!RECRUITERS.includes(recruiter as Recruiter)) problems.push(`"recruiter" must be one of ${RECRUITERS.join(', ')}`)
  const params = readParams(value.params, problems)
  const goodCompletion =
    isPlainObject(completion) && (completion.code === undefined || nonEmpty(completion.code)) && (completion.url === undefined || (nonEmpty(completion.url) && isHttpUrl(completion.url)))
  if (!goodCompletion) problems.push('"completion" must be {code?, url? (http or https)}')
  if (!nonEmpty(recipient) || !recipient.startsWith('age1')) problems.push('"recipient" must be an age recipient (age1…)')
  if (!Array.isArray(slots) || slots.length === 0 || !slots.every(nonEmpty) || new Set(slots).size !== slots.length) problems.push('"slots" must list the slot names, each once')
  if (problems.length > 0 || !params || !isPlainObject(completion)) return { problems }
  return {
    study: {
      format: STUDY_RETURN_FORMAT,
      version: RETURN_VERSION,
      study: study as string,
      setting: setting as AccessSetting,
      recruiter: recruiter as Recruiter,
      params,
      completion: { ...(nonEmpty(completion.code) ? { code: completion.code } : {}), ...(nonEmpty(completion.url) ? { url: completion.url } : {}) },
      recipient: recipient as string,
      slots: [...(slots as string[])],
    },
  }
}

/** Reads and checks an uploads/<slot>.json value (parsed JSON); every problem is listed. */
export function readSlotUploads(value: unknown): { uploads: SlotUploads } | { problems: string[] } {
  const first = problemsOf(value, SLOT_UPLOADS_FORMAT)
  if (first.length > 0 || !isPlainObject(value)) return { problems: first }
  const problems: string[] = []
  const { study, slot, round, expires, method, headers, claim, tasks, manifest } = value
  if (!nonEmpty(study)) problems.push('"study" must be the study id')
  if (!nonEmpty(slot)) problems.push('"slot" must be the slot name')
  if (typeof round !== 'number' || !Number.isSafeInteger(round) || round < 1) problems.push('"round" must be a whole number of at least 1')
  if (!nonEmpty(expires) || Number.isNaN(Date.parse(expires))) problems.push('"expires" must be an ISO date')
  if (method !== 'PUT') problems.push('"method" must be "PUT"')
  if (!isPlainObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')) problems.push('"headers" must map header names to values')
  if (!nonEmpty(claim) || !isHttpUrl(claim)) problems.push('"claim" must be a URL')
  if (!nonEmpty(manifest) || !isHttpUrl(manifest)) problems.push('"manifest" must be a URL')
  const urls: Record<string, string> = {}
  if (!isPlainObject(tasks)) problems.push('"tasks" must map task ids to URLs')
  else
    for (const [id, url] of Object.entries(tasks)) {
      if (nonEmpty(url) && isHttpUrl(url)) setOwn(urls, id, url)
      else problems.push(`"tasks.${id}" must be a URL`)
    }
  if (problems.length > 0 || !isPlainObject(headers)) return { problems }
  const sent: Record<string, string> = {}
  for (const [name, v] of Object.entries(headers)) setOwn(sent, name, v as string)
  return {
    uploads: {
      format: SLOT_UPLOADS_FORMAT,
      version: RETURN_VERSION,
      study: study as string,
      slot: slot as string,
      round: round as number,
      expires: expires as string,
      method: 'PUT',
      headers: sent,
      claim: claim as string,
      tasks: urls,
      manifest: manifest as string,
    },
  }
}

/** A JSON file's text as the command line writes it. */
export const jsonFileText = (value: unknown): string => JSON.stringify(value, null, 2) + '\n'
