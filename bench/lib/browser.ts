// Chromium for the web benchmarks: Debian's Chromium through Playwright (the same binary and
// flags as e2e/), throttled through the DevTools protocol the way Lighthouse's mobile profile is.
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from '#tests/chromium'

export interface Throttling {
  /** Emulation.setCPUThrottlingRate: 4 = four times slower than this machine. */
  cpuSlowdown: number
  network?: NetworkProfile
}

export interface NetworkProfile {
  latencyMs: number
  downloadBytesPerSecond: number
  uploadBytesPerSecond: number
}

// Lighthouse's "slow 4G" (constants.throttling.mobileSlow4G, DevTools throttling): 150 ms RTT ×
// 3.75 and 1.6 Mbps × 0.9 down / 750 kbps × 0.9 up, the adjustments Lighthouse applies because
// request-level throttling underestimates a real network's cost.
export const SLOW_4G: NetworkProfile = {
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
}

export const NO_THROTTLING: Throttling = { cpuSlowdown: 1 }
export const MOBILE_SLOW: Throttling = { cpuSlowdown: 4, network: SLOW_4G }
export const CPU_4X: Throttling = { cpuSlowdown: 4 }
/** A low-end phone: the wizard's pick target is set at this slowdown. */
export const CPU_6X: Throttling = { cpuSlowdown: 6 }

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions())
}

/** A page in a fresh context (empty cache, no cookies) with the throttling applied. */
export async function openThrottledPage(
  browser: Browser,
  throttling: Throttling,
): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await applyThrottling(cdp, throttling)
  return { page, cdp }
}

export async function applyThrottling(cdp: CDPSession, throttling: Throttling): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown })
  await cdp.send('Network.enable')
  const network = throttling.network
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network?.latencyMs ?? 0,
    downloadThroughput: network?.downloadBytesPerSecond ?? -1,
    uploadThroughput: network?.uploadBytesPerSecond ?? -1,
  })
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
