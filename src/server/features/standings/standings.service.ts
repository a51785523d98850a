// Reading the standings (docs/product.md "Standings"): a page of the contest's order and the caller's own
// row (standings-rows.ts), each scored and ranked by the build (build-scoring.ts), all kept in
// memory per build (standings-cache.ts); tiers and accuracy from the domain's rules. Before the
// deadline only the number of entries. The order is rebuilt by standings-rebuild.ts.
import { and, count, eq, ne } from 'drizzle-orm'
import { indexBracket } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { tierFor, type TierConfig } from '#domain/prize/tiers'
import { toAccuracyPercent } from '#domain/scoring/scoring'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { Contest } from '#shared/schemas/contest'
import type { Standings, StandingsQuery, StandingsRow } from '#shared/schemas/standings'
import type { Database } from '#server/db/client'
import { bets, type tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { secondChanceEntries } from '#server/game/second-chance-config'
import { loadScoring, tierConfigsOf } from '#server/game/scoring'
import { isUuid } from '#server/game/ids'
import { leagueEntries, leagueRows } from './league-standings'
import { readBuildRanking } from '#server/game/build-scoring'
import { rebuildStandings } from './standings-rebuild'
import { readOwnRow, readPageRows, type StoredStandingsRow } from './standings-rows'
import { readOwnPosition, searchStandingsRows } from './standings-search'
import { buildKey, createStandingsCache, type StandingsCache } from '#server/game/standings-cache'
import { readStandingsContext, type StandingsBuild } from './standings-context'

// Databases whose standings a background refresher keeps fresh (standings-refresher.ts).
const refreshedInBackground = new WeakSet<Database>()

/**
 * With a refresher running, a read never waits for a rebuild (seconds at a million brackets)
 * unless the tournament has no standings at all yet; without one (tests, scripts) a read rebuilds
 * stale standings itself.
 */
export function setStandingsRefreshedInBackground(db: Database, isRefreshed: boolean): void {
  if (isRefreshed) refreshedInBackground.add(db)
  else refreshedInBackground.delete(db)
}

// Pages and own rows of recent builds, per database (tests open many).
const caches = new WeakMap<Database, StandingsCache>()
function cacheOf(db: Database): StandingsCache {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = createStandingsCache()))
  return cache
}

export interface StandingsOptions extends Omit<StandingsQuery, 'q'> {
  /** "Find a fan": the brackets whose fan's name contains this, instead of a page. */
  q?: string
  userId: string | null
  /** main by default; second_chance ranks only the second chance's brackets. */
  contest?: Contest
  now?: Date
}

type StoredRow = StoredStandingsRow

