/**
 * One tab leads an attempt (Web Locks): only the leader records calls. A tab
 * that opens an attempt another tab leads waits in line and takes over when
 * that tab closes or moves on, re-reading the attempt first.
 */

interface Held {
  attemptId: string
  /** Ends the hold, or leaves the queue. */
  release: () => void
}

let held: Held | undefined

/**
 * Takes the lead on an attempt. `onLead(true)` when this tab leads (at once, or
 * later when the leader lets go), `onLead(false)` when another tab leads now.
 * Without Web Locks (old browsers, some test runners) every tab leads.
 */
export function leadAttempt(attemptId: string, onLead: (leading: boolean) => void): void {
  if (held?.attemptId === attemptId) return
  releaseAttempt()
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) {
    onLead(true)
    return
  }
  const name = `spieval-attempt-${attemptId}`
  const abort = new AbortController()
  let endHold: () => void = () => undefined
  const hold = () => new Promise<void>((resolve) => (endHold = resolve))
  held = {
    attemptId,
    release: () => {
      abort.abort()
      endHold()
    },
  }
  const mine = held
  void locks
    .request(name, { ifAvailable: true }, async (lock) => {
      if (lock) {
        onLead(true)
        return hold()
      }
      onLead(false)
      // Queue for the lock; granted when the leading tab closes or opens another attempt.
      void locks
        .request(name, { signal: abort.signal }, async () => {
          if (held !== mine) return
          onLead(true)
          return hold()
        })
        .catch(() => undefined) // aborted: this tab moved on
    })
    .catch(() => onLead(true))
}

/** Lets go of the current attempt (another task opened, or the page closes). */
export function releaseAttempt(): void {
  held?.release()
  held = undefined
}
