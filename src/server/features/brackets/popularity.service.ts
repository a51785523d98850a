// The People's Bracket (docs/product.md §12): what the fans picked, computed once after betting
// closes, kept in tournament_popularity and served from there (docs/decisions/096).
import { eq, sql } from 'drizzle-orm'
import { ROUND_ORDER, type Round } from '../../../domain/bracket/bracket'
import { isBettingOpen } from '../../../domain/tournament/tournament'
import type { PickCount, Popularity, SlotPopularity } from '../../../shared/schemas/brackets'
import type { Database } from '../../db/client'
import { matches, tournamentPopularity, tournaments } from '../../db/schema'
import { AppError } from '../../errors'
import { isUuid } from '../tournaments/tournament-figures'
import { computePopularity } from './popularity-sql'

const TOP_MVPS = 10

function popularityNotFound(): AppError {
  return new AppError('NOT_FOUND', "No People's Bracket for this tournament.")
}

// Computations in flight in this process: concurrent first requests share one (the advisory
// lock below does the same across processes).
const inFlight = new WeakMap<Database, Map<string, Promise<Popularity>>>()

/**
 * GET /api/tournaments/:id/popularity: 404 while betting is open (the counts would tell what
 * fans picked before the deadline), for a cancelled tournament, and for an unknown id.
 */
export async function getPopularity(
  db: Database,
  tournamentId: string,
  now: Date = new Date(),
): Promise<Popularity> {
  if (!isUuid(tournamentId)) throw popularityNotFound()
  const state = await readStoredPopularity(db, tournamentId)
  if (!state || state.status === 'cancelled') throw popularityNotFound()
  if (isBettingOpen(state.status, state.bettingDeadline, now)) throw popularityNotFound()
  if (state.freshBody) return state.freshBody

  const running = inFlight.get(db) ?? new Map<string, Promise<Popularity>>()
  inFlight.set(db, running)
  const shared = running.get(tournamentId)
  if (shared) return shared
  const computing = computeAndStore(db, tournamentId).finally(() => running.delete(tournamentId))
  running.set(tournamentId, computing)
  return computing
}

interface StoredState {
  status: (typeof tournaments.$inferSelect)['status']
  bettingDeadline: Date
  /** The newest bet's time as PostgreSQL writes it (microseconds kept), or null without bets. */
  lastBetAt: string | null
  /** A stored answer computed with the bets there are now. */
  freshBody: Popularity | null
}

/** One round trip: the tournament, its newest bet (from the index) and the stored answer. */
async function readStoredPopularity(
  db: Pick<Database, 'select'>,
  tournamentId: string,
): Promise<StoredState | undefined> {
  const lastBetAt = sql<string | null>`(select max(b.created_at) from bets b
    where b.tournament_id = ${tournaments.id})`
  const [row] = await db
    .select({
      status: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      lastBetAt: sql<string | null>`${lastBetAt}::text`,
      isFresh: sql<boolean>`${tournamentPopularity.lastBetAt} is not distinct from ${lastBetAt}`,
      body: tournamentPopularity.body,
    })
    .from(tournaments)
    .leftJoin(tournamentPopularity, eq(tournamentPopularity.tournamentId, tournaments.id))
    .where(eq(tournaments.id, tournamentId))
  if (!row) return undefined
  return {
    status: row.status,
    bettingDeadline: row.bettingDeadline,
    lastBetAt: row.lastBetAt,
    freshBody: row.body && row.isFresh ? (row.body as Popularity) : null,
  }
}

/**
 * Computes under an advisory lock per tournament, so that of several processes asking at once
 * one computes and the others read its row; re-checks the row once the lock is held.
 */
async function computeAndStore(db: Database, tournamentId: string): Promise<Popularity> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`popularity:${tournamentId}`}, 0))`,
    )
    const state = await readStoredPopularity(tx, tournamentId)
    if (!state) throw popularityNotFound()
    if (state.freshBody) return state.freshBody

    const counts = await computePopularity(tx, tournamentId)
    const matchRows = await tx
      .select({ id: matches.id, round: matches.round, matchNumber: matches.matchNumber })
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
    const computedAt = new Date()
    const lastBetAt = sql`${state.lastBetAt}::timestamptz`
    const slots: SlotPopularity[] = matchRows
      .map((match) => ({
        matchId: match.id,
        round: match.round,
        matchNumber: match.matchNumber,
        winners: mostPickedFirst(counts.byMatch.get(match.id) ?? []),
      }))
      .sort((a, b) => roundIndex(a.round) - roundIndex(b.round) || a.matchNumber - b.matchNumber)
    const final = slots.find((slot) => slot.round === 'final')
    const body: Popularity = {
      tournamentId,
      bracketCount: counts.bracketCount,
      computedAt: computedAt.toISOString(),
      slots,
      champions: final?.winners ?? [],
      mvps: mostPickedFirst(counts.mvps).slice(0, TOP_MVPS),
      mostCommon: counts.mostCommon,
    }
    await tx
      .insert(tournamentPopularity)
      .values({
        tournamentId,
        lastBetAt,
        bracketCount: counts.bracketCount,
        body,
        computedAt,
      })
      .onConflictDoUpdate({
        target: tournamentPopularity.tournamentId,
        set: {
          lastBetAt,
          bracketCount: counts.bracketCount,
          body,
          computedAt,
        },
      })
    return body
  })
}

const roundIndex = (round: Round) => ROUND_ORDER.indexOf(round)

function mostPickedFirst(counts: readonly PickCount[]): PickCount[] {
  return [...counts].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))
}
