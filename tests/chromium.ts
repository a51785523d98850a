import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

// We use the system's Chromium (Debian package): Playwright's own browser download is not
// possible on these machines. Debian's headless shell first: the tests run headless, and the shell
// starts faster and draws with less CPU than the full browser (docs/decisions/123).
const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`)
    return fromEnv
  }
  const found = CANDIDATES.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with `apt-get install -y chromium-headless-shell` ' +
        '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    )
  }
  return found
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }
}
