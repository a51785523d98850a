// Picks in the bracket wizard as a signed-in fan: each pick is one click, timed by Event Timing
// (interaction to next paint) under CPU throttling applied after the page has loaded.
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import { applyThrottling, type Throttling } from './browser'
import {
  installVitalsObserver,
  readVitals,
  resetInteractionTiming,
  type Vitals,
} from './browser-vitals'

const PASSWORD = 'bench-Golden-Point-2026'

export interface WizardRun {
  /** One INP per pick of the round of 16 (0 when below Event Timing's 16 ms threshold). */
  pickInpMs: number[]
  /** Scripts fetched to open the wizard, for the route-splitting report. */
  scriptPaths: string[]
}

/** A confirmed fan signed in on `context` (sign-up, then the link from the local mailbox). */
export async function signInNewFan(context: BrowserContext, runId: string): Promise<void> {
  const request = context.request
  const username = `bench_${runId}`
  const email = `bench-${runId}@example.test`
  await expectOk(
    request.post('/api/auth/sign-up/email', {
      data: { username, email, password: PASSWORD, lang: 'en' },
    }),
  )
  const token = await waitForConfirmationToken(request, email)
  // The server signs the account in when the link is opened (as e2e/support/accounts.ts relies on).
  await expectOk(request.get(`/api/auth/verify-email?${new URLSearchParams({ token })}`))
  await expectOk(request.get('/api/me'))
}

export async function pickThroughRoundOfSixteen(
  browser: Browser,
  baseUrl: string,
  throttling: Throttling,
  runId: string,
): Promise<WizardRun> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 412, height: 823 },
  })
  try {
    await signInNewFan(context, runId)
    const tournamentId = await findOpenTournament(context.request)
    const page = await context.newPage()
    const scriptPaths: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptPaths.push(new URL(request.url()).pathname)
    })
    await installVitalsObserver(page)
    // Not 'networkidle': the page keeps its live stream open (decision 089).
    await page.goto(`/tournament/${tournamentId}`, { waitUntil: 'load' })
    await page.getByTestId('start-predictions').click()
    const pickers = page.getByTestId('bracket-wizard').getByTestId('match-picker')
    await pickers.first().waitFor()

    const cdp = await context.newCDPSession(page)
    await applyThrottling(cdp, throttling)
    const pickInpMs: number[] = []
    for (let i = 0; i < (await pickers.count()); i += 1) {
      await resetInteractionTiming(page)
      const option = pickers.nth(i).getByTestId('pick-option').first()
      await option.click()
      await option.waitFor({ state: 'attached' })
      await waitForEventTiming(page)
      pickInpMs.push((await readVitals(page)).inpMs)
    }
    return { pickInpMs, scriptPaths }
  } finally {
    await context.close()
  }
}

// Event Timing entries are queued after the next paint and delivered asynchronously.
async function waitForEventTiming(page: Page): Promise<Vitals> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  )
  return readVitals(page)
}

export async function findOpenTournament(request: APIRequestContext): Promise<string> {
  const response = await expectOk(request.get('/api/tournaments'))
  const { tournaments } = (await response.json()) as {
    tournaments: { id: string; status: string; isBettingOpen?: boolean }[]
  }
  const open = tournaments.find((t) => t.isBettingOpen ?? t.status === 'upcoming')
  if (!open) throw new Error('no tournament open for predictions in the demo data')
  return open.id
}

async function waitForConfirmationToken(request: APIRequestContext, email: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await expectOk(
      request.get(`/api/dev/mailbox?${new URLSearchParams({ to: email })}`),
    )
    const messages = (await response.json()) as { text: string }[]
    const link = messages
      .map((message) => /\/email-confirmation\?token=([^\s&]+)/.exec(message.text))
      .find((match) => match !== null)
    if (link?.[1]) return decodeURIComponent(link[1])
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no confirmation e-mail for ${email}`)
}

async function expectOk<T extends { ok(): boolean; status(): number; url(): string }>(
  pending: Promise<T>,
): Promise<T> {
  const response = await pending
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}`)
  return response
}
