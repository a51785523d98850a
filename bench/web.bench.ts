// `npm run bench -- web`: the landing page and a wizard pick in Debian's Chromium against the
// built app (`npm run build` first; BENCH_DIST_DIR points at another build). Medians of several
// cold loads; see bench/README.md § web for the method and the figures.
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { CPU_6X, launchChromium, median, MOBILE_SLOW, NO_THROTTLING } from './lib/browser'
import { loadLandingPage, type LandingLoad } from './lib/browser-landing'
import { startBuiltServer } from './lib/browser-server'
import { pickThroughRoundOfSixteen } from './lib/browser-wizard'
import type { BenchContext, BenchOutput, BenchResult, Benchmark } from './lib/types'

const KIB = 1024
const TARGETS = {
  lcpMs: 1_000,
  slowLcpMs: 2_500,
  cls: 0.05,
  initialJsKib: 170,
  pickInpMs: 100,
}

// Strings that only the admin area and the wizard contain (a translation key and a test id):
// finding one in a landing script means that code was bundled into the first load.
const LAZY_CODE_MARKERS = { admin: 'admin.nav.wallets', wizard: 'bracket-wizard' }

async function run({ quick, log }: BenchContext): Promise<BenchOutput> {
  const distDir = path.resolve(process.env.BENCH_DIST_DIR ?? 'dist')
  const server = await startBuiltServer(distDir)
  const browser = await launchChromium()
  try {
    const runs = quick ? 2 : 5
    log(`landing page: ${runs} cold loads unthrottled, ${runs} with 4× CPU + slow 4G`)
    const fast = await repeat(runs, () =>
      loadLandingPage(browser, server.url, distDir, NO_THROTTLING),
    )
    const slow = await repeat(runs, () =>
      loadLandingPage(browser, server.url, distDir, MOBILE_SLOW),
    )
    log(`wizard: ${quick ? 1 : 3} fans pick the round of 16 with 6× CPU`)
    const picks = await measurePicks(browser, server.url, quick ? 1 : 3)
    return report(fast, slow, picks)
  } finally {
    await browser.close()
    await server.stop()
  }
}

async function repeat<T>(times: number, once: () => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let i = 0; i < times; i += 1) results.push(await once())
  return results
}

async function measurePicks(browser: Browser, url: string, fans: number) {
  const stamp = Date.now().toString(36)
  const runs = await repeat(fans, async () =>
    pickThroughRoundOfSixteen(
      browser,
      url,
      CPU_6X,
      `${stamp}${Math.random().toString(36).slice(2, 8)}`,
    ),
  )
  return {
    pickInpMs: runs.flatMap((run) => run.pickInpMs),
    scriptPaths: runs[0]?.scriptPaths ?? [],
  }
}

function report(
  fast: LandingLoad[],
  slow: LandingLoad[],
  { pickInpMs, scriptPaths }: { pickInpMs: number[]; scriptPaths: string[] },
): BenchOutput {
  const first = fast[0]!
  const initialJsKib = first.scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / KIB
  const lazyCodeOnLanding = Object.entries(LAZY_CODE_MARKERS)
    .filter(([, marker]) => first.scripts.some((script) => script.source.includes(marker)))
    .map(([area]) => area)
  const lcp = median(fast.map((load) => load.vitals.lcpMs))
  const slowLcp = median(slow.map((load) => load.vitals.lcpMs))
  const cls = Math.max(...[...fast, ...slow].map((load) => load.vitals.cls))
  const pickInp = median(pickInpMs)
  const worstPick = Math.max(...pickInpMs)
  const landingPaths = new Set(first.scripts.map((script) => script.path))
  const loadedForWizard = scriptPaths.filter((scriptPath) => !landingPaths.has(scriptPath))

  const table = [
    ...first.scripts.map((script) => ({
      measure: `landing script ${script.path}`,
      value: `${(script.gzipBytes / KIB).toFixed(1)} KiB gzip, sent ${script.encoding || 'uncompressed'}`,
    })),
    {
      measure: 'LCP runs, unthrottled (ms)',
      value: fast.map((l) => Math.round(l.vitals.lcpMs)).join(' '),
    },
    {
      measure: 'LCP runs, 4× CPU + slow 4G (ms)',
      value: slow.map((l) => Math.round(l.vitals.lcpMs)).join(' '),
    },
    { measure: 'LCP element', value: first.vitals.lcpElement },
    { measure: 'scripts fetched only to open the wizard', value: loadedForWizard.join(' ') },
    { measure: 'wizard pick INP, each (ms)', value: pickInpMs.join(' ') },
  ]
  const results: BenchResult[] = [
    result('web-landing-lcp', lcp, 'ms', lcp < TARGETS.lcpMs, '< 1 s'),
    result(
      'web-landing-lcp-slow',
      slowLcp,
      'ms',
      slowLcp < TARGETS.slowLcpMs,
      '< 2.5 s (4× CPU, slow 4G)',
    ),
    result('web-landing-cls', cls, '', cls < TARGETS.cls, '< 0.05 (worst run)'),
    {
      name: 'web-initial-js',
      value: initialJsKib,
      unit: 'KiB gzip',
      ratio:
        lazyCodeOnLanding.length === 0
          ? `${first.scripts.length} scripts, no admin or wizard code`
          : `${lazyCodeOnLanding.join(' and ')} code on the landing page`,
      pass: initialJsKib <= TARGETS.initialJsKib && lazyCodeOnLanding.length === 0,
      target: '≤ 170 KiB, admin and wizard loaded only when needed',
    },
    {
      ...result(
        'web-wizard-pick-inp',
        pickInp,
        'ms',
        pickInp < TARGETS.pickInpMs,
        '< 100 ms (6× CPU)',
      ),
      ratio: `worst ${worstPick} ms of ${pickInpMs.length} picks`,
    },
  ]
  return { table, results }
}

function result(
  name: string,
  value: number,
  unit: string,
  pass: boolean,
  target: string,
): BenchResult {
  return { name, value, unit, pass, target }
}

export const benchmark: Benchmark = {
  name: 'web',
  description: 'landing page LCP/CLS/initial JS and a wizard pick INP in Chromium (built app)',
  run,
}
