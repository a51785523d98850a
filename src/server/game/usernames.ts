import { sql } from 'drizzle-orm'
import { user } from '#server/db/schema'

/** username, else the e-mail before the at sign, else 'User' (docs/product.md "What is stored"). */
export const usernameSql = sql<string>`coalesce(
  nullif(${user.displayUsername}, ''),
  nullif(${user.username}, ''),
  nullif(split_part(${user.email}, '@', 1), ''),
  'User'
)`
