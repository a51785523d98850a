// The session row read the way better-auth's getSession reads it, minus its per-request cost
// (docs/decisions/114). Every route that does not trust the session cache (GET /api/me, the
// session probe, the admin routes, …) reads the row on every request (decision 060); through
// auth.api.getSession that costs three WebCrypto jobs on the thread pool (verify the token
// cookie, import the key, sign the fresh cache cookie) and better-call's endpoint machinery,
// several times the rest of a GET /api/me (bench/README.md, "Request path"). Here the same row is
// read with better-auth's own adapter call (findSession), the token cookie is checked and the cache
// cookie signed with node:crypto, and the cookie is written as better-auth writes it.
//
// Only the common case is answered here: a validly signed token whose session exists, has not
// expired and needs no refresh. Everything else — no valid cookie aside, a session to refresh
// (once a day) or to delete (expired), a "don't remember me" session, chunked cache cookies, a
// database error, an option this file does not know — is left to better-auth (`undefined`), so
// its rules stay the ones that decide.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { BetterAuthOptions } from 'better-auth'
import type { SessionUser } from '#server/app-env'
import type { Auth } from './auth'
import { sessionUserOf } from './session-user'

// better-auth's cookie cache version when `session.cookieCache.version` is not configured.
const CACHE_VERSION = '1'
/** better-auth's per-cookie ceiling (session-store.mjs); a larger cache is chunked by it. */
const MAX_COOKIE_SIZE = 4050
/** better-call signs cookie values with HMAC-SHA256 in standard base64 (44 characters). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/

/** undefined: not decided here, ask better-auth. */
export type SessionRowAnswer = SessionUser | null | undefined

interface Setup {
  secret: string
  tokenName: string
  dataName: string
  dontRememberName: string
  /** `; Max-Age=…; Path=/; HttpOnly; …` as better-call serializes the cache cookie's attributes. */
  dataAttributes: string
  dataMaxAgeSeconds: number
  /** The longest cache cookie value better-auth would set unchunked. */
  maxDataLength: number
  expiresInSeconds: number
  updateAgeSeconds: number
  findSession: (token: string) => Promise<FoundSession | null>
}

interface FoundSession {
  session: { expiresAt: Date } & Record<string, unknown>
  user: Record<string, unknown>
}

const setups = new WeakMap<Auth, Promise<Setup | null>>()

/**
 * The signed-in user of the request's cookies, read from the session row, with the fresh cache
 * cookie handed to `setCookie`; null for no (validly signed) session cookie; undefined when
 * better-auth must decide.
 */
export async function readSessionRow(
  auth: Auth,
  cookieHeader: string,
  setCookie: (cookie: string) => void,
): Promise<SessionRowAnswer> {
  let setup = setups.get(auth)
  if (!setup) setups.set(auth, (setup = loadSetup(auth)))
  const known = await setup
  if (!known) return undefined
  const cookies = parseCookies(cookieHeader)
  const signed = cookies.get(known.tokenName)
  // better-auth answers "no session" to a missing or badly signed token before any query.
  if (!signed) return null
  if (cookies.has(known.dontRememberName) || hasChunks(cookies, known.dataName)) return undefined
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const signature = signed.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  if (!SIGNATURE.test(signature)) return undefined
  const token = signed.slice(0, dot)
  if (!hasSignature(known.secret, token, signature)) return null

  let found: FoundSession | null
  try {
    found = await known.findSession(token)
  } catch {
    return undefined
  }
  const now = Date.now()
  if (!found || found.session.expiresAt.getTime() < now) return undefined
  const refreshFrom =
    found.session.expiresAt.getTime() -
    known.expiresInSeconds * 1000 +
    known.updateAgeSeconds * 1000
  if (refreshFrom <= now) return undefined

  const data = cacheCookieValue(known, found, now)
  if (data.length > known.maxDataLength) return undefined
  setCookie(`${known.dataName}=${data}${known.dataAttributes}`)
  return sessionUserOf(found.user as Parameters<typeof sessionUserOf>[0])
}

/**
 * better-auth's setCookieCache, strategy "compact": the session and user with the time and the
 * version, signed (HMAC-SHA256, base64url) together with the cookie's expiry.
 */
