// Many signed-in users at once. Signing up 100k accounts through the API would take hours
// (argon2, e-mail confirmation), so users are inserted by SQL (tests/bulk-users.ts) with a
// session row each, and their cookies are minted as better-auth 1.7 writes them:
// - session_token: `<token>.<base64 HMAC-SHA256(secret, token)>`, URL-encoded (better-call's
//   signCookieValue);
// - session_data, the signed session cache a browser holds after any signed-in request
//   (docs/decisions/060): base64url of { session: { session, user, updatedAt, version },
//   expiresAt, signature: base64url HMAC-SHA256 of the same JSON with expiresAt } (better-auth's
//   setCookieCache, strategy "compact").
// The benchmarks prove the server accepts both before measuring (checkSessionAccepted and a bet
// on a revoked session).
import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { insertUserRange } from '#tests/bulk-users'

/** The session row and its user as better-auth returns them (its field names). */
export interface SignedInUser {
  session: { id: string; token: string; userId: string } & Record<string, unknown>
  user: { id: string } & Record<string, unknown>
}

export interface SessionCookieNames {
  token: string
  data: string
}

const BATCH_SIZE = 10_000
const SESSION_DAYS = 7
// better-auth's session cache version when none is configured.
const CACHE_VERSION = '1'

/**
 * Inserts `count` confirmed users named `<prefix><n>` (tests/bulk-users.ts) with a 7-day session
 * each. Prefixes keep runs on one database apart; they must be short (usernames hold at most 30
 * characters).
 */
export async function insertSignedInUsers(
  db: Database,
  { count, prefix }: { count: number; prefix: string },
): Promise<SignedInUser[]> {
  const users: SignedInUser[] = []
  for (let from = 1; from <= count; from += BATCH_SIZE) {
    const to = Math.min(count, from + BATCH_SIZE - 1)
    await insertUserRange(db, { prefix, from, to })
    const result = (await db.execute(sql`
      with new_sessions as (
        insert into "session" (id, token, expires_at, user_id, created_at, updated_at)
        select 's' || u.id, md5(random()::text || u.id) || md5(u.id || clock_timestamp()::text),
               now() + make_interval(days => ${SESSION_DAYS}), u.id, now(), now()
          from generate_series(${from}::integer, ${to}::integer) g
          join "user" u on u.id = ${prefix}::text || g
        returning *
      )
      select
        json_build_object('id', s.id, 'token', s.token, 'userId', s.user_id,
          'expiresAt', s.expires_at, 'createdAt', s.created_at, 'updatedAt', s.updated_at,
          'ipAddress', s.ip_address, 'userAgent', s.user_agent,
          'impersonatedBy', s.impersonated_by) as session,
        json_build_object('id', u.id, 'name', u.name, 'email', u.email,
          'emailVerified', u.email_verified, 'image', u.image, 'createdAt', u.created_at,
          'updatedAt', u.updated_at, 'username', u.username,
          'displayUsername', u.display_username, 'role', u.role, 'banned', u.banned,
          'banReason', u.ban_reason, 'banExpires', u.ban_expires) as user
      from new_sessions s join "user" u on u.id = s.user_id`)) as unknown as {
      rows: SignedInUser[]
    }
    for (const { session, user } of result.rows) {
      users.push({
        session: withIsoDates(session, ['expiresAt', 'createdAt', 'updatedAt']),
        user: withIsoDates(user, ['createdAt', 'updatedAt']),
      })
    }
  }
  return users
}

// As JSON.stringify writes a Date (better-auth revives only this form): PostgreSQL's JSON has
// "+00:00" where JavaScript writes "Z".
function withIsoDates<Row extends Record<string, unknown>>(row: Row, keys: string[]): Row {
  const copy: Record<string, unknown> = { ...row }
  for (const key of keys) copy[key] = new Date(String(row[key])).toISOString()
  return copy as Row
}

/**
 * The Cookie header of a browser signed in as `signedIn` that has loaded a page in the last
 * moments: the session token and a session cache valid for `cacheSeconds` from now.
 */
export function signedInCookies(
  names: SessionCookieNames,
  signedIn: SignedInUser,
  secret: string,
  cacheSeconds: number,
): string {
  const token = `${signedIn.session.token}.${hmac(secret, signedIn.session.token, 'base64')}`
  const sessionData = {
    session: signedIn.session,
    user: signedIn.user,
    updatedAt: Date.now(),
    version: CACHE_VERSION,
  }
  const expiresAt = Date.now() + cacheSeconds * 1000
  const signature = hmac(secret, JSON.stringify({ ...sessionData, expiresAt }), 'base64url')
  const data = Buffer.from(JSON.stringify({ session: sessionData, expiresAt, signature })).toString(
    'base64url',
  )
  return `${names.token}=${encodeURIComponent(token)}; ${names.data}=${data}`
}

/**
 * signedInCookies, minted again only once a minute per user: a browser keeps its cookies between
 * requests, and minting (two HMACs and the JSON) on every request would take CPU from the server
 * under test on the same cores.
 */
export function keptCookies(names: SessionCookieNames, secret: string, cacheSeconds: number) {
  const minted = new Map<string, { cookie: string; at: number }>()
  const remintAfterMs = Math.min(60, cacheSeconds / 2) * 1000
  return (signedIn: SignedInUser): string => {
    const kept = minted.get(signedIn.session.id)
    if (kept && Date.now() - kept.at < remintAfterMs) return kept.cookie
    const cookie = signedInCookies(names, signedIn, secret, cacheSeconds)
    minted.set(signedIn.session.id, { cookie, at: Date.now() })
    return cookie
  }
}

function hmac(secret: string, value: string, encoding: 'base64' | 'base64url'): string {
  return createHmac('sha256', secret).update(value).digest(encoding)
}

/** Throws unless the server treats the minted cookies as a signed-in user (reads the row). */
export async function checkSessionAccepted(origin: string, cookie: string): Promise<void> {
  const response = await fetch(`${origin}/api/me`, { headers: { Cookie: cookie } })
  if (response.status !== 200) {
    throw new Error(`a minted session cookie was refused: GET /api/me answered ${response.status}`)
  }
}
