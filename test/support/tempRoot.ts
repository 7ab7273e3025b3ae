import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The global set-up of both test runners (Vitest's and Playwright's): every temporary folder of the run goes into
 * one folder, removed when the run ends. Tests make folders with mkdtemp in os.tmpdir(), and so do the commands
 * they start and the browsers; left where they were, a clean clone's `npm test` left about 80 behind in /tmp. os.tmpdir()
 * reads TMPDIR, which the runners' workers, and what they start, take from here.
 */
export default function useRunTempDir(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'spieval-tests-'))
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
