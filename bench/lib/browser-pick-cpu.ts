// The main thread's CPU time per wizard pick, read from a Chromium trace (thread time, `tdur`),
// unthrottled. Unlike INP it barely moves with other load on the machine, so two builds can be
// compared on a busy one: it counts what the page does for a pick, not how long it waited. Two
// figures per pick: all the work within 100 ms of the pointerdown, and the part of it up to the
// pick's first frame painted (what the INP waits for; work deferred past that frame is not in it).
import type { Browser } from 'playwright-core'
import { findOpenTournament, signInNewFan } from './browser-wizard'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { type?: string } }
}

export interface PickCpu {
  /** Every task within 100 ms of the pointerdown. */
  totalMs: number
  /** The tasks from the pointerdown up to the one that paints the first frame after the click. */
  toPaintMs: number
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** What a pick costs is over well within this window after its pointerdown, unthrottled. */
const WINDOW_US = 100_000

export async function pickCpuMs(
  browser: Browser,
  baseUrl: string,
  runId: string,
): Promise<PickCpu[]> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 412, height: 823 },
  })
  try {
    await signInNewFan(context, runId)
    const tournamentId = await findOpenTournament(context.request)
    const page = await context.newPage()
    await page.goto(`/tournament/${tournamentId}`, { waitUntil: 'networkidle' })
    await page.getByTestId('start-predictions').click()
    const pickers = page.getByTestId('bracket-wizard').getByTestId('match-picker')
    await pickers.first().waitFor()
    await page.waitForTimeout(300)

    const cdp = await context.newCDPSession(page)
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,toplevel',
      transferMode: 'ReturnAsStream',
    })
    const count = await pickers.count()
    for (let i = 0; i < count; i += 1) {
      await pickers.nth(i).getByTestId('pick-option').first().click()
      await page.waitForTimeout(250)
    }
    const complete = new Promise<{ stream?: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', resolve),
    )
    await cdp.send('Tracing.end')
    const { stream } = await complete
    if (!stream) throw new Error('the trace came back without a stream')
    let text = ''
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream })
      text += chunk.data
      if (chunk.eof) break
    }
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] }
    return perPick(Array.isArray(parsed) ? parsed : parsed.traceEvents)
  } finally {
    await context.close()
  }
}

function perPick(events: TraceEvent[]): PickCpu[] {
  const dispatches = events.filter((e) => e.name === 'EventDispatch' && e.ph === 'X')
  const pointerDowns = dispatches.filter((e) => e.args?.data?.type === 'pointerdown')
  const first = pointerDowns[0]
  if (!first) return []
  const onMain = (e: TraceEvent) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X'
  // The task that runs each piece of work on the thread (its name varies across versions).
  const tasks = events.filter((e) => onMain(e) && TASK_NAMES.has(e.name))
  const clicks = dispatches.filter((e) => onMain(e) && e.args?.data?.type === 'click')
  const paints = events.filter((e) => onMain(e) && e.name === 'Paint')
  const ms = (micros: number) => Math.round(micros / 100) / 10
  return pointerDowns.map((down) => {
    const end = down.ts + WINDOW_US
    // The pointerdown's own task started just before its event.
    const own = tasks.find((task) => task.ts <= down.ts && task.ts + (task.dur ?? 0) >= down.ts)
    const within = tasks.filter((task) => task.ts >= down.ts && task.ts <= end)
    const cost = (list: (TraceEvent | undefined)[]) =>
      list.reduce((sum, task) => sum + (task?.tdur ?? task?.dur ?? 0), 0)
    // The click (a label's, then its radio's) ends the interaction's handlers; the task that
    // paints next renders its frame.
    const lastClick = clicks.filter((e) => e.ts >= down.ts && e.ts <= end).at(-1)
    const after = lastClick ? lastClick.ts + (lastClick.dur ?? 0) : down.ts
    const paint = paints.find((event) => event.ts >= after)?.ts ?? end
    return {
      totalMs: ms(cost([own, ...within])),
      toPaintMs: ms(cost([own, ...within.filter((task) => task.ts <= paint)])),
    }
  })
}
