import { create } from 'zustand'
import { DatabaseSupersededError, watchDatabase } from '../db'
import { releaseAllLeads } from './attemptLock'

interface StorageState {
  /** A write that failed: `quota` when the disk is full. Cleared by the next write that succeeds. */
  problem?: { kind: 'quota' | 'superseded' | 'other'; message: string }
  /** Whether the browser granted persistent storage (null: not asked, or not supported). */
  persisted: boolean | null
  /**
   * The database connection, when it is not simply open: `upgraded`, another
   * tab upgraded it and this page must be reloaded; `blocked`, this page waits
   * for older tabs to let go of it.
   */
  connection?: 'upgraded' | 'blocked'
}

export const useStorage = create<StorageState>()(() => ({ persisted: null }))

function isQuotaError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { inner?: unknown }).inner) {
    const name = (e as { name?: unknown }).name
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true
  }
  return false
}

/** Shows a failed write to the person and gives back an Error to throw (the change was not made). */
export function reportStorageError(err: unknown): Error {
  const error = err instanceof Error ? err : new Error(String(err))
  const kind = isQuotaError(err) ? 'quota' : err instanceof DatabaseSupersededError ? 'superseded' : 'other'
  useStorage.setState({ problem: { kind, message: error.message } })
  return error
}

/**
 * Puts the database's own reports on the page: a failed write raises the
 * storage alert whatever its caller does next, and an upgrade by another tab
 * or a blocked upgrade says what to do. Once per page (main.tsx).
 */
export function watchStorage(): () => void {
  return watchDatabase((event) => {
    switch (event.type) {
      case 'write-failed':
        reportStorageError(event.error)
        break
      case 'upgraded':
        useStorage.setState({ connection: 'upgraded' })
        // This tab can no longer write: the tab that upgraded leads the attempt at once rather than waiting for a reload here.
        releaseAllLeads()
        break
      case 'blocked':
        if (useStorage.getState().connection !== 'upgraded') useStorage.setState({ connection: 'blocked' })
        break
      case 'open':
        if (useStorage.getState().connection === 'blocked') useStorage.setState({ connection: undefined })
        break
    }
  })
}

export function clearStorageError(): void {
  if (useStorage.getState().problem) useStorage.setState({ problem: undefined })
}

/**
 * Asks the browser to keep this site's data under storage pressure, so that
 * attempts are not evicted. Browsers may grant it silently or not at all.
 */
export async function requestPersistence(): Promise<void> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  if (!storage?.persist) return
  try {
    const persisted = (await storage.persisted()) || (await storage.persist())
    useStorage.setState({ persisted })
  } catch {
    useStorage.setState({ persisted: false })
  }
}
