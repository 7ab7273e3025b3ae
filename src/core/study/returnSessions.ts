/**
 * The collector's view of a study's uploads: one session per slot and round
 * that received anything, whether it is whole, and which slots to open again.
 */
import type { UploadObject } from './returnObjects'
import type { StudyUpload, UploadParticipant } from './returnUpload'

/** An object of the study as the collector read it: its name, and its upload with the text it was read from. */
export interface ReceivedUpload {
  object: UploadObject
  upload: StudyUpload
  /** The decrypted text: the manifest's hashes are over it. */
  text: string
  /** SHA-256 of `text`. */
  sha256: string
}

/**
 * - `complete`: the manifest is stored and every attempt it lists arrived, as sent;
 * - `incomplete`: claimed or partly uploaded, no manifest (still at work, or gone);
 * - `conflict`: uploads by more than one participant (a store that does not refuse a second write), or a manifest that does not match the uploads.
 */
export type SessionStatus = 'complete' | 'incomplete' | 'conflict'

export interface ReturnSession {
  slot: string
  round: number
  status: SessionStatus
  /** Everyone who uploaded in this slot and round (one, unless `conflict`). */
  participants: UploadParticipant[]
  claimedAt?: string
  closedAt?: string
  /** Tasks the slot's share has. */
  assigned: number
  /** Task ids with an attempt upload, in the slot's order. */
  uploaded: string[]
  /** Why the session is not complete, or not clean, in words. */
  notes: string[]
}

export interface SessionsInput {
  /** Slot → its task ids, in order (assignment.json's people). */
  slots: Readonly<Record<string, readonly string[]>>
  /** Slot → its current round (bucket.json); 1 when absent. */
  rounds?: Readonly<Record<string, number>>
  received: readonly ReceivedUpload[]
}

const sameParticipant = (a: UploadParticipant, b: UploadParticipant): boolean => a.id === b.id && a.session === b.session

/**
 * The sessions (by slot, then round), the slots whose current round has
 * nothing yet (`open`), and the slots to open again (`reopen`: their
 * current round is incomplete or in conflict; whether its participant is
 * gone is the recruiter's to say).
 */
export function returnSessions(input: SessionsInput): { sessions: ReturnSession[]; open: string[]; reopen: string[] } {
  const byRound = new Map<string, ReceivedUpload[]>()
  for (const r of input.received) {
    const key = JSON.stringify([r.object.slot, r.object.round])
    byRound.set(key, [...(byRound.get(key) ?? []), r])
  }
  const slotOrder = Object.keys(input.slots)
  const sessions = [...byRound.values()]
    .map((list) => sessionOf(list, input.slots))
    .sort((a, b) => slotRank(slotOrder, a.slot) - slotRank(slotOrder, b.slot) || (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0) || a.round - b.round)
  const open: string[] = []
  const reopen: string[] = []
  for (const slot of slotOrder) {
    const round = (Object.hasOwn(input.rounds ?? {}, slot) ? input.rounds?.[slot] : undefined) ?? 1
    const current = sessions.find((s) => s.slot === slot && s.round === round)
    if (!current) open.push(slot)
    else if (current.status !== 'complete') reopen.push(slot)
  }
  return { sessions, open, reopen }
}

const slotRank = (order: readonly string[], slot: string): number => {
  const i = order.indexOf(slot)
  return i < 0 ? order.length : i
}

function sessionOf(list: readonly ReceivedUpload[], slots: SessionsInput['slots']): ReturnSession {
  const first = list[0]
  if (!first) throw new Error('a session needs an upload')
  const { slot, round } = first.object
  const tasks = Object.hasOwn(slots, slot) ? (slots[slot] ?? []) : []
  const notes: string[] = []
  const participants: UploadParticipant[] = []
  for (const r of list) if (!participants.some((p) => sameParticipant(p, r.upload.participant))) participants.push(r.upload.participant)
  const claim = list.find((r) => r.upload.kind === 'claim')
  const manifest = list.find((r) => r.upload.kind === 'manifest')
  const attempts = new Map<string, ReceivedUpload>()
  for (const r of list) if (r.upload.kind === 'attempt') attempts.set(r.upload.task, r)
  const uploaded = tasks.filter((id) => attempts.has(id))
  let conflict = participants.length > 1
  if (conflict) notes.push(`uploads by ${participants.length} participants (${participants.map((p) => p.id).join(', ')}): the store let a second one write the slot`)
  if (manifest?.upload.kind === 'manifest') {
    for (const [task, hash] of Object.entries(manifest.upload.tasks)) {
      const got = attempts.get(task)
      if (!got) {
        conflict = true
        notes.push(`the manifest lists task ${JSON.stringify(task)}, whose attempt never arrived`)
      } else if (got.sha256 !== hash) {
        conflict = true
        notes.push(`task ${JSON.stringify(task)}'s attempt is not the one the manifest lists (another SHA-256)`)
      }
    }
    const unlisted = uploaded.filter((task) => !Object.hasOwn(manifest.upload.kind === 'manifest' ? manifest.upload.tasks : {}, task))
    if (unlisted.length > 0) notes.push(`attempts not in the manifest: ${unlisted.join(', ')}`)
  } else notes.push('no closing manifest yet')
  const missing = tasks.length - uploaded.length
  if (missing > 0) notes.push(`${missing} of ${tasks.length} tasks not uploaded`)
  const status: SessionStatus = conflict ? 'conflict' : manifest ? 'complete' : 'incomplete'
  return {
    slot,
    round,
    status,
    participants,
    ...(claim?.upload.kind === 'claim' ? { claimedAt: claim.upload.at } : {}),
    ...(manifest?.upload.kind === 'manifest' ? { closedAt: manifest.upload.at } : {}),
    assigned: tasks.length,
    uploaded,
    notes,
  }
}
