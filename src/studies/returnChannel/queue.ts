/**
 * Which of a slot's tasks still have an attempt to send, and when the slot
 * may close: decided from the finished attempts as stored, so that a reload
 * or a closed tab finds the same answer.
 */
export interface StoredAttempt {
  id: string
  taskId: string
  actor: string
  started: number
  finished: boolean
  run?: unknown
}

/**
 * The attempt to send for each of the slot's tasks not sent yet: the
 * participant's first finished attempt at it (an upload is written once, so
 * the first stays the one sent, whatever came after), in the slot's order.
 */
export function pendingUploads(attempts: readonly StoredAttempt[], slotTasks: readonly string[], sent: Readonly<Record<string, string>>, actor: string): { task: string; attemptId: string }[] {
  const first = new Map<string, StoredAttempt>()
  for (const a of attempts) {
    if (!a.finished || a.run !== undefined || a.actor !== actor) continue
    const held = first.get(a.taskId)
    if (!held || a.started < held.started) first.set(a.taskId, a)
  }
  const out: { task: string; attemptId: string }[] = []
  for (const task of slotTasks) {
    const attempt = first.get(task)
    if (attempt && !Object.hasOwn(sent, task)) out.push({ task, attemptId: attempt.id })
  }
  return out
}

/** Every task of the slot has its attempt stored: the closing manifest may go. */
export const readyToClose = (slotTasks: readonly string[], sent: Readonly<Record<string, string>>): boolean =>
  slotTasks.length > 0 && slotTasks.every((task) => Object.hasOwn(sent, task))
