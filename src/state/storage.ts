import { create } from 'zustand'

interface StorageState {
  /** A write that failed: `quota` when the disk is full. Cleared by the next write that succeeds. */
  problem?: { kind: 'quota' | 'other'; message: string }
  /** Whether the browser granted persistent storage (null: not asked, or not supported). */
  persisted: boolean | null
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
  useStorage.setState({ problem: { kind: isQuotaError(err) ? 'quota' : 'other', message: error.message } })
  return error
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
