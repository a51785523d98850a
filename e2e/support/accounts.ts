// Accounts for browser tests, made through the real API and the local mailbox (GET
// /api/dev/mailbox), so only the form under test is driven through the page.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'

export type Language = 'en' | 'es'

export interface TestUser {
  username: string
  email: string
  password: string
}

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  createdAt: string
}

export const PASSWORD = 'padel-Golden-Point-2026'

/** The first admin, made at start-up from ADMIN_EMAIL/ADMIN_PASSWORD (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.test', password: 'e2e-Admin-Padel-2026' }

export function newUser(prefix = 'fan'): TestUser {
  const id = randomUUID().replaceAll('-', '').slice(0, 10)
  return { username: `${prefix}_${id}`, email: `${prefix}-${id}@example.test`, password: PASSWORD }
}

/** The messages sent to one address, newest first. */
export async function mailboxOf(
  request: APIRequestContext,
  email: string,
): Promise<MailboxMessage[]> {
  const response = await request.get(`/api/dev/mailbox?${new URLSearchParams({ to: email })}`)
  expect(response.status(), 'the local mailbox answers').toBe(200)
  return (await response.json()) as MailboxMessage[]
}

/**
 * Waits for the newest message to `email` whose subject matches, and returns it. Mail is sent in
 * the background after the request that caused it, so it may take a moment to arrive.
 */
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined
  await expect
    .poll(
      async () => {
        const messages = (await mailboxOf(request, email)).filter((m) => subject.test(m.subject))
        found = messages.length > after ? messages[0] : undefined
        return found !== undefined
      },
      { message: `an e-mail to ${email} matching ${subject}`, timeout: timeoutMs },
    )
    .toBe(true)
  return found!
}

/** The link to one of our pages in a message's text (`…/email-confirmation?token=…`). */
export function linkIn(
  message: MailboxMessage,
  page: '/email-confirmation' | '/reset-password',
): string {
  const match = new RegExp(`https?://[^\\s]+${page}\\?token=[^\\s]+`).exec(message.text)
  if (!match) throw new Error(`no ${page} link in: ${message.text}`)
  return match[0]
}

/** The same link as a path on the server under test (the e-mail carries PUBLIC_URL). */
export function pathOf(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

export const CONFIRM_SUBJECT = /Confirma tu correo|Confirm your e-mail/
export const RESET_SUBJECT = /Restablece tu contraseña|Reset your .* password/

/** Signs up through the API (the confirmation e-mail goes out in `lang`). */
export async function signUpByApi(
  request: APIRequestContext,
  user: TestUser,
  lang: Language = 'es',
): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { username: user.username, email: user.email, password: user.password, lang },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * A confirmed account. The confirmation link is opened by `request`, which the server then signs
 * in (pass a page's or context's request to share that session with its browser).
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  prefix = 'fan',
  lang: Language = 'es',
): Promise<TestUser> {
  const user = newUser(prefix)
  await signUpByApi(request, user, lang)
  const mail = await waitForMail(request, user.email, CONFIRM_SUBJECT)
  const token = new URL(linkIn(mail, '/email-confirmation')).searchParams.get('token') ?? ''
  const response = await request.get(`/api/auth/verify-email?${new URLSearchParams({ token })}`)
  expect(response.status(), await response.text()).toBe(200)
  return user
}

/** Signs the browser context in through the API (it shares the context's cookies). */
export async function signInByApi(context: BrowserContext | Page, user: TestUser): Promise<void> {
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** Makes every page of the context open in `language` (the EN/ES choice kept in localStorage). */
export async function useLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang)
  }, language)
}
