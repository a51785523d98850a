// A fast reader of better-auth's session cache cookie, for the one route that trusts it (placing
// a bet, docs/decisions/060). better-auth's getSession verifies both cookies with WebCrypto, whose
// every call is an async job on the thread pool; on the bet path those jobs cost more CPU than
// the rest of the request (bench/README.md). This checks the same signatures with node:crypto.
// It only ever says yes to what better-auth would accept, and never to the cache of a session
// revoked since (session-revocations.ts, decision 066); on any doubt it answers null and the
// caller reads the session row.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { getCookie } from 'hono/cookie'
import type { Context } from 'hono'
import type { AppEnv, SessionUser } from '#server/app-env'
import type { Auth } from './auth'

// better-auth's cache version when `session.cookieCache.version` is not configured.
const CACHE_VERSION = '1'

interface CacheCookieNames {
  token: string
  data: string
  secret: string
}

interface CachePayload {
  session?: {
    session?: { id?: unknown; token?: unknown; expiresAt?: unknown }
    user?: Record<string, unknown>
    version?: unknown
  }
  expiresAt?: unknown
  signature?: unknown
}

/** The names and secret better-auth uses, read once from its context. */
export function createCachedSessionReader(auth: Auth) {
  let names: Promise<CacheCookieNames> | undefined
  const loadNames = async (): Promise<CacheCookieNames> => {
    const context = await auth.$context
    return {
      token: context.authCookies.sessionToken.name,
      data: context.authCookies.sessionData.name,
      secret: context.secret,
    }
  }
  return async (c: Context<AppEnv>): Promise<SessionUser | null> => {
    const cached = readCachedSession(c, await (names ??= loadNames()), Date.now())
    if (!cached) return null
    const revocations = c.get('sessionRevocations') as
      AppEnv['Variables']['sessionRevocations'] | undefined
    return (await revocations?.mayTrustCache(cached.sessionId)) ? cached.user : null
  }
}

/**
 * The Cookie header without better-auth's session cache cookie (chunks included), for requests
 * to better-auth itself: its own routes would trust the cache, and so a revoked session, for up
 * to SESSION_CACHE_SECONDS (decision 066). Without it they read the session row.
 */
export function withoutSessionCacheCookie(cookieHeader: string): string {
  return cookieHeader
    .split(';')
    .filter((pair) => !/^\s*(__Secure-)?[\w-]+\.session_data(\.\d+)?=/.test(pair))
    .join(';')
}

function readCachedSession(
  c: Context<AppEnv>,
  { token: tokenName, data: dataName, secret }: CacheCookieNames,
  now: number,
): { user: SessionUser; sessionId: string } | null {
  const signedToken = getCookie(c, tokenName)
  const data = getCookie(c, dataName)
  if (!signedToken || !data) return null

  // `<token>.<base64 HMAC-SHA256>` (better-call's signed cookie); hono has URL-decoded it.
  const dot = signedToken.lastIndexOf('.')
  const token = signedToken.slice(0, dot)
  if (dot < 1 || !hasSignature(secret, token, signedToken.slice(dot + 1), 'base64')) return null

  const payload = parsePayload(data)
  const cached = payload?.session
  if (!payload || !cached?.session || !cached.user || typeof payload.expiresAt !== 'number') {
    return null
  }
  // better-auth signs the cached object with the cookie's expiry added (setCookieCache).
  const signed = JSON.stringify({ ...cached, expiresAt: payload.expiresAt })
  if (typeof payload.signature !== 'string') return null
  if (!hasSignature(secret, signed, payload.signature, 'base64url')) return null

  const sessionExpiresAt = Date.parse(String(cached.session.expiresAt))
  const isCurrent =
    cached.session.token === token &&
    (cached.version ?? CACHE_VERSION) === CACHE_VERSION &&
    payload.expiresAt > now &&
    sessionExpiresAt > now
  const user = isCurrent ? toSessionUser(cached.user) : null
  const sessionId = cached.session.id
  return user && typeof sessionId === 'string' ? { user, sessionId } : null
}

function parsePayload(data: string): CachePayload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'))
    return typeof parsed === 'object' && parsed !== null ? (parsed as CachePayload) : null
  } catch {
    return null
  }
}

function hasSignature(
  secret: string,
  value: string,
  signature: string,
  encoding: 'base64' | 'base64url',
): boolean {
  const expected = createHmac('sha256', secret).update(value).digest()
  const given = Buffer.from(signature, encoding)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function toSessionUser(user: Record<string, unknown>): SessionUser | null {
  if (typeof user.id !== 'string' || typeof user.email !== 'string') return null
  const createdAt = new Date(String(user.createdAt))
  if (Number.isNaN(createdAt.getTime())) return null
  return {
    id: user.id,
    email: user.email,
    username: typeof user.username === 'string' ? user.username : null,
    displayUsername: typeof user.displayUsername === 'string' ? user.displayUsername : null,
    role: user.role === 'admin' ? 'admin' : 'user',
    createdAt,
  }
}
