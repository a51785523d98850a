// The contests opened on a tournament besides its main bracket (docs/product.md "Second chance", decision
// 110): one row per tournament and contest, the second chance's own fee, pool and deadline. The
// main contest keeps its figures in tournaments.prize_pool_config and has no row here.
import { sql } from 'drizzle-orm'
import {
  check,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from '../auth-schema'
import { createdAt } from './columns'
import { contest } from './enums'
import { tournaments } from './tournaments'

export const tournamentContests = pgTable(
  'tournament_contests',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    contest: contest('contest').notNull(),
    entryFee: integer('entry_fee').notNull(),
    basePool: integer('base_pool').notNull(),
    multiplier: doublePrecision('multiplier').notNull(),
    // Entries close at this time or at the first quarterfinal result, whichever comes first.
    bettingDeadline: timestamp('betting_deadline', { withTimezone: true }).notNull(),
    // When the first quarterfinal result closed it, set by a trigger on matches in that result's
    // transaction and never cleared: a result cleared since does not reopen it (decision 150).
    closedAt: timestamp('closed_at', { withTimezone: true }),
    openedBy: text('opened_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Opening twice is refused by the key: one second chance per tournament.
    primaryKey({ columns: [t.tournamentId, t.contest], name: 'tournament_contests_pkey' }),
    check('tournament_contests_not_main', sql`${t.contest} <> 'main'`),
    check('tournament_contests_fee_positive', sql`${t.entryFee} > 0`),
    check(
      'tournament_contests_figures_non_negative',
      sql`${t.basePool} >= 0 AND ${t.multiplier} >= 0`,
    ),
  ],
)
