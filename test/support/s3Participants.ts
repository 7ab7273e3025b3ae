/**
 * Simulated participants of a study that comes back by itself (issue #30):
 * each claims a slot and uploads through the core uploader (the page's code),
 * with Node's fetch as the page's; each attempt is made by the attempt kernel
 * on the slot's sealed share, with the calls the oracle makes on the
 * unsealed task (or fewer, for a wrong answer), and written as a
 * participant's export writes it (archiveResponseLine).
 */
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Attempt, MemorySink, loadDataset, solveWithOracle } from '../../src/core/index'
import type { Dataset } from '../../src/core/index'
import { archiveResponseLine } from '../../src/core/archive/index'
import { datasetFingerprints } from '../../src/core/seal'
import type { ArchivedAttempt } from '../../src/core/archive/index'
import { StudyUploader, claimSlot, readSlotUploads, readStudyReturn } from '../../src/core/study'
import type { PutObject, SlotUploads, StudyReturn, UploadParticipant } from '../../src/core/study'
import { ROOT } from '../fixtures'
import { ownCopyFiles } from '../ownCopy'
import { cliArgs } from './cli'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json', 'sealed.json'] as const

/** A data set folder's files by name (those present). */
export function readFolderFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of NAMES) {
    try {
      files[name] = readFileSync(join(folder, name), 'utf8')
    } catch {
      // absent
    }
  }
  return files
}

/**
 * A data set of one's own (reworded, see ownCopy.ts) with the first `count`
 * tasks of a bundled sample and their records, written to a new folder.
 */
export function writeSmallOwnCopy(sample: string, count: number): string {
  const files = ownCopyFiles(sample)
  const lines = (files['input_data.jsonl'] ?? '').split('\n').filter((l) => l.trim() !== '').slice(0, count)
  const ids = lines.map((l) => (JSON.parse(l) as { id: string }).id)
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, unknown>
  const out = mkdtempSync(join(tmpdir(), 'small-own-'))
  writeFileSync(join(out, 'input_data.jsonl'), lines.join('\n') + '\n')
  writeFileSync(join(out, 'records_db.json'), JSON.stringify(Object.fromEntries(ids.map((id) => [id, records[id] ?? {}]))))
  writeFileSync(join(out, 'tools.json'), files['tools.json'] ?? '[]')
  writeFileSync(join(out, 'profile.json'), files['profile.json'] ?? '{}')
  return out
}

/** Node's fetch as the page's uploader calls it. */
export const nodePut: PutObject = async (url, body, headers) => {
  const answer = await fetch(url, { method: 'PUT', body, headers: { ...headers } })
  await answer.arrayBuffer()
  return { status: answer.status }
}

/** The execution calls the oracle makes on each task of the unsealed data set, once per task. */
export class OracleScript {
  private readonly calls = new Map<string, { name: string; arguments: unknown }[]>()
  constructor(private readonly dataset: Dataset) {}

  async of(taskId: string): Promise<{ name: string; arguments: unknown }[]> {
    let calls = this.calls.get(taskId)
    if (!calls) {
      const { steps } = await solveWithOracle(this.dataset, taskId, { setting: 'full' })
      calls = steps.filter((s) => s.kind === 'execution' && s.ok).map((s) => ({ name: s.name, arguments: s.arguments }))
      this.calls.set(taskId, calls)
    }
    return calls
  }
}

/**
 * One finished attempt on a sealed share, as the participant's page makes it
 * (the kernel, `ui` calls, submitted without a verdict), and its line as
 * their export writes it.
 */
