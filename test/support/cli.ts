import { basename, join } from 'node:path'
import { cliBundleDir } from './cliBundle'

/**
 * The node arguments that run a command of cli/ (`cli/score.ts`, or its full path), from its bundle made by
 * the global set-up (see cliBundle.ts): `spawn(process.execPath, [...cliArgs('cli/score.ts'), ...flags])`.
 */
export function cliArgs(script: string): string[] {
  return [join(cliBundleDir(), basename(script).replace(/\.ts$/, '.mjs'))]
}

/** The same command as `npm run` starts it, through tsx. */
export function tsxArgs(script: string, root: string): string[] {
  return ['--import', 'tsx', join(root, 'cli', basename(script))]
}
