import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const ROOT = join(import.meta.dirname, '..', '..')
const CLI_DIR = join(ROOT, 'cli')
/**
 * Under node_modules, so that the bundles' bare imports resolve to the project's packages. Each test runner bundles
 * into a folder of its own: `npm test` starts both at once, and one runner's set-up replaces its folder while the
 * other's tests may be starting commands.
 */
const BUNDLE_ROOT = join(ROOT, 'node_modules', '.cache')
/** Where the runner's global set-up put the bundles; its workers inherit the variable. */
const BUNDLE_DIR_VARIABLE = 'SPIEVAL_CLI_BUNDLE_DIR'

/** The folder of the bundles the running tests start. */
export function cliBundleDir(): string {
  return process.env[BUNDLE_DIR_VARIABLE] ?? join(BUNDLE_ROOT, 'spieval-cli')
}

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
  await bundleCommands('spieval-cli')
}

/** Bundles the commands into the folder `name` (replacing what it held) and tells the runner's workers where it is. */
export async function bundleCommands(name: string): Promise<void> {
  const folder = join(BUNDLE_ROOT, name)
  const staging = `${folder}.${process.pid}`
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
  rmSync(folder, { recursive: true, force: true })
  renameSync(staging, folder)
  process.env[BUNDLE_DIR_VARIABLE] = folder
}
