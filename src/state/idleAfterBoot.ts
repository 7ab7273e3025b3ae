import { whenReady } from './boot'

/**
 * Runs `task` once the first boot has drawn its task and the page is next idle. Code fetched ahead of need (the
 * search engines, the review's body) is kept out of the boot: fetched while it ran, it landed in the boot's waits
 * for IndexedDB or in its render, and the page drew its task later (bench/RESULTS.md, "The boot, without what it
 * does not need").
 */
export function whenIdleAfterBoot(task: () => void): void {
  void whenReady().then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5000 })
    else setTimeout(task, 2000)
  })
}
