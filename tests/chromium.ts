import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

// We use the system's Chromium (Debian packages): Playwright's own browser download is not
// possible on these machines. Debian's headless shell first: the tests run headless, and the
// shell takes about 40 % less CPU than the full browser (docs/decisions/123). It shows no
// notifications, so the push journeys ask for the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function findChromium({ full = false }: { full?: boolean } = {}): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`)
    return fromEnv
  }
  const candidates = full ? FULL_BROWSERS : [HEADLESS_SHELL, ...FULL_BROWSERS]
  const found = candidates.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with ' +
        '`apt-get install -y chromium chromium-headless-shell` (Debian/Ubuntu) or set ' +
        'CHROMIUM_PATH to a Chromium or Chrome binary.',
    )
  }
  return found
}

/** How the tests start Chromium; `full` for journeys the headless shell cannot make (push). */
export function chromiumLaunchOptions(options: { full?: boolean } = {}): LaunchOptions {
  return {
    executablePath: findChromium(options),
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
