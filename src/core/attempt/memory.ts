import type { TrajectoryStep } from '../tools/steps'
import type { AttemptEnd, AttemptInfo, AttemptSink, AttemptStart, GoldReceipt, LeadLock, StoredAttempt, StoredTurns } from './types'

/** Steps are JSON by the kernel's rule (arguments JSON cannot carry are refused), so a JSON copy is exact. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

interface Kept {
  attempt: AttemptInfo
  steps: TrajectoryStep[]
  turns?: StoredTurns
}

/**
 * A sink in memory: Node hosts (the MCP server, `npm run agent`) and the
 * kernel's tests. `fail` makes the next writes reject, as a full disk would.
 * With `limit`, at most that many attempts are kept: the one used longest ago
 * is let go first (a long-lived server would otherwise grow without end).
 */
export class MemorySink implements AttemptSink {
  private readonly kept = new Map<string, Kept>()
  /** Receipts of gold, by actor and task (the first of each pair). */
  private readonly gold = new Map<string, GoldReceipt>()
  /** While set, every write rejects with this error. */
  fail: Error | undefined

  constructor(private readonly options: { limit?: number } = {}) {}

  create(start: AttemptStart): Promise<void> {
    return this.write(() => {
      this.kept.set(start.attempt.id, { attempt: { ...start.attempt }, steps: start.inherited.map((s) => ({ ...s })) })
      const limit = Math.max(1, this.options.limit ?? Infinity)
      for (const id of this.kept.keys()) {
        if (this.kept.size <= limit) break
        this.kept.delete(id)
      }
    })
  }

  read(attemptId: string): Promise<StoredAttempt | undefined> {
    const kept = this.kept.get(attemptId)
    if (!kept) return Promise.resolve(undefined)
    this.touch(attemptId, kept)
    return Promise.resolve(copy({ attempt: kept.attempt, steps: kept.steps, ...(kept.turns ? { turns: kept.turns } : {}) }))
  }

  writeStep(attemptId: string, step: TrajectoryStep): Promise<void> {
    return this.write(() => {
      const kept = this.must(attemptId)
      if (step.seq > kept.steps.length) throw new Error(`step ${step.seq} would skip ${kept.steps.length}`)
      const { data: _data, ...stored } = step
      kept.steps[step.seq] = { ...stored }
      kept.attempt.callCount = Math.max(kept.attempt.callCount ?? 0, step.seq + 1)
    })
  }

  writeTurns(attemptId: string, turns: StoredTurns): Promise<void> {
    return this.write(() => void (this.must(attemptId).turns = copy(turns)))
  }

  dropSteps(attemptId: string, from: number): Promise<void> {
    return this.write(() => {
      const kept = this.must(attemptId)
      kept.steps.length = Math.min(kept.steps.length, from)
      kept.attempt.callCount = kept.steps.length
    })
  }

  finish(attemptId: string, end: AttemptEnd): Promise<void> {
    return this.write(() => {
      const kept = this.must(attemptId)
      Object.assign(kept.attempt, { finished: true, ended: Date.now(), verdict: end.verdict, callCount: end.callCount }, end.verdictFingerprint ? { verdictFingerprint: end.verdictFingerprint } : {})
    })
  }

  recordGold(receipt: GoldReceipt): Promise<void> {
    return this.write(() => {
      const key = goldKey(receipt.actor, receipt.taskId)
      if (!this.gold.has(key)) this.gold.set(key, { ...receipt })
    })
  }

  goldReceived(actor: string, taskId: string): Promise<boolean> {
    return Promise.resolve(this.gold.has(goldKey(actor, taskId)))
  }

  /** The receipts of gold kept, first received first. */
  goldReceipts(): GoldReceipt[] {
    return [...this.gold.values()].map((r) => ({ ...r }))
  }

  /** The ids of the attempts kept, the one used longest ago first. */
  ids(): string[] {
    return [...this.kept.keys()]
  }

  private must(attemptId: string): Kept {
    const kept = this.kept.get(attemptId)
    if (!kept) throw new Error(`Attempt ${attemptId} is not stored`)
    this.touch(attemptId, kept)
    return kept
  }

  /** Moves an attempt to the end of the map's order: the last to be let go. */
  private touch(attemptId: string, kept: Kept): void {
    this.kept.delete(attemptId)
    this.kept.set(attemptId, kept)
  }

  private write(change: () => void): Promise<void> {
    if (this.fail) return Promise.reject(this.fail)
    try {
      change()
      return Promise.resolve()
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)))
    }
  }
}

const goldKey = (actor: string, taskId: string) => JSON.stringify([actor, taskId])

/**
 * Leadership in one process, as Web Locks give it between tabs: the first
 * holder of a key leads, the others wait in order and lead when it lets go.
 */
export class MemoryLeadLock implements LeadLock {
  private readonly queues = new Map<string, { onChange: (leading: boolean) => void }[]>()

  lead(key: string, onChange: (leading: boolean) => void): () => void {
    const queue = this.queues.get(key) ?? []
    this.queues.set(key, queue)
    const holder = { onChange }
    queue.push(holder)
    onChange(queue[0] === holder)
    return () => {
      const at = queue.indexOf(holder)
      if (at < 0) return
      queue.splice(at, 1)
      if (at === 0) queue[0]?.onChange(true)
    }
  }
}