function cacheCookieValue(known: Setup, found: FoundSession, now: number): string {
  const session = {
    session: found.session,
    user: found.user,
    updatedAt: now,
    version: CACHE_VERSION,
  }
  const expiresAt = now + known.dataMaxAgeSeconds * 1000
  const signature = createHmac('sha256', known.secret)
    .update(JSON.stringify({ ...session, expiresAt }))
    .digest('base64url')
  return Buffer.from(JSON.stringify({ session, expiresAt, signature })).toString('base64url')
}

/** What this reader needs from better-auth's context, or null when its options differ from ours. */
async function loadSetup(auth: Auth): Promise<Setup | null> {
  const context = await auth.$context
  const { authCookies, sessionConfig } = context
  // Widened to every option, so that one this file does not handle is noticed, not hidden.
  const options: BetterAuthOptions = context.options
  const cache = options.session?.cookieCache
  const isOurs =
    cache?.enabled === true &&
    (cache.strategy ?? 'compact') === 'compact' &&
    cache.version === undefined &&
    options.session?.additionalFields === undefined &&
    !options.session?.deferSessionRefresh &&
    !options.session?.disableSessionRefresh &&
    !options.account?.storeAccountCookie &&
    !options.secondaryStorage
  const attributes = serializeAttributes(authCookies.sessionData.attributes)
  const maxAge = authCookies.sessionData.attributes.maxAge
  if (!isOurs || attributes === null || typeof maxAge !== 'number') return null
  const longestChunkName = `${authCookies.sessionData.name}.99`
  return {
    secret: context.secret,
    tokenName: authCookies.sessionToken.name,
    dataName: authCookies.sessionData.name,
    dontRememberName: authCookies.dontRememberToken.name,
    dataAttributes: attributes,
    dataMaxAgeSeconds: maxAge,
    maxDataLength: MAX_COOKIE_SIZE - `${longestChunkName}=${attributes}`.length,
    expiresInSeconds: sessionConfig.expiresIn,
    updateAgeSeconds: sessionConfig.updateAge,
    findSession: (token) => context.internalAdapter.findSession(token) as Promise<FoundSession>,
  }
}

interface CookieAttributes {
  maxAge?: number
  path?: string
  httpOnly?: boolean
  secure?: boolean
  sameSite?: string
  [other: string]: unknown
}

const KNOWN_ATTRIBUTES = new Set(['maxAge', 'path', 'httpOnly', 'secure', 'sameSite'])

/** better-call's serializeCookie order for the attributes we use; null for any other one. */
function serializeAttributes(attributes: CookieAttributes): string | null {
  if (Object.keys(attributes).some((key) => !KNOWN_ATTRIBUTES.has(key))) return null
  let text = ''
  if (typeof attributes.maxAge === 'number') text += `; Max-Age=${Math.floor(attributes.maxAge)}`
  if (attributes.path) text += `; Path=${attributes.path}`
  if (attributes.httpOnly) text += '; HttpOnly'
  if (attributes.secure) text += '; Secure'
  if (attributes.sameSite) {
    text += `; SameSite=${attributes.sameSite.charAt(0).toUpperCase()}${attributes.sameSite.slice(1)}`
  }
  return text
}

/** better-call's parseCookies: the first cookie of a name counts, quotes dropped, %-decoded. */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>()
  let index = 0
  while (index < header.length) {
    const eq = header.indexOf('=', index)
    if (eq === -1) break
    let end = header.indexOf(';', index)
    if (end === -1) end = header.length
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1
      continue
    }
    const name = header.slice(index, eq).trim()
    if (!cookies.has(name)) {
      let value = header.slice(eq + 1, end).trim()
      if (value.codePointAt(0) === 34) value = value.slice(1, -1)
      cookies.set(name, decode(value))
    }
    index = end + 1
  }
  return cookies
}

function decode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function hasChunks(cookies: Map<string, string>, dataName: string): boolean {
  const prefix = `${dataName}.`
  for (const name of cookies.keys()) if (name.startsWith(prefix)) return true
  return false
}

function hasSignature(secret: string, value: string, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(value).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
