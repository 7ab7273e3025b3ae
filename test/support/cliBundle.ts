import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const ROOT = join(import.meta.dirname, '..', '..')
const CLI_DIR = join(ROOT, 'cli')
/** Under node_modules, so that the bundles' bare imports resolve to the project's packages. */
export const CLI_BUNDLE_DIR = join(ROOT, 'node_modules', '.cache', 'spieval-cli')

/** The files of cli/ that `npm run` runs: each has a `tsx cli/<name>.ts` script in package.json. */
export function cliEntries(): string[] {
  const scripts = Object.values((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)
  return readdirSync(CLI_DIR).filter((name) => name.endsWith('.ts') && scripts.some((s) => s.includes(`tsx cli/${name}`)))
}

/**
 * Vitest's global set-up: bundles each command once per test run. A command started through tsx spends about
 * 0.6 s of CPU compiling and resolving cli/ and core before it does anything; its bundle starts in 0.2 s, and the
 * unit tests start about 130 commands. What a bundle runs is the same source, compiled by the same esbuild tsx
 * uses; test/cli-bundle.test.ts holds that each command answers the same through tsx, as `npm run` starts it.
 */
export default async function setup(): Promise<void> {
  const staging = `${CLI_BUNDLE_DIR}.${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  await build({
    entryPoints: cliEntries().map((name) => join(CLI_DIR, name)),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The commands find the published files beside cli/; a bundle elsewhere must look where the source is.
    define: { 'import.meta.dirname': JSON.stringify(CLI_DIR) },
    logLevel: 'warning',
  })
  rmSync(CLI_BUNDLE_DIR, { recursive: true, force: true })
  renameSync(staging, CLI_BUNDLE_DIR)
}
