// A shared bracket as anyone with its link sees it (docs/product.md "Sharing a bracket"): the same answer for
// every viewer, signed in or not, so no picks can leak before the deadline through who asks.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Picks } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { bracketOutlook } from '#domain/scoring/outlook'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { Contest } from '#shared/schemas/contest'
import type { Pair } from '#shared/schemas/tournament'
import type {
  SharedBracket,
  SharedBracketBody,
  SharedPick,
  SharePhase,
} from '#shared/schemas/share'
import { MAX_LEAGUE_MEMBERS } from '#shared/schemas/league'
import { user } from '#server/db/auth-schema'
import type { Database } from '#server/db/client'
import { matchResultColumns, matchScheduleColumns, toScheduleView } from '#server/db/match-results'
import {
  bets,
  leagueMembers,
  leagues,
  matches,
  players,
  tournaments,
  userPreferences,
  type StoredPick,
} from '#server/db/schema'
import { AppError } from '#server/errors'
import {
  countSecondChanceEntries,
  findSecondChanceConfig,
  secondChanceEntries,
  secondChancePool,
} from '#server/game/second-chance-config'
import { poolFigures } from '#server/game/tournament-figures'
import { listPairs } from '#server/game/tournament-reads'
import { markedPicks } from '#server/game/marked-picks'
import type { ShareIds } from '#server/game/share-id'

const shownUsername = sql<string>`coalesce(
  nullif(${user.displayUsername}, ''),
  nullif(${user.username}, ''),
  nullif(split_part(${user.email}, '@', 1), ''),
  'User'
)`

/**
 * While a bracket's contest takes entries its pool grows with every bet: the image shows the pool
 * as it stood when drawn, redrawn at most this often, so a crawler's request never counts the
 * bets and a busy tournament does not redraw its cards with each one (docs/decisions/165).
 */
export const CARD_POOL_REFRESH_MS = 10 * 60 * 1000

// The tournament's results as one string: every match's pairs and winner, and the MVP. Whatever
// changes a pick's mark changes it, so the share image is keyed by it (docs/decisions/104).
const resultsState = sql<string>`concat_ws('|', ${tournaments.mvpPlayerId}, (
  select string_agg(concat_ws(':', m.id, m.team1_id, m.team2_id, m.winner_team_id), ',' order by m.id)
  from ${matches} m where m.tournament_id = ${tournaments.id}
))`

/** The bet's row with its owner and tournament: one indexed read, the picks left out. */
async function findShareRow(db: Database, betId: string) {
  const [row] = await db
    .select({
      userId: bets.userId,
      mvpPlayerId: bets.mvpPlayerId,
      contest: bets.contest,
      betUpdatedAt: bets.updatedAt,
      username: shownUsername,
      timeZone: userPreferences.timeZone,
      tournament: tournaments,
      resultsState,
    })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .innerJoin(user, eq(user.id, bets.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, bets.userId))
    .where(eq(bets.id, betId))
  if (!row) throw new AppError('NOT_FOUND', 'Shared bracket not found.')
  return row
}

type ShareRow = Awaited<ReturnType<typeof findShareRow>>

/**
 * The picks show once the bracket's contest takes no more entries: the main bracket's deadline,
 * or the second chance's own (its deadline or a quarterfinal result, docs/product.md "Second chance").
 */
async function phaseOf(
  db: Database,
  { tournament, contest }: Pick<ShareRow, 'tournament' | 'contest'>,
  now: Date,
): Promise<SharePhase> {
  if (tournament.status === 'cancelled') return 'cancelled'
  const isTakingEntries =
    contest === 'main'
      ? isBettingOpen(tournament.status, tournament.bettingDeadline, now)
      : (await secondChanceEntries(db, tournament.id, tournament.status, now)) === 'open'
  return isTakingEntries ? 'entered' : 'bracket'
}

/** The bet a share id names; an unknown or malformed id is 404 NOT_FOUND alike (decision 103). */
export function betIdOfShare(shareIds: ShareIds, shareId: string): string {
  const betId = shareIds.betIdOf(shareId)
  if (!betId) throw new AppError('NOT_FOUND', 'Shared bracket not found.')
  return betId
}

export async function readSharedBracket(db: Database, shareIds: ShareIds, shareId: string) {
  return getSharedBracket(db, { betId: betIdOfShare(shareIds, shareId), shareId })
}

export async function getSharedBracket(
  db: Database,
  { betId, shareId, now = new Date() }: { betId: string; shareId: string; now?: Date },
): Promise<SharedBracket> {
  const row = await findShareRow(db, betId)
  const { tournament } = row
  const phase = await phaseOf(db, row, now)
  return {
    shareId,
    phase,
    username: row.username,
    tournament: {
      id: tournament.id,
      name: tournament.name,
      status: tournament.status,
      bettingDeadline: tournament.bettingDeadline.toISOString(),
      startDate: tournament.startDate.toISOString(),
      endDate: tournament.endDate.toISOString(),
    },
    pool: await poolOf(db, tournament, row.contest),
    bracket: phase === 'bracket' ? await bracketBody(db, betId, row) : null,
    league: await findInvitingLeague(db, row.userId),
  }
}

/**
 * The public league a visitor of the share page is invited to join (docs/decisions/165): of the
 * sharer's public leagues still taking members, the largest (then the oldest, then by id, so the
 * same share always names the same one). A private league is never named.
 */
export async function findInvitingLeague(db: Database, userId: string) {
  const [league] = await db
    .select({ id: leagues.id, name: leagues.name, memberCount: leagues.memberCount })
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .where(
      and(
        eq(leagueMembers.userId, userId),
        eq(leagues.visibility, 'public'),
        eq(leagues.joiningOpen, true),
        sql`${leagues.memberCount} < ${MAX_LEAGUE_MEMBERS}`,
      ),
    )
    .orderBy(desc(leagues.memberCount), asc(leagues.createdAt), asc(leagues.id))
    .limit(1)
  return league ?? null
}