export async function getStandings(
  db: Database,
  tournamentId: string,
  { userId, page, pageSize, leagueId, q, contest = 'main', now = new Date() }: StandingsOptions,
): Promise<Standings> {
  const inBackground = refreshedInBackground.has(db)
  const context = isUuid(tournamentId)
    ? await readStandingsContext(db, tournamentId, {
        leagueId,
        userId,
        checkFreshness: !inBackground,
      })
    : undefined
  if (!context) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const { tournament, membership } = context
  // A league (docs/product.md "Leagues") ranks within its members; 404 to anyone not in it.
  if (leagueId !== undefined && membership === null) {
    throw new AppError('NOT_FOUND', 'League not found.')
  }

  const tiers = tierConfigsOf(tournament.prizePoolConfig)
  // Open once no bet can come any more: the deadline passed, or play started before it; the
  // second chance's once its own deadline passed or a quarterfinal had a winner (decision 150).
  const isTakingBets =
    contest === 'main'
      ? isBettingOpen(tournament.status, tournament.bettingDeadline, now)
      : await isSecondChanceTakingBets(db, tournament.id, tournament.status, now)
  if (isTakingBets) {
    const [[entries], total] = await Promise.all([
      db
        .select({ entries: count() })
        .from(bets)
        .where(
          and(
            eq(bets.tournamentId, tournamentId),
            eq(bets.contest, contest),
            ne(bets.status, 'refunded'),
          ),
        ),
      totalOf(db, tournament, contest),
    ])
    const closed = {
      ...{ tournamentId, total, page, pageSize, rows: [], me: null, myPage: null, builtAt: null },
    }
    if (leagueId !== undefined) {
      const inLeague = await leagueEntries(db, tournamentId, leagueId, contest)
      return { ...closed, isOpen: false, entries: inLeague }
    }
    return { ...closed, isOpen: false, entries: entries?.entries ?? 0 }
  }

  const build = await freshBuild(db, tournamentId, context.build)
  // What this build holds is kept under its key; the contest is part of it, a league adds its own.
  const key = `${buildKey(tournamentId, build.builtAt)}|${contest}`
  const cache = cacheOf(db)
  const total = await cache.get(`${key}|total`, () => totalOf(db, tournament, contest))
  const toRow = (row: StoredRow) => standingsRow(row, { total, tiers, userId })
  // The build's scoring and levels, read once per build (build-scoring.ts).
  const ranking = () =>
    cache.get(`${buildKey(tournamentId, build.builtAt)}|ranking`, () =>
      readBuildRanking(db, tournamentId),
    )
  if (leagueId !== undefined && membership !== null) {
    const { builtAt } = build
    const query = { tournamentId, leagueId, contest, membership, builtAt, userId, page, pageSize }
    const { rows, me, entries, myPosition } = await leagueRows(db, { ...query, q, ranking }, cache)
    const shown = { rows: rows.map(toRow), me: me && toRow(me), builtAt: builtAt.toISOString() }
    const myPage = myPosition === null ? null : Math.ceil(myPosition / pageSize)
    return { tournamentId, total, page, pageSize, isOpen: true, entries, myPage, ...shown }
  }
  const first = (page - 1) * pageSize
  const [storedRows, myRow] = await Promise.all([
    q !== undefined
      ? ranking().then((built) =>
          built
            ? searchStandingsRows(db, built, { tournamentId, contest, q, limit: pageSize })
            : [],
        )
      : cache.get(`${key}|page|${first}|${pageSize}`, async () => {
          const built = await ranking()
          const query = { tournamentId, contest, buildKey: key, first, pageSize }
          return built ? readPageRows(db, { ...query, ranking: built }) : []
        }),
    userId
      ? cache.get(`${key}|me|${userId}`, async () => {
          const built = await ranking()
          const row = built ? await readOwnRow(db, built, { tournamentId, contest, userId }) : null
          if (!row) return null
          const where = { tournamentId, contest, userId, rank: row.rank }
          return { ...row, position: await readOwnPosition(db, where) }
        })
      : null,
  ])
  const myPosition = myRow?.position ?? null
  return {
    tournamentId,
    total,
    page,
    pageSize,
    isOpen: true,
    entries: contest === 'main' ? build.entries : build.secondChanceEntries,
    rows: storedRows.map(toRow),
    me: myRow ? toRow(myRow) : null,
    myPage: myPosition === null ? null : Math.ceil(myPosition / pageSize),
    builtAt: build.builtAt.toISOString(),
  }
}

/** The contest's playable matches + 1 (the MVP): what accuracy divides by. */
async function totalOf(
  db: Database,
  tournament: typeof tournaments.$inferSelect,
  contest: Contest,
) {
  const { results } = await loadScoring(db, tournament)
  return indexBracket(contestMatches(results, contest)).playable.length + 1
}

/** The tournament's build, rebuilt first when missing (or stale with nobody refreshing it). */
async function freshBuild(
  db: Database,
  tournamentId: string,
  build: StandingsBuild | null,
): Promise<StandingsBuild> {
  if (build?.isFresh) return build
  await rebuildStandings(db, tournamentId)
  // Another process may have held the rebuild; its build is then there, or comes shortly.
  const rebuilt = await readStandingsContext(db, tournamentId, {
    userId: null,
    checkFreshness: false,
  })
  return (
    rebuilt?.build ?? { entries: 0, secondChanceEntries: 0, builtAt: new Date(), isFresh: false }
  )
}

/** Whether the second chance still takes entries; a tournament without one has no such standings. */
async function isSecondChanceTakingBets(
  db: Database,
  tournamentId: string,
  status: typeof tournaments.$inferSelect.status,
  now: Date,
): Promise<boolean> {
  const entries = await secondChanceEntries(db, tournamentId, status, now)
  if (entries === 'none') throw new AppError('NOT_FOUND', 'No second chance on this tournament.')
  return entries === 'open'
}

function standingsRow(
  row: StoredRow,
  { total, tiers, userId }: { total: number; tiers: readonly TierConfig[]; userId: string | null },
): StandingsRow {
  const correct = Math.min(row.correct, total)
  const maxPossible = Math.min(row.maxPossible, total)
  return {
    rank: row.rank,
    username: row.username,
    correct,
    maxPossible,
    accuracy: toAccuracyPercent(correct, total),
    tiebreakerDistance: row.tiebreakerDistance,
    tierNow: tierFor(correct, total, tiers),
    bestTier: tierFor(maxPossible, total, tiers),
    isMe: row.userId === userId,
  }
}
