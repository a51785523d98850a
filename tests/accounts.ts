// Account flows for route tests, through the real HTTP endpoints and the local mailbox.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { DatabaseHandle } from '#server/db/client'
import { listMailboxMessages, type Mailer } from '#server/mail/mailer'
import { tokenIn } from './http-client'
import { TestBrowser, type BrowserOptions } from './test-browser'
import type { TestSetup } from './test-app'

export type { TestSetup }

export const STRONG_PASSWORD = 'padel-Golden-Point-2026'

/** The messages of the local mailbox (newest first), once background deliveries are stored. */
export async function readMailbox(
  setup: { mailer: Mailer },
  database: DatabaseHandle,
  to?: string,
) {
  await setup.mailer.idle()
  return listMailboxMessages(database.db, { to })
}

/** The token of the link in a message (`…?token=…`), read as the HTTP suites read it. */
export const tokenFromMail = tokenIn

export function uniqueEmail(prefix = 'fan'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`
}

export function uniqueUsername(prefix = 'fan'): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 10)}`
}

export interface SignUpValues {
  username?: string
  email?: string
  password?: string
  lang?: string
  [field: string]: unknown
}

export async function signUp(browser: TestBrowser, values: SignUpValues = {}) {
  const input = {
    username: values.username ?? uniqueUsername(),
    email: values.email ?? uniqueEmail(),
    password: values.password ?? STRONG_PASSWORD,
    ...values,
  }
  const res = await browser.post('/api/auth/sign-up/email', input)
  return { res, input }
}

/**
 * A new account, confirmed through the link of its e-mail, with the browser signed in by that
 * confirmation (autoSignInAfterVerification).
 */
export async function createVerifiedAccount(
  setup: TestSetup,
  database: DatabaseHandle,
  values: SignUpValues = {},
  browserOptions: BrowserOptions = {},
) {
  const browser = new TestBrowser(setup.app, browserOptions)
  const { res, input } = await signUp(browser, values)
  expect(res.status, await res.clone().text()).toBe(200)
  const [mail] = await readMailbox(setup, database, input.email.toLowerCase())
  const verified = await browser.get(
    `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(mail!))}`,
  )
  expect(verified.status, await verified.clone().text()).toBe(200)
  return { browser, ...input, email: input.email.toLowerCase() }
}
