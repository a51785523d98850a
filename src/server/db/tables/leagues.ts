// Leagues (docs/product.md "Leagues", docs/decisions/105): groups of fans who compare their brackets.
// They hold no coins: nothing here touches the ledger. Deleting a league takes its members and
// its invite code with it (cascade); the nudges sent stay, so a deleted and re-created league
// cannot nudge a fan twice in a day.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { LEAGUE_VISIBILITIES } from '#shared/schemas/league'
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '#shared/schemas/league-codes'
import { user } from '../auth-schema'
import { createdAt, updatedAt } from './columns'
import { tournaments } from './tournaments'

// The combining marks NFKD splits off accented letters: dropped from the name's unique key.
const COMBINING_MARKS = sql.raw(
  String.raw`'[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]'`,
)

const JOIN_CODE_PATTERN = sql.raw(`'^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$'`)

export const leagues = pgTable(
  'leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: LEAGUE_VISIBILITIES }).notNull().default('private'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The invite link's code: 96 random bits (base64url); renewing replaces it at once. */
    inviteCode: text('invite_code').notNull().unique(),
    /**
     * The short code a fan can say aloud (decision 173): 8 characters of an alphabet without
     * look-alikes, stored in capitals without the dash; renewed with the link's code.
     */
    joinCode: text('join_code').notNull().unique(),
    /** False: neither the code nor (for a public league) the join button lets anyone in. */
    joiningOpen: boolean('joining_open').notNull().default(true),
    /**
     * Members, the owner included; kept by the join and leave statements under the league row's
     * lock, so the 10,000 cap holds against concurrent joins and lists need no count.
     */
    memberCount: integer('member_count').notNull().default(0),
    /**
     * One more with every join, leave and removal: what a process's cached league ranking was
     * computed from (features/standings/league-standings.ts) is stale once it moves.
     */
    membersVersion: integer('members_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('leagues_visibility_known', sql`${t.visibility} in ('private', 'public')`),
    check('leagues_member_count_range', sql`${t.memberCount} between 0 and 10000`),
    // The lookup compares the normalised form: nothing else may be stored.
    check('leagues_join_code_shape', sql`${t.joinCode} ~ ${JOIN_CODE_PATTERN}`),
    index('leagues_owner_idx').on(t.ownerId),
    // The public search: public leagues, biggest first.
    index('leagues_public_idx')
      .on(t.memberCount.desc(), t.id)
      .where(sql`${t.visibility} = 'public'`),
    // A public league's name is its own, case, accents and runs of spaces aside (decision 154).
    uniqueIndex('leagues_public_name_unique')
      .on(
        sql`lower(regexp_replace(regexp_replace(normalize(${t.name}, NFKD), ${COMBINING_MARKS}, '', 'g'), '\\s+', ' ', 'g'))`,
      )
      .where(sql`${t.visibility} = 'public'`),
  ],
)

export const leagueMembers = pgTable(
  'league_members',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    // A fan's leagues (the 50 cap, GET /api/leagues).
    index('league_members_user_idx').on(t.userId),
  ],
)

/**
 * A fan the owner removed: joining again, by code or by id, is refused until the owner lets them
 * back (docs/decisions/153). Leaving of one's own accord leaves no row.
 */
export const leagueRemovals = pgTable(
  'league_removals',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    index('league_removals_user_idx').on(t.userId),
  ],
)

/**
 * A nudge sent (docs/decisions/106): at most one per fan, tournament and UTC day, whichever league
 * sent it. Written with ON CONFLICT DO NOTHING in the transaction of the mail and notification,
 * so two owners (or two clicks) at once cannot nudge a fan twice.
 */
export const leagueNudges = pgTable(
  'league_nudges',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** The league whose owner sent it (no key: the row outlives a deleted league). */
    leagueId: uuid('league_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId, t.day] })],
)