export async function shareAttemptLine(
  share: Dataset,
  taskId: string,
  calls: readonly { name: string; arguments: unknown }[],
  init: { id: string; actor: string; started: number },
): Promise<{ line: Record<string, unknown>; attempt: ArchivedAttempt }> {
  const task = share.tasks.find((t) => t.id === taskId)
  if (!task) throw new Error(`the share has no task ${taskId}`)
  const kernel = await Attempt.open({
    task,
    tools: share.tools,
    records: share.records[taskId] ?? {},
    profile: share.profile,
    sealed: true,
    setting: 'browse',
    actor: init.actor,
    sink: new MemorySink(),
  })
  for (const c of calls) await kernel.call(c.name, c.arguments, 'ui')
  await kernel.finish()
  const steps = kernel.trajectory().map(({ data: _data, ...s }) => ({ ...s, at: init.started + (s.seq + 1) * 1000 }))
  const ended = init.started + (steps.length + 2) * 1000
  const attempt: ArchivedAttempt = { id: init.id, taskId, access: 'browse', actor: init.actor, started: init.started, elapsedMs: ended - init.started - 500, finished: true, ended, steps }
  return { line: archiveResponseLine(attempt, 0, task.instruction), attempt }
}

/** The served study of OUT/serve/, read as the page reads it. */
export function servedStudy(serve: string): { study: StudyReturn; uploadsOf: (slot: string) => Promise<SlotUploads>; share: (slot: string) => Dataset } {
  const read = readStudyReturn(JSON.parse(readFileSync(join(serve, 'study.json'), 'utf8')))
  if ('problems' in read) throw new Error(read.problems.join('; '))
  return {
    study: read.study,
    uploadsOf: async (slot) => {
      const uploads = readSlotUploads(JSON.parse(readFileSync(join(serve, 'uploads', `${slot}.json`), 'utf8')))
      if ('problems' in uploads) throw new Error(uploads.problems.join('; '))
      return uploads.uploads
    },
    share: (slot) => loadDataset(readFolderFiles(join(serve, 'shares', slot))).dataset,
  }
}

export interface Participation {
  participant: UploadParticipant
  slot: string
  /** The attempts uploaded, as the participant's export would hold them. */
  attempts: ArchivedAttempt[]
  lines: Record<string, unknown>[]
  closed: boolean
}

/**
 * One participant, start to end: claims a slot, solves the share's tasks
 * (`wrong(taskId)`: submit one call fewer than the oracle), uploads each,
 * then closes unless `stopAfter` tasks end the session early.
 */
export async function participate(input: {
  serve: ReturnType<typeof servedStudy>
  participant: UploadParticipant
  oracle: OracleScript
  started: number
  wrong?: (taskId: string) => boolean
  stopAfter?: number
  slot?: string
}): Promise<Participation | undefined> {
  const { serve, participant } = input
  const claimed = await claimSlot({ study: serve.study, participant, uploadsOf: serve.uploadsOf, put: nodePut, ...(input.slot ? { slot: input.slot } : {}) })
  if (!claimed) return undefined
  const share = serve.share(claimed.slot)
  const uploader = new StudyUploader({ study: serve.study, uploads: claimed.uploads, participant, put: nodePut })
  const attempts: ArchivedAttempt[] = []
  const lines: Record<string, unknown>[] = []
  const fingerprints = await datasetFingerprints(share)
  let n = 0
  for (const task of share.tasks) {
    if (input.stopAfter !== undefined && n >= input.stopAfter) break
    const calls = await input.oracle.of(task.id)
    const given = input.wrong?.(task.id) ? calls.slice(0, -1) : calls
    const made = await shareAttemptLine(share, task.id, given, { id: `${participant.id}-${task.id}`, actor: participant.id, started: input.started + n * 600_000 })
    await uploader.sendAttempt(task.id, fingerprints[task.id] ?? '', made.line)
    attempts.push(made.attempt)
    lines.push(made.line)
    n++
  }
  const closed = input.stopAfter === undefined
  if (closed) await uploader.close()
  return { participant, slot: claimed.slot, attempts, lines, closed }
}

/** Runs a command of cli/ (its bundle), with the store's credentials and no others from this environment. */
export function runCli(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_')))
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...base, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
  })
}
