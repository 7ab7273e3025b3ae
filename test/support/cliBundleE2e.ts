import { bundleCommands } from './cliBundle'

/**
 * Playwright's global set-up: the end-to-end tests that start commands of cli/ (study-return.spec.ts) start bundles
 * of their own, made here. They used Vitest's, which exist only when the unit tests have started first.
 */
export default async function setup(): Promise<void> {
  await bundleCommands('spieval-cli-e2e')
}
