/** Runs `work` over the items with at most `workers` in flight; resolves when all have settled. */
export async function runPool<T>(items: readonly T[], workers: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  // Each worker takes the next item when it is free: a slow episode does not hold up the others.
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      await work(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, worker))
}
