// A fan's calendar feed (docs/product.md "Calendars", decision 133): its URL carries a token computed from
// the fan, the nonce and the server's secret; the database keeps the nonce and the token's hash.
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from '../auth-schema'
import { createdAt } from './columns'

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Renewing the feed draws a new one: the old URL stops working. */
    nonce: text('nonce').notNull(),
    /** SHA-256 of the token, how a feed request finds its fan. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
)
