// Core Web Vitals read inside the page with PerformanceObserver, as the web-vitals library does:
// LCP (last largest-contentful-paint entry), CLS (the largest session window of layout shifts
// without recent input: gaps < 1 s, windows ≤ 5 s) and INP (for the benchmark's few interactions,
// the longest Event Timing duration of any interaction).
import type { Page } from 'playwright-core'

export interface Vitals {
  lcpMs: number
  cls: number
  inpMs: number
  /** Element that produced the LCP, for the report (e.g. 'H1'). */
  lcpElement: string
}

declare global {
  interface Window {
    __benchVitals?: Vitals
  }
}

function observeVitals(): void {
  const vitals: Vitals = { lcpMs: 0, cls: 0, inpMs: 0, lcpElement: '' }
  window.__benchVitals = vitals

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
      vitals.lcpMs = entry.startTime
      vitals.lcpElement = entry.element?.tagName ?? ''
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })

  let windowValue = 0
  let windowStart = 0
  let lastShift = 0
  new PerformanceObserver((list) => {
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean }
    for (const shift of list.getEntries() as LayoutShift[]) {
      if (shift.hadRecentInput) continue
      const continues = shift.startTime - lastShift < 1000 && shift.startTime - windowStart < 5000
      if (continues) windowValue += shift.value
      else {
        windowValue = shift.value
        windowStart = shift.startTime
      }
      lastShift = shift.startTime
      vitals.cls = Math.max(vitals.cls, windowValue)
    }
  }).observe({ type: 'layout-shift', buffered: true })

  new PerformanceObserver((list) => {
    type EventTiming = PerformanceEntry & { interactionId?: number }
    for (const entry of list.getEntries() as EventTiming[]) {
      if (entry.interactionId) vitals.inpMs = Math.max(vitals.inpMs, entry.duration)
    }
    // 16 ms: the smallest threshold the Event Timing API accepts.
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
}

/** Starts the observers before any page script runs, in every document the page opens. */
export async function installVitalsObserver(page: Page): Promise<void> {
  await page.addInitScript(observeVitals)
}

export async function readVitals(page: Page): Promise<Vitals> {
  const vitals = await page.evaluate(() => window.__benchVitals)
  if (!vitals) throw new Error('the vitals observer did not run in this page')
  return vitals
}

/** Resets INP so the next reading covers only the interactions that follow. */
export async function resetInteractionTiming(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__benchVitals) window.__benchVitals.inpMs = 0
  })
}
