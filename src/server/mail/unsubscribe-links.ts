// Signed one-click unsubscribe links (RFC 8058; docs/decisions/100-preferences-and-one-click-unsubscribe.md).
// Every non-essential mail (reminders, results, league nudges) carries
//   List-Unsubscribe: <PUBLIC_URL/api/unsubscribe?token=…>
//   List-Unsubscribe-Post: List-Unsubscribe=One-Click
// and a visible link to the page PUBLIC_URL/unsubscribe?token=…, which asks before it posts.
// The token names the fan and the kind of mail and is signed with HMAC-SHA256 under a key derived
// from the app's secret; it has no expiry: it can only ever turn one kind of mail off, and a mail
// client may keep the header for years.
//
// Use (a mail of kind `results` to fan `userId`, inside the transaction of its cause):
//   const links = unsubscribeLinks(env, userId, 'results')
//   const content = renderMailLayout({ ..., unsubscribeLink: links.pageUrl })
//   await mailer.enqueue(tx, { to, ...content, headers: links.headers })
import { createHmac, timingSafeEqual } from 'node:crypto'
import { MailKindSchema, type MailKind } from '#shared/schemas/preferences'
import type { Env } from '#server/env'

/** Where mail clients post the one click; the JSON-only guard lets its form body through. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe'

export type UnsubscribeEnv = Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET'>

export interface UnsubscribeLinks {
  /** The one-click endpoint a mail client posts to (List-Unsubscribe). */
  oneClickUrl: string
  /** Our page that shows what is turned off and asks to confirm (the link in the body). */
  pageUrl: string
  /** The two RFC 8058 headers, ready for OutgoingMail.headers. */
  headers: Record<string, string>
}

export interface UnsubscribeTarget {
  userId: string
  kind: MailKind
}

const TOKEN_VERSION = 'u1'
// Keeps these signatures apart from anything else the same secret signs (sessions, confirmations).
const KEY_LABEL = 'golden-point:unsubscribe:v1'

export function unsubscribeLinks(
  env: UnsubscribeEnv,
  userId: string,
  kind: MailKind,
): UnsubscribeLinks {
  const token = encodeURIComponent(unsubscribeToken(secretOf(env), userId, kind))
  const oneClickUrl = `${env.PUBLIC_URL}${UNSUBSCRIBE_PATH}?token=${token}`
  return {
    oneClickUrl,
    pageUrl: `${env.PUBLIC_URL}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** The two headers only (see unsubscribeLinks). */
export function unsubscribeHeaders(
  env: UnsubscribeEnv,
  userId: string,
  kind: MailKind,
): Record<string, string> {
  return unsubscribeLinks(env, userId, kind).headers
}

/** The page link for the body of the mail (see unsubscribeLinks). */
export function unsubscribeUrl(env: UnsubscribeEnv, userId: string, kind: MailKind): string {
  return unsubscribeLinks(env, userId, kind).pageUrl
}

/** `u1.<kind>.<userId base64url>.<signature base64url>`: URL-safe, no padding. */
export function unsubscribeToken(secret: string, userId: string, kind: MailKind): string {
  const payload = `${TOKEN_VERSION}.${kind}.${Buffer.from(userId, 'utf8').toString('base64url')}`
  return `${payload}.${sign(secret, payload)}`
}

/** The fan and kind a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const parts = token.split('.')
  if (parts.length !== 4) return null
  const [version, kindText, encodedUser, signature] = parts as [string, string, string, string]
  if (version !== TOKEN_VERSION) return null
  const kind = MailKindSchema.safeParse(kindText)
  if (!kind.success) return null
  const expected = Buffer.from(sign(secret, `${version}.${kindText}.${encodedUser}`), 'base64url')
  const given = Buffer.from(signature, 'base64url')
  // Node's decoder skips characters that are not base64url: only the canonical spelling counts.
  if (given.toString('base64url') !== signature) return null
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8')
  if (userId === '') return null
  return { userId, kind: kind.data }
}

export function secretOf(env: UnsubscribeEnv): string {
  if (!env.BETTER_AUTH_SECRET) {
    throw new Error('unsubscribe links need BETTER_AUTH_SECRET (start-server resolves one)')
  }
  return env.BETTER_AUTH_SECRET
}

// The derived key of the last secret used (a process has one secret; tests switch between two).
let derived: { secret: string; key: Buffer } | undefined

function sign(secret: string, payload: string): string {
  if (derived?.secret !== secret) {
    derived = { secret, key: createHmac('sha256', secret).update(KEY_LABEL).digest() }
  }
  return createHmac('sha256', derived.key).update(payload).digest('base64url')
}
