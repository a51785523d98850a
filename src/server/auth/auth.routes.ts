// better-auth's handler under /api/auth/*, with what we add around it (docs/decisions/030, 033,
// 067): the socket address and the e-mail language as private headers, the per-account sign-in
// throttle with trusted devices and a floor on the mail requests' answer time. auth-answers.ts puts
// better-auth's answers in our error shape and codes, with no session token in any JSON body.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '#shared/schemas/auth'
import { isKnownTimeZone } from '#shared/schemas/preferences'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { user } from '#server/db/schema'
import { AppError, rateLimited } from '#server/errors'
import type { Logger } from '#server/logger'
import {
  AUTH_BASE_PATH,
  CLIENT_IP_HEADER,
  MAIL_LANGUAGE_HEADER,
  SIGN_UP_TIME_ZONE_HEADER,
  type Auth,
} from './auth'
import { parseAuthError, toApiResponse } from './auth-answers'
import { withoutSessionCacheCookie } from './session-cache'
import type { AttemptOutcome, SignInThrottle } from './sign-in-throttle'
import { createTrustedDevices } from './trusted-device'
import { waitUntil } from './wait-until'

export interface AuthRoutesDeps {
  auth: Auth
  db: Database
  throttle: SignInThrottle
  logger: Logger
  /** Forgot-password and resend answer no sooner than this (decision 067); default 0. */
  mailRequestMinMs?: number
}

// Routes that mail an address when it has an account: their timing must not tell (decision 067).
const MAIL_REQUEST_PATHS = new Set(['/request-password-reset', '/send-verification-email'])

export function createAuthRoutes(deps: AuthRoutesDeps) {
  const { auth, db, throttle, logger, mailRequestMinMs = 0 } = deps
  const devices = createTrustedDevices({
    secret: auth.options.secret!,
    secure: auth.options.advanced?.useSecureCookies === true,
  })
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const startedAt = performance.now()
    const path = c.req.path.slice(AUTH_BASE_PATH.length)
    const { request, body } = await prepareRequest(c, path)

    if (MAIL_REQUEST_PATHS.has(path)) {
      const { response } = await toApiResponse(c, await auth.handler(request), logger)
      await waitUntil(startedAt + mailRequestMinMs)
      return response
    }

    if (path === '/sign-up/email') {
      const answer = await auth.handler(request)
      if (answer.status === 422 && (await isRaceForTakenEmail(db, answer.clone(), body))) {
        // Two sign-ups of one address at once: the loser hit the unique e-mail. It answers as
        // a sign-up with a taken address does (no enumeration, and the account exists).
        return c.json({ status: true }, 200)
      }
      return (await toApiResponse(c, answer, logger)).response
    }

    const email = path === '/sign-in/email' ? emailOf(body) : undefined
    if (email === undefined) {
      return (await toApiResponse(c, await auth.handler(request), logger)).response
    }

    // A browser that signed in to this account before is counted on its own (decision 067).
    const accountKey = email.trim().toLowerCase()
    const deviceId = devices.deviceFor(c.req.header('Cookie') ?? null, accountKey)
    const reservation = await throttle.reserve(deviceId ? `device:${deviceId}` : accountKey)
    if (!reservation.allowed) throw rateLimited(reservation.retryAfterSeconds)
    let outcome: AttemptOutcome = 'not-checked'
    try {
      const { response, authCode } = await toApiResponse(c, await auth.handler(request), logger)
      outcome = signInOutcome(response.status, authCode)
      if (response.status === 200) response.headers.append('Set-Cookie', devices.issue(accountKey))
      return response
    } finally {
      await throttle.settle(reservation, outcome)
    }
  })
}

type JsonObject = Record<string, unknown>

/** Rebuilds the request for better-auth with our private headers (overwriting any sent). */
async function prepareRequest(c: Context<AppEnv>, path: string) {
  const raw = c.req.raw
  const headers = new Headers(raw.headers)
  // The body is re-sent as text below: the old framing headers no longer apply.
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  // better-auth reads the session row, never its cache cookie (decision 066).
  const cookies = headers.get('cookie')
  if (cookies) headers.set('cookie', withoutSessionCacheCookie(cookies))

  let text: string | undefined
  let body: JsonObject | undefined
  if (raw.method === 'POST') {
    // c.req.text(): the depth guard (middleware/json-depth.ts) has read and cached the body.
    text = await c.req.text()
    if (text.trim() !== '') {
      body = parseJsonObject(text)
      if (path === '/sign-up/email' && body.name === undefined) {
        // better-auth requires a display name; ours is the username.
        text = JSON.stringify({ ...body, name: body.username ?? '' })
      }
      if (path === '/change-password' && body.revokeOtherSessions === undefined) {
        // A new password signs out the other devices unless the client asks to keep them.
        text = JSON.stringify({ ...body, revokeOtherSessions: true })
      }
    }
  }

  headers.set(CLIENT_IP_HEADER, c.get('clientIp'))
  headers.set(MAIL_LANGUAGE_HEADER, languageOf(body?.lang, raw.headers.get('Accept-Language')))
  // Only the server sets it: a client's own header of that name is dropped.
  headers.delete(SIGN_UP_TIME_ZONE_HEADER)
  if (typeof body?.timeZone === 'string' && isKnownTimeZone(body.timeZone)) {
    headers.set(SIGN_UP_TIME_ZONE_HEADER, body.timeZone)
  }
  const request = new Request(raw.url, {
    method: raw.method,
    headers,
    body: text,
    signal: raw.signal,
  })
  return { request, body }
}

function parseJsonObject(text: string): JsonObject {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new AppError('INVALID_JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('VALIDATION_FAILED', 'The request body must be a JSON object.')
  }
  // PostgreSQL text cannot hold a NUL character, and better-auth turns the database's refusal
  // into a 500 (the full fuzzer found it on reset-password's token): refuse it here, as a 400.
  if (hasNulCharacter(value)) {
    throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL characters.')
  }
  return value as JsonObject
}

function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNulCharacter(item),
  )
}

async function isRaceForTakenEmail(
  db: Database,
  answer: Response,
  body: JsonObject | undefined,
): Promise<boolean> {
  const email = emailOf(body)
  if (!email || parseAuthError(await answer.text()).code !== 'FAILED_TO_CREATE_USER') return false
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
  return existing !== undefined
}

function emailOf(body: JsonObject | undefined): string | undefined {
  const email = body?.email
  return typeof email === 'string' && email.trim() !== '' ? email : undefined
}

/**
 * The language of e-mails caused by this request: the body's `lang` when it is one of ours, else
 * the first of ours in Accept-Language, else Spanish (the product's default).
 */
export function languageOf(lang: unknown, acceptLanguage: string | null): Language {
  const explicit = LanguageSchema.safeParse(lang)
  if (explicit.success) return explicit.data
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { primary: tag.split('-')[0]!.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { primary } of ranked) {
    const known = LanguageSchema.safeParse(primary)
    if (known.success) return known.data
  }
  return DEFAULT_LANGUAGE
}

function signInOutcome(status: number, authCode: string | undefined): AttemptOutcome {
  if (status >= 200 && status < 300) return 'right-password'
  // better-auth checks the password before it refuses an unconfirmed address.
  if (status === 403 && authCode === 'EMAIL_NOT_VERIFIED') return 'right-password'
  if (status === 401) return 'wrong-password'
  return 'not-checked'
}
