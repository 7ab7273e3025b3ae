// Makes sure Debian's Chromium headless shell (and CJK fonts) are there for the end-to-end tests.
// Playwright's own browser download cannot work on these machines, so we use Debian's package (playwright.config.ts).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell'
const PACKAGES = ['chromium-headless-shell', 'fonts-noto-cjk']

const installed = (pkg) => spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed')
const missing = PACKAGES.filter((pkg) => !installed(pkg))
const chromiumMissing = !existsSync(CHROMIUM)

if (!chromiumMissing && missing.length === 0) process.exit(0)
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (!isRoot) {
  if (chromiumMissing) {
    console.error(`Chromium is not at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}\n(or set CHROMIUM_PATH to a Chromium binary).`)
    process.exit(1)
  }
  console.warn(`Note: ${missing.join(', ')} not installed; Chinese text may not render. sudo apt-get install -y ${missing.join(' ')}`)
  process.exit(0)
}
console.log(`Installing ${PACKAGES.join(', ')} with apt-get (once)…`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
execFileSync('apt-get', ['update'], { stdio: 'inherit', env })
execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], { stdio: 'inherit', env })