/**
 * What the share image is drawn from: the names and phase at once (one query), a `state` string
 * that changes whenever the card could, and the marked bracket only when the card is drawn.
 */
export interface ShareCardSource {
  phase: SharePhase
  username: string
  tournamentName: string
  /** The contest's deadline, told in the sharer's zone (UTC when they set none). */
  deadline: Date
  timeZone: string | null
  state: string
  loadBracket(): Promise<SharedBracketBody | null>
  /** The contest's pool; counted only when the card is drawn. */
  loadPool(): Promise<number>
}

export async function findShareCardSource(
  db: Database,
  { betId, now = new Date() }: { betId: string; now?: Date },
): Promise<ShareCardSource> {
  const row = await findShareRow(db, betId)
  const phase = await phaseOf(db, row, now)
  const deadline = await deadlineOf(db, row)
  // Taking entries, the pool moves: the key changes every CARD_POOL_REFRESH_MS; after, it is set.
  const poolAge =
    phase === 'entered' ? String(Math.floor(now.getTime() / CARD_POOL_REFRESH_MS)) : ''
  return {
    phase,
    username: row.username,
    tournamentName: row.tournament.name,
    deadline,
    timeZone: row.timeZone,
    state: [
      phase,
      row.betUpdatedAt.toISOString(),
      row.tournament.status,
      row.resultsState,
      deadline.toISOString(),
      row.timeZone ?? '',
      poolAge,
    ].join('|'),
    loadBracket: () => (phase === 'bracket' ? bracketBody(db, betId, row) : Promise.resolve(null)),
    loadPool: async () => (await poolOf(db, row.tournament, row.contest)).currentPrizePool,
  }
}

/** The bracket's own deadline: the tournament's, or its second chance's (docs/product.md "Second chance"). */
async function deadlineOf(db: Database, { tournament, contest }: ShareRow): Promise<Date> {
  if (contest === 'main') return tournament.bettingDeadline
  const config = await findSecondChanceConfig(db, tournament.id)
  return config?.bettingDeadline ?? tournament.bettingDeadline
}

async function poolOf(db: Database, tournament: typeof tournaments.$inferSelect, contest: Contest) {
  if (contest === 'second_chance') {
    const config = await findSecondChanceConfig(db, tournament.id)
    const entrants = await countSecondChanceEntries(db, tournament.id, tournament.status)
    return {
      currentPrizePool: config ? secondChancePool(config, entrants) : 0,
      participantCount: entrants,
    }
  }
  // A cancelled tournament refunded every bet: nobody is in it any more.
  const [counted] =
    tournament.status === 'cancelled'
      ? []
      : await db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(bets)
          .where(and(eq(bets.tournamentId, tournament.id), eq(bets.contest, 'main')))
  const figures = poolFigures(tournament.prizePoolConfig, counted?.count ?? 0)
  return { currentPrizePool: figures.currentPrizePool, participantCount: figures.participantCount }
}

async function bracketBody(
  db: Database,
  betId: string,
  { mvpPlayerId, tournament, contest }: Pick<ShareRow, 'mvpPlayerId' | 'tournament' | 'contest'>,
): Promise<SharedBracketBody> {
  const bet = { mvpPlayerId, picks: await picksOf(db, betId) }
  const [allResults, pairs, mvpNames] = await Promise.all([
    db
      .select({ ...matchResultColumns, ...matchScheduleColumns })
      .from(matches)
      .where(eq(matches.tournamentId, tournament.id)),
    listPairs(db, tournament.id),
    bet.mvpPlayerId
      ? db.select({ name: players.name }).from(players).where(eq(players.id, bet.mvpPlayerId))
      : Promise.resolve([]),
  ])
  // A second chance is scored over its own rounds (7 picks + the MVP, docs/product.md "Second chance").
  const results = contestMatches(allResults, contest)
  const stored = bet.picks ?? []
  const picks: Picks = Object.fromEntries(
    stored.map((pick) => [pick.match_id, pick.predicted_winner_id]),
  )
  const outlook = bracketOutlook(picks, results, {
    pick: bet.mvpPlayerId,
    actual: tournament.mvpPlayerId,
  })
  const sharedPicks = markedPicks(
    stored,
    results,
    outlook.marks,
    new Map(allResults.map((match) => [match.id, toScheduleView(match)])),
  )
  return {
    picks: sharedPicks,
    pairs,
    champion: championOf(sharedPicks, pairs),
    mvp: bet.mvpPlayerId
      ? { playerId: bet.mvpPlayerId, name: mvpNames[0]?.name ?? '', mark: outlook.mvpMark }
      : null,
    correct: outlook.correct,
    total: outlook.total,
    maxPossible: outlook.maxPossible,
  }
}

/** The stored picks (kept out of line, decision 081): read only when the bracket is shown. */
async function picksOf(db: Database, betId: string): Promise<StoredPick[]> {
  const [row] = await db.select({ picks: bets.picks }).from(bets).where(eq(bets.id, betId))
  return row?.picks ?? []
}

function championOf(picks: readonly SharedPick[], pairs: readonly Pair[]) {
  const final = picks.find((pick) => pick.round === 'final')
  if (!final) return null
  const pair = pairs.find((candidate) => candidate.id === final.predictedWinnerId)
  const name = pair ? `${pair.player1.name} / ${pair.player2.name}` : ''
  return { teamId: final.predictedWinnerId, name, mark: final.mark }
}
