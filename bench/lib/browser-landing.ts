// One cold load of the landing page: its Web Vitals and the scripts it fetched, with each script's
// gzipped size taken from the built files (what a compressing proxy or CDN would send).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { openThrottledPage, type Throttling } from './browser'
import { installVitalsObserver, readVitals, type Vitals } from './browser-vitals'

export interface LoadedScript {
  /** Path under the site root, e.g. /assets/index-abc.js */
  path: string
  gzipBytes: number
  /** Content-Encoding the server answered with ('' when sent uncompressed). */
  encoding: string
  /** The built file's text, to look for code that should not be on this page. */
  source: string
}

export interface LandingLoad {
  vitals: Vitals
  scripts: LoadedScript[]
}

// LCP is final once the page stops changing; the stats figures arrive after the first paint.
const SETTLE_MS = 1_000

export async function loadLandingPage(
  browser: Browser,
  baseUrl: string,
  distDir: string,
  throttling: Throttling,
): Promise<LandingLoad> {
  const { page } = await openThrottledPage(browser, throttling)
  try {
    const encodings = new Map<string, string>()
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? '')
    })
    await installVitalsObserver(page)
    await page.goto(baseUrl, { waitUntil: 'networkidle', timeout: 60_000 })
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForTimeout(SETTLE_MS)
    const vitals = await readVitals(page)
    const scripts = [...encodings].map(([scriptPath, encoding]) => ({
      ...readBuiltScript(distDir, scriptPath),
      encoding,
    }))
    return { vitals, scripts }
  } finally {
    await page.context().close()
  }
}

function readBuiltScript(distDir: string, scriptPath: string): Omit<LoadedScript, 'encoding'> {
  const source = readFileSync(path.join(distDir, 'client', scriptPath))
  return { path: scriptPath, gzipBytes: gzipSync(source).length, source: source.toString('utf8') }
}
