// The core of a study's return channel (issue #30): slots, object names, uploads, their encryption, the uploader and
// the collector's sessions. The command line and a bucket are in test/study-return.test.ts.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  MAX_SLOTS,
  StudyUploader,
  UploadDecryptError,
  UploadRefused,
  attemptUpload,
  claimSlot,
  claimUpload,
  completionOf,
  decryptUpload,
  encryptUpload,
  manifestUpload,
  newCollectorKey,
  pageAddress,
  participantSlot,
  putUpload,
  readObjectName,
  readSlotUploads,
  readStudyReturn,
  readUpload,
  recipientOf,
  recruiterLink,
  returnSessions,
  slotNames,
  slotProbeOrder,
  textSha256,
  uploadObjectNames,
  uploadText,
  RECRUITER_PARAMS,
} from '../src/core/study'
import type { PutObject, ReceivedUpload, SlotUploads, StudyReturn, StudyUpload, UploadParticipant } from '../src/core/study'

const STUDY = '0123456789abcdef'

/** The slot function as its comment defines it, written again with node:crypto. */
function slotByDefinition(participant: string, study: string, slots: number): number {
  const digest = createHash('sha256').update(`spieval-slot:v1:${study}:${participant}`, 'utf8').digest()
  return digest.readUIntBE(0, 6) % slots
}

describe('slots', () => {
  it('names them s001… (wider when the count needs it)', () => {
    expect(slotNames(3)).toEqual(['s001', 's002', 's003'])
    expect(slotNames(1000).at(-1)).toBe('s1000')
    expect(slotNames(1000)[0]).toBe('s0001')
    expect(() => slotNames(0)).toThrow(RangeError)
    expect(() => slotNames(MAX_SLOTS + 1)).toThrow(RangeError)
  })

  it('puts a participant on the slot its definition gives, the same for good (fixed values)', () => {
    // Fixed once: a change here would move every participant of a running study to another slot.
    expect(participantSlot('5f1a2b3c4d5e6f7a8b9c0d1e', STUDY, 100)).toBe(82)
    expect(participantSlot('participant-1', STUDY, 7)).toBe(5)
    expect(participantSlot('研究者', 'abcdef0123456789', 1000)).toBe(83)
    for (let i = 0; i < 500; i++) {
      const id = `pid-${i}-${'x'.repeat(i % 30)}`
      expect(participantSlot(id, STUDY, 37)).toBe(slotByDefinition(id, STUDY, 37))
    }
    // The study is part of it: one participant of two studies lands on unrelated slots.
    const moved = Array.from({ length: 200 }, (_, i) => participantSlot(`p${i}`, STUDY, 50) !== participantSlot(`p${i}`, 'fedcba9876543210', 50)).filter(Boolean).length
    expect(moved).toBeGreaterThan(180)
  })

  it('spreads ids evenly over the slots', () => {
    const slots = 100
    const n = 20_000
    const counts = new Array<number>(slots).fill(0)
    // Prolific ids look like 24 hex digits; sequential ones are the hard case for a weak hash.
    for (let i = 0; i < n; i++) {
      const slot = participantSlot(i.toString(16).padStart(24, '0'), STUDY, slots)
      counts[slot] = (counts[slot] ?? 0) + 1
    }
    const mean = n / slots
    const sd = Math.sqrt(mean * (1 - 1 / slots))
    for (const c of counts) expect(Math.abs(c - mean)).toBeLessThan(5 * sd)
    const chiSquare = counts.reduce((s, c) => s + (c - mean) ** 2 / mean, 0)
    // 99 degrees of freedom: above 150 happens by chance about once in 10,000.
    expect(chiSquare).toBeLessThan(150)
  })

  it('probes every slot once, starting at the participant\'s own', () => {
    const order = slotProbeOrder('someone', STUDY, 9)
    expect(order[0]).toBe(participantSlot('someone', STUDY, 9))
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(order[1]).toBe(((order[0] ?? 0) + 1) % 9)
  })
})

