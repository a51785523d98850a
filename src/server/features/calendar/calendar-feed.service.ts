// A fan's calendar feed (docs/product.md "Calendars", decision 133). Its URL carries a token: an HMAC of
// the fan and a nonce under the server's secret, so the profile can show the URL again at any
// time while the database keeps only the nonce and the token's SHA-256 (a copied database gives
// nobody a working URL). Renewing draws a new nonce: the old URL stops working at once.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { calendarFeeds } from '#server/db/schema'

export const CALENDAR_FEED_PATH = '/api/calendar'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export interface CalendarFeedKeys {
  secret: string
  publicUrl: string
}

function tokenOf(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`calendar-feed\0${userId}\0${nonce}`)
    .digest('base64url')
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

const urlOf = (keys: CalendarFeedKeys, token: string) =>
  `${keys.publicUrl}${CALENDAR_FEED_PATH}/${token}.ics`

/** The fan's feed URL, or null when they have never made one. */
export async function getCalendarFeedUrl(
  db: Database,
  keys: CalendarFeedKeys,
  userId: string,
): Promise<string | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
  return feed ? urlOf(keys, tokenOf(keys.secret, userId, feed.nonce)) : null
}

/** Makes the fan's feed, or replaces it with a new one; answers its URL. */
export async function renewCalendarFeed(
  db: Database,
  keys: CalendarFeedKeys,
  userId: string,
): Promise<string> {
  const nonce = randomBytes(16).toString('base64url')
  const token = tokenOf(keys.secret, userId, nonce)
  await db
    .insert(calendarFeeds)
    .values({ userId, nonce, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { nonce, tokenHash: hashOf(token), createdAt: sql`now()` },
    })
  return urlOf(keys, token)
}

/** The fan a feed token belongs to, or null (malformed, renewed, never made). */
export async function findCalendarFeedOwner(db: Database, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)))
  return feed?.userId ?? null
}
