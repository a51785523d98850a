// The People's Bracket (docs/product.md "Fans' brackets and the People's Bracket"): what the fans picked, computed once after betting
// closes, kept in tournament_popularity and served from there (docs/decisions/096).
import { createHash } from 'node:crypto'
import { and, eq, gte, sql } from 'drizzle-orm'
import { ROUND_ORDER, type Round } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { Contest } from '#shared/schemas/contest'
import type { PickCount, Popularity, SlotPopularity } from '#shared/schemas/brackets'
import type { Database } from '#server/db/client'
import { matches, tournamentPopularity, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { secondChanceEntries } from '#server/game/second-chance-config'
import { isUuid } from '#server/game/ids'
import { computePopularity } from './popularity-sql'

const TOP_MVPS = 10

function popularityNotFound(): AppError {
  return new AppError('NOT_FOUND', "No People's Bracket for this tournament.")
}

// Computations in flight in this process: concurrent first requests share one (the advisory
// lock below does the same across processes).
const inFlight = new WeakMap<Database, Map<string, Promise<string>>>()

// The stored answers this process has served, as JSON text keyed by tournament, with the newest
// bet they counted and when that was last checked. Within a second of the check a request costs
// no query at all; after it, one small indexed query. A reopened betting window (an admin's
// change) is therefore seen within a second (docs/decisions/096).
const SERVED_CACHE_SIZE = 200
const RECHECK_MS = 1_000
interface ServedEntry {
  lastBetAt: string | null
  json: string
  /** A digest of json, made once per stored answer: the route's ETag. */
  etag: string
  checkedAt: number
}
const served = new WeakMap<Database, Map<string, ServedEntry>>()

/**
 * GET /api/tournaments/:id/popularity?contest= as JSON text (a Popularity) with its ETag, from
 * this process's copy when it is current: 404 while betting is open (the counts would tell what
 * fans picked before the deadline) — for the second chance while it takes entries, or when the
 * tournament has none —, for a cancelled tournament, and for an unknown id. The second chance's
 * counts only its own brackets, over its matches.
 */
export async function getPopularityAnswer(
  db: Database,
  tournamentId: string,
  now: Date = new Date(),
  contest: Contest = 'main',
): Promise<{ json: string; etag: string }> {
  if (!isUuid(tournamentId)) throw popularityNotFound()
  const cache = served.get(db) ?? new Map<string, ServedEntry>()
  served.set(db, cache)
  const key = `${tournamentId}:${contest}`
  const cached = cache.get(key)
  if (cached && now.getTime() - cached.checkedAt < RECHECK_MS) return cached

  const state = await readBettingState(db, tournamentId, contest)
  if (!state || state.status === 'cancelled') throw popularityNotFound()
  if (isBettingOpen(state.status, state.bettingDeadline, now)) throw popularityNotFound()
  // A second chance still taking entries, or none at all: no People's Bracket of it.
  if (
    contest === 'second_chance' &&
    (await secondChanceEntries(db, tournamentId, state.status, now)) !== 'closed'
  ) {
    throw popularityNotFound()
  }

  if (cached && cached.lastBetAt === state.lastBetAt) {
    cached.checkedAt = now.getTime()
    return cached
  }

  const json =
    (await readStoredJson(db, tournamentId, contest, state.lastBetAt, state.bettingDeadline)) ??
    (await computeOnce(db, tournamentId, contest))
  const entry = { lastBetAt: state.lastBetAt, json, etag: etagOf(json), checkedAt: now.getTime() }
  cache.delete(key)
  cache.set(key, entry)
  // The oldest entry goes first (a Map keeps insertion order).
  if (cache.size > SERVED_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return entry
}

function etagOf(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`
}

/**
 * The People's Bracket computed now from the bets there are and stored (or the stored one, when no
 * bet came since), as JSON text: one computation at a time per tournament and contest.
 */
export function computeOnce(db: Database, tournamentId: string, contest: Contest): Promise<string> {
  const running = inFlight.get(db) ?? new Map<string, Promise<string>>()
  inFlight.set(db, running)
  const key = `${tournamentId}:${contest}`
  const shared = running.get(key)
  if (shared) return shared
  const computing = computeAndStore(db, tournamentId, contest).finally(() => running.delete(key))
  running.set(key, computing)
  return computing
}

interface BettingState {
  status: (typeof tournaments.$inferSelect)['status']
  bettingDeadline: Date
  /** The newest bet's time as PostgreSQL writes it (microseconds kept), or null without bets. */
  lastBetAt: string | null
}

/** The tournament and its newest bet (the top of bets_tournament_live_idx). */
async function readBettingState(
  db: Pick<Database, 'select'>,
  tournamentId: string,
  contest: Contest,
): Promise<BettingState | undefined> {
  const [row] = await db
    .select({
      status: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      lastBetAt: sql<string | null>`(select max(b.created_at) from bets b
        where b.tournament_id = ${tournamentId} and b.contest = ${contest})::text`,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
  return row
}

/**
 * The stored answer, when it was computed with the bets there are now. Once betting has closed
 * (`closedAt`), only an answer computed after it: one computed while betting was open, for the
 * popular picks (decision 163), may miss a bracket changed since, which moves no bet's time.
 */
async function readStoredJson(
  db: Pick<Database, 'select'>,
  tournamentId: string,
  contest: Contest,
  lastBetAt: string | null,
  closedAt: Date | null,
): Promise<string | null> {
  const [row] = await db
    .select({ json: sql<string>`${tournamentPopularity.body}::text` })
    .from(tournamentPopularity)
    .where(
      and(
        eq(tournamentPopularity.tournamentId, tournamentId),
        eq(tournamentPopularity.contest, contest),
        sql`${tournamentPopularity.lastBetAt} is not distinct from ${lastBetAt}::timestamptz`,
        closedAt === null ? undefined : gte(tournamentPopularity.computedAt, closedAt),
      ),
    )
  return row?.json ?? null
}

/**
 * Computes under an advisory lock per tournament, so that of several processes asking at once
 * one computes and the others read its row; re-checks the row once the lock is held.
 */
async function computeAndStore(
  db: Database,
  tournamentId: string,
  contest: Contest,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`popularity:${tournamentId}:${contest}`}, 0))`,
    )
    const state = await readBettingState(tx, tournamentId, contest)
    if (!state) throw popularityNotFound()
    const closedAt = isBettingOpen(state.status, state.bettingDeadline, new Date())
      ? null
      : state.bettingDeadline
    const stored = await readStoredJson(tx, tournamentId, contest, state.lastBetAt, closedAt)
    if (stored !== null) return stored

    const counts = await computePopularity(tx, tournamentId, contest)
    // The second chance's People's Bracket is drawn over its own rounds (from the quarterfinals).
    const matchRows = contestMatches(
      await tx
        .select({ id: matches.id, round: matches.round, matchNumber: matches.matchNumber })
        .from(matches)
        .where(eq(matches.tournamentId, tournamentId)),
      contest,
    )
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
        contest,
        lastBetAt,
        bracketCount: counts.bracketCount,
        body,
        computedAt,
      })
      .onConflictDoUpdate({
        target: [tournamentPopularity.tournamentId, tournamentPopularity.contest],
        set: {
          lastBetAt,
          bracketCount: counts.bracketCount,
          body,
          computedAt,
        },
      })
    return JSON.stringify(body)
  })
}

const roundIndex = (round: Round) => ROUND_ORDER.indexOf(round)

function mostPickedFirst(counts: readonly PickCount[]): PickCount[] {
  return [...counts].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))
}