describe('object names', () => {
  it('name a round of a slot by place, and read back', () => {
    const names = uploadObjectNames('pilot', STUDY, 's007', 2, ['推理1', 'a/b?c'])
    expect(names.claim).toBe(`pilot/${STUDY}/s007/r2/claim.age`)
    expect([...names.tasks]).toEqual([
      ['推理1', `pilot/${STUDY}/s007/r2/task-001.age`],
      ['a/b?c', `pilot/${STUDY}/s007/r2/task-002.age`],
    ])
    expect(names.manifest).toBe(`pilot/${STUDY}/s007/r2/manifest.age`)
    expect(readObjectName(names.claim, 'pilot/', STUDY)).toEqual({ key: names.claim, slot: 's007', round: 2, kind: 'claim' })
    expect(readObjectName(names.tasks.get('a/b?c') ?? '', 'pilot', STUDY)).toMatchObject({ kind: 'attempt', position: 2, slot: 's007', round: 2 })
    expect(readObjectName(names.manifest, '', STUDY)).toBeUndefined()
    expect(uploadObjectNames('', STUDY, 's1', 1, []).claim).toBe(`${STUDY}/s1/r1/claim.age`)
    for (const stray of [`pilot/${STUDY}/s007/r0/claim.age`, `pilot/${STUDY}/s007/claim.age`, `pilot/${STUDY}/s007/r1/task-000.age`, `pilot/${STUDY}/s007/r1/notes.txt`, `pilot/other/s007/r1/claim.age`])
      expect(readObjectName(stray, 'pilot', STUDY), stray).toBeUndefined()
  })
})

const participant = { id: 'PID1', study: 'STUDY1', session: 'SESSION1' }
const place = { study: STUDY, slot: 's002', round: 1, participant }

describe('uploads', () => {
  it('read back as written, and name what is wrong', () => {
    const uploads: StudyUpload[] = [
      claimUpload(place, '2026-03-14T09:00:00.000Z'),
      attemptUpload(place, '推理1', 'a'.repeat(64), { id: '推理1', calls: [] }),
      // A task id is any text: "__proto__" too, kept as an own key.
      manifestUpload(place, '2026-03-14T10:00:00.000Z', JSON.parse(`{"推理1": "${'b'.repeat(64)}", "__proto__": "${'c'.repeat(64)}"}`) as Record<string, string>),
    ]
    for (const upload of uploads) expect(readUpload(uploadText(upload))).toEqual({ upload })
    const manifest = readUpload(uploadText(uploads[2] as StudyUpload))
    expect('upload' in manifest && manifest.upload.kind === 'manifest' && Object.keys(manifest.upload.tasks)).toEqual(['推理1', '__proto__'])
    expect(readUpload(uploadText(uploads[0] as StudyUpload), { kind: 'manifest', slot: 's002', round: 1, study: STUDY })).toEqual({ problems: ['it is a claim upload under the name of a manifest upload'] })
    expect(readUpload(uploadText(uploads[0] as StudyUpload), { kind: 'claim', slot: 's003', round: 1, study: STUDY })).toEqual({ problems: ['it belongs to slot s002 round 1, not slot s003 round 1'] })
    expect(readUpload('{')).toMatchObject({ problems: [expect.stringMatching(/not valid JSON/)] })
    expect(readUpload(JSON.stringify({ ...uploads[1], fingerprint: 'x', participant: {} }))).toEqual({ problems: ['"participant" must be {id, study?, session?}', '"fingerprint" must be a SHA-256 in hex'] })
  })

  it('hash the same attempt to the same text (no time in it)', () => {
    const a = uploadText(attemptUpload(place, 't', 'a'.repeat(64), { id: 't' }))
    expect(textSha256(a)).toBe(textSha256(uploadText(attemptUpload(place, 't', 'a'.repeat(64), { id: 't' }))))
    expect(textSha256(a)).toBe(createHash('sha256').update(a, 'utf8').digest('hex'))
  })
})

describe('age encryption', () => {
  it('opens with the collector\'s identity only, and refuses a changed file', async () => {
    const key = await newCollectorKey()
    expect(key.identity).toMatch(/^AGE-SECRET-KEY-1[0-9A-Z]+$/)
    expect(key.recipient).toMatch(/^age1[0-9a-z]+$/)
    expect(await recipientOf(`  ${key.identity}\n`)).toBe(key.recipient)
    expect(await recipientOf('age1notanidentity')).toBeUndefined()
    const text = JSON.stringify({ 任务: '推理1', note: 'x'.repeat(70_000) })
    const sealed = await encryptUpload(text, key.recipient)
    expect(new TextDecoder().decode(sealed.slice(0, 21))).toBe('age-encryption.org/v1')
    expect(Buffer.from(sealed).includes(Buffer.from('推理1'))).toBe(false)
    expect(await decryptUpload(sealed, key.identity)).toBe(text)
    const other = await newCollectorKey()
    await expect(decryptUpload(sealed, other.identity)).rejects.toThrow(UploadDecryptError)
    const changed = sealed.slice()
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1
    await expect(decryptUpload(changed, key.identity)).rejects.toThrow(/does not decrypt with the collector's identity/)
  })
})

describe('the served files', () => {
  it('say where a participant goes at the end', () => {
    expect(completionOf('C1A2B3', 'prolific')).toEqual({ code: 'C1A2B3', url: 'https://app.prolific.com/submissions/complete?cc=C1A2B3' })
    expect(completionOf('C1A2B3', 'generic')).toEqual({ code: 'C1A2B3' })
    expect(completionOf('https://example.org/done?x=1', 'generic')).toEqual({ url: 'https://example.org/done?x=1' })
    expect(completionOf('two words', 'prolific')).toBeUndefined()
    expect(pageAddress('https://example.org/study')).toBe('https://example.org/study/')
    expect(pageAddress('https://example.org')).toBe('https://example.org/')
    expect(pageAddress('https://example.org/s/index.html')).toBe('https://example.org/s/index.html')
    expect(pageAddress('https://example.org/?a=1')).toBeUndefined()
    expect(recruiterLink('https://example.org/s/', 'prolific', RECRUITER_PARAMS.prolific)).toBe(
      'https://example.org/s/?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}',
    )
    expect(recruiterLink('https://example.org/s/', 'generic', { ...RECRUITER_PARAMS.generic, participant: 'workerId' })).toBe(
      'https://example.org/s/?workerId={participant}&study={study}&session={session}',
    )
  })

  it('read back, and list every problem', async () => {
    const study: StudyReturn = {
      format: 'spieval-study-return',
      version: 1,
      study: STUDY,
      setting: 'browse',
      recruiter: 'prolific',
      params: RECRUITER_PARAMS.prolific,
      completion: { code: 'C', url: 'https://app.prolific.com/submissions/complete?cc=C' },
      recipient: (await newCollectorKey()).recipient,
      slots: ['s001', 's002'],
    }
    expect(readStudyReturn(JSON.parse(JSON.stringify(study)))).toEqual({ study })
    expect(readStudyReturn({ ...study, setting: 'no_search', recipient: 'x', slots: ['a', 'a'] })).toEqual({
      problems: ['"setting" must be "browse", "paginated" or "full"', '"recipient" must be an age recipient (age1…)', '"slots" must list the slot names, each once'],
    })
    expect(readStudyReturn({ ...study, format: 'x' })).toEqual({ problems: ['"format" must be "spieval-study-return"'] })
    const uploads: SlotUploads = {
      format: 'spieval-study-uploads',
      version: 1,
      study: STUDY,
      slot: 's001',
      round: 1,
      expires: '2026-03-21T09:00:00.000Z',
      method: 'PUT',
      headers: { 'If-None-Match': '*' },
      claim: 'https://b.example/c',
      tasks: { 推理1: 'https://b.example/t1' },
      manifest: 'https://b.example/m',
    }
    expect(readSlotUploads(JSON.parse(JSON.stringify(uploads)))).toEqual({ uploads })
    expect(readSlotUploads({ ...uploads, round: 0, tasks: { 推理1: 'ftp://x' } })).toEqual({ problems: ['"round" must be a whole number of at least 1', '"tasks.推理1" must be a URL'] })
  })
})

/** A store in memory that keeps S3's rule for `If-None-Match: *` (or not), and counts the PUTs. */
function memoryStore(options: { writeOnce?: boolean; fail?: (url: string, attempt: number) => number | 'network' | undefined } = {}) {
  const objects = new Map<string, Uint8Array>()
  const tries = new Map<string, number>()
  const put: PutObject = async (url, body, headers) => {
    const n = (tries.get(url) ?? 0) + 1
    tries.set(url, n)
    const failure = options.fail?.(url, n)
    if (failure === 'network') throw new TypeError('fetch failed')
    if (failure !== undefined) return { status: failure }
    if (options.writeOnce !== false && headers['If-None-Match'] === '*' && objects.has(url)) return { status: 412 }
    objects.set(url, body)
    return { status: 200 }
  }
  return { objects, tries, put }
}

describe('putting an upload', () => {
  it('reads 2xx as stored, 412 as there already, retries 5xx, 429 and network failures, and stops at other answers', async () => {
    const store = memoryStore({ fail: (url, n) => (url === 'u:busy' && n < 3 ? 503 : url === 'u:net' && n === 1 ? 'network' : url === 'u:gone' ? 403 : undefined) })
    const body = new Uint8Array([1])
    const once = { 'If-None-Match': '*' }
    expect(await putUpload(store.put, 'u:a', body, once)).toBe('stored')
    expect(await putUpload(store.put, 'u:a', body, once)).toBe('exists')
    expect(await putUpload(store.put, 'u:busy', body, once)).toBe('stored')
    expect(store.tries.get('u:busy')).toBe(3)
    expect(await putUpload(store.put, 'u:net', body, once)).toBe('stored')
    const waits: number[] = []
    await expect(putUpload(store.put, 'u:gone', body, once, { wait: async (ms) => void waits.push(ms) })).rejects.toThrow(/answered 403 \(the upload URL may have expired/)
    expect(store.tries.get('u:gone')).toBe(1)
    const busy = memoryStore({ fail: () => 500 })
    await expect(putUpload(busy.put, 'u:x', body, once, { tries: 4, wait: async (ms) => void waits.push(ms) })).rejects.toBeInstanceOf(UploadRefused)
    expect(waits).toEqual([500, 1000, 2000])
  })
})

describe('claiming a slot and uploading', () => {
  async function served(slots: string[]): Promise<{ study: StudyReturn; identity: string; uploadsOf: (slot: string) => Promise<SlotUploads> }> {
    const key = await newCollectorKey()
    const study: StudyReturn = {
      format: 'spieval-study-return',
      version: 1,
      study: STUDY,
      setting: 'browse',
      recruiter: 'generic',
      params: RECRUITER_PARAMS.generic,
      completion: { code: 'DONE' },
      recipient: key.recipient,
      slots,
    }
    const uploadsOf = async (slot: string): Promise<SlotUploads> => ({
      format: 'spieval-study-uploads',
      version: 1,
      study: STUDY,
      slot,
      round: 1,
      expires: '2026-03-21T09:00:00.000Z',
      method: 'PUT',
      headers: { 'If-None-Match': '*' },
      claim: `https://b.example/${slot}/claim`,
      tasks: { t1: `https://b.example/${slot}/t1`, t2: `https://b.example/${slot}/t2` },
      manifest: `https://b.example/${slot}/manifest`,
    })
    return { study, identity: key.identity, uploadsOf }
  }

  it('gives each participant a slot of their own while there is one, the next free one on a collision', async () => {
    const { study, uploadsOf } = await served(['s001', 's002', 's003'])
    const store = memoryStore()
    const got: (string | undefined)[] = []
    for (const id of ['a', 'b', 'c', 'd']) got.push((await claimSlot({ study, participant: { id }, uploadsOf, put: store.put }))?.slot)
    expect(got.slice(0, 3).sort()).toEqual(['s001', 's002', 's003'])
    expect(got[3]).toBeUndefined()
    expect(got[0]).toBe(study.slots[participantSlot('a', STUDY, 3)])
    // Asked by name: that slot only.
    const fresh = memoryStore()
    expect((await claimSlot({ study, participant: { id: 'z' }, uploadsOf, put: fresh.put, slot: 's002' }))?.slot).toBe('s002')
    expect(await claimSlot({ study, participant: { id: 'y' }, uploadsOf, put: fresh.put, slot: 's002' })).toBeUndefined()
    expect(await claimSlot({ study, participant: { id: 'y' }, uploadsOf, put: fresh.put, slot: 'nope' })).toBeUndefined()
  })

  it('uploads encrypted attempts and a manifest of their hashes that the collector reads as one complete session', async () => {
    const { study, identity, uploadsOf } = await served(['s001'])
    const store = memoryStore()
    const claimed = await claimSlot({ study, participant, uploadsOf, put: store.put, now: () => new Date('2026-03-14T09:00:00Z') })
    if (!claimed) throw new Error('no slot')
    const uploader = new StudyUploader({ study, uploads: claimed.uploads, participant, put: store.put, now: () => new Date('2026-03-14T10:00:00Z') })
    expect(await uploader.sendAttempt('t1', 'a'.repeat(64), { id: 't1', calls: [] })).toBe('stored')
    // Sent again (the answer was lost): already there, and counted once.
    expect(await uploader.sendAttempt('t1', 'a'.repeat(64), { id: 't1', calls: [] })).toBe('exists')
    await expect(uploader.sendAttempt('t9', 'a'.repeat(64), {})).rejects.toThrow(/not one of slot s001's/)
    expect(await uploader.close()).toBe('stored')
    expect(uploader.completion()).toEqual({ code: 'DONE' })
    // The collector's side: decrypt, read, hash.
    const received: ReceivedUpload[] = []
    const names = { claim: 'claim', t1: 'attempt', manifest: 'manifest' } as const
    for (const [url, body] of store.objects) {
      const file = url.split('/').at(-1) as keyof typeof names
      const text = await decryptUpload(body, identity)
      const read = readUpload(text, { kind: names[file], slot: 's001', round: 1, study: STUDY })
      if ('problems' in read) throw new Error(read.problems.join('; '))
      received.push({ object: { key: url, slot: 's001', round: 1, kind: names[file] }, upload: read.upload, text, sha256: textSha256(text) })
    }
    const { sessions, open, reopen } = returnSessions({ slots: { s001: ['t1', 't2'] }, received })
    expect(sessions).toEqual([
      { slot: 's001', round: 1, status: 'complete', participants: [participant], claimedAt: '2026-03-14T09:00:00.000Z', closedAt: '2026-03-14T10:00:00.000Z', assigned: 2, uploaded: ['t1'], notes: ['1 of 2 tasks not uploaded'] },
    ])
    expect({ open, reopen }).toEqual({ open: [], reopen: [] })
  })
})

describe("the collector's sessions", () => {
  const text = (u: StudyUpload) => uploadText(u)
  const got = (u: StudyUpload, position?: number): ReceivedUpload => ({
    object: { key: `${u.slot}/${u.kind}${position ?? ''}`, slot: u.slot, round: u.round, kind: u.kind, ...(position ? { position } : {}) },
    upload: u,
    text: text(u),
    sha256: textSha256(text(u)),
  })
  const at = '2026-03-14T09:00:00.000Z'
  const p = (slot: string, round = 1, who: UploadParticipant = participant) => ({ study: STUDY, slot, round, participant: who })

  it('tell complete, incomplete and conflicting sessions apart, and which slots are open or to reopen', () => {
    const a1 = attemptUpload(p('s1'), 't1', 'a'.repeat(64), { id: 't1' })
    const b1 = attemptUpload(p('s2'), 't3', 'a'.repeat(64), { id: 't3' })
    const c1 = attemptUpload(p('s3'), 't5', 'a'.repeat(64), { id: 't5' })
    const intruder = { id: 'PID2', session: 'S2' }
    const c2 = attemptUpload(p('s3', 1, intruder), 't6', 'a'.repeat(64), { id: 't6' })
    const d2 = attemptUpload(p('s4', 2), 't7', 'a'.repeat(64), { id: 't7' })
    const received = [
      got(claimUpload(p('s1'), at)),
      got(a1, 1),
      got(manifestUpload(p('s1'), at, { t1: textSha256(text(a1)) })),
      got(claimUpload(p('s2'), at)),
      got(b1, 1),
      got(c1, 1),
      got(c2, 2),
      got(manifestUpload(p('s3'), at, { t5: textSha256(text(c1)), t6: 'f'.repeat(64) })),
      got(claimUpload(p('s4'), at)),
      got(claimUpload(p('s4', 2), at)),
      got(d2, 1),
      got(manifestUpload(p('s4', 2), at, { t7: textSha256(text(d2)) })),
    ]
    const slots = { s1: ['t1'], s2: ['t3', 't4'], s3: ['t5', 't6'], s4: ['t7'], s5: ['t8'] }
    const { sessions, open, reopen } = returnSessions({ slots, rounds: { s4: 2 }, received })
    expect(sessions.map((s) => [s.slot, s.round, s.status, s.uploaded.length])).toEqual([
      ['s1', 1, 'complete', 1],
      ['s2', 1, 'incomplete', 1],
      ['s3', 1, 'conflict', 2],
      ['s4', 1, 'incomplete', 0],
      ['s4', 2, 'complete', 1],
    ])
    expect(sessions[2]?.notes).toEqual([
      'uploads by 2 participants (PID1, PID2): the store let a second one write the slot',
      'task "t6"\'s attempt is not the one the manifest lists (another SHA-256)',
    ])
    expect(sessions[1]?.notes).toEqual(['no closing manifest yet', '1 of 2 tasks not uploaded'])
    expect(open).toEqual(['s5'])
    expect(reopen).toEqual(['s2', 's3'])
  })
})
