// Reading tournaments: the list, one tournament's row, pairs and matches, and its prize pool info.
// The tournament pages show them; bets, live, the second chance, share and results read them too.
// Participant count and pool are derived from the bets through an index (docs/product.md "Money"), never
// from a counter on the tournament row.
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import { toAccuracyPercent } from '#domain/scoring/scoring'
import { shortNameOf } from '#domain/player/short-name'
import { isBettingOpen } from '#domain/tournament/tournament'
import {
  TOURNAMENT_LIST_MAX_ROWS,
  type Match,
  type Pair,
  type PlayerSummary,
  type PrizePoolInfo,
  type TournamentCard,
  type TournamentDetail,
  type TournamentList,
} from '#shared/schemas/tournament'
import type { Database } from '#server/db/client'
import { bets, matches, players, teams, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { completeConfig, poolFigures, tiersOf } from './tournament-figures'
import { isUuid } from './ids'
import { matchResultColumns } from '#server/db/match-results'

export interface ViewerOptions {
  /** The signed-in user (for hasBet / myBetStatus), or null for a visitor. */
  userId: string | null
  now?: Date
}

type TournamentRow = typeof tournaments.$inferSelect

const myBets = alias(bets, 'my_bet')

// Correlated counts: each reads bets_tournament_live_idx / teams_tournament_id_idx only.
// Refunded bets are not participants, and only a cancelled tournament has them — all of its bets,
// refunded in the transaction that cancels it (features/settlement), never reopened — so a
// cancelled tournament counts none and the others count every bet. The index has no status in it
// (settling a bet is then a HOT update, drizzle/0011, decision 061).
const participantCountSql = sql<number>`(
  select count(*) from ${bets} live
  where live.tournament_id = ${tournaments.id} and live.contest = 'main'
    and ${tournaments.status} <> 'cancelled'
)`.mapWith(Number)
const latestBetAtSql = sql<Date | null>`(
  select max(live.created_at) from ${bets} live
  where live.tournament_id = ${tournaments.id} and live.contest = 'main'
    and ${tournaments.status} <> 'cancelled'
)`.mapWith(bets.createdAt)
const pairCountSql = sql<number>`(
  select count(*) from ${teams} pair where pair.tournament_id = ${tournaments.id}
)`.mapWith(Number)

function selectCards(db: Database, userId: string | null, where?: SQL) {
  return db
    .select({
      ...getTableColumns(tournaments),
      participantCount: participantCountSql,
      latestBetAt: latestBetAtSql,
      pairCount: pairCountSql,
      myBetStatus: myBets.status,
    })
    .from(tournaments)
    .leftJoin(
      myBets,
      // A visitor matches no bet: user ids are never empty.
      and(
        eq(myBets.tournamentId, tournaments.id),
        eq(myBets.userId, userId ?? ''),
        eq(myBets.contest, 'main'),
      ),
    )
    .where(where)
}

type CardRow = Awaited<ReturnType<typeof selectCards>>[number]

function toCard(row: CardRow, now: Date): TournamentCard {
  const figures = poolFigures(row.prizePoolConfig, row.participantCount)
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    bettingDeadline: row.bettingDeadline.toISOString(),
    prizePoolConfig: completeConfig(row.prizePoolConfig),
    basePool: figures.basePool,
    entryFee: figures.entryFee,
    multiplier: figures.multiplier,
    currentPrizePool: figures.currentPrizePool,
    participantCount: row.participantCount,
    pairCount: row.pairCount,
    prizePoolUpdatedAt: row.latestBetAt?.toISOString() ?? null,
    mvpPlayerId: row.mvpPlayerId,
    bracketsChangeable: row.bracketsChangeable,
    isBettingOpen: isBettingOpen(row.status, row.bettingDeadline, now),
    hasBet: row.myBetStatus !== null,
    myBetStatus: row.myBetStatus,
  }
}

/** The tournaments, newest start first, at most TOURNAMENT_LIST_MAX_ROWS. */
export async function listTournaments(
  db: Database,
  { userId, now = new Date() }: ViewerOptions,
): Promise<TournamentList> {
  const rows = await selectCards(db, userId)
    .orderBy(desc(tournaments.startDate), asc(tournaments.id))
    .limit(TOURNAMENT_LIST_MAX_ROWS)
  return { tournaments: rows.map((row) => toCard(row, now)), serverTime: now.toISOString() }
}

/** The tournament row, or AppError NOT_FOUND (also for ids that are not UUIDs). */
export async function getTournamentRow(db: Database, id: string): Promise<TournamentRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return row
}

async function getCard(db: Database, id: string, userId: string | null, now: Date) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const [row] = await selectCards(db, userId, eq(tournaments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return toCard(row, now)
}

const player1 = alias(players, 'player1')
const player2 = alias(players, 'player2')

function toPlayer(row: typeof players.$inferSelect): PlayerSummary {
  return {
    id: row.id,
    name: row.name,
    shortName: shortNameOf(row),
    country: row.country,
    ranking: row.ranking,
  }
}

/** Pairs by seed (unseeded last), then ranking (0 = unranked, last), then id. */
export async function listPairs(db: Database, tournamentId: string): Promise<Pair[]> {
  const rows = await db
    .select({ team: teams, player1, player2 })
    .from(teams)
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
    .where(eq(teams.tournamentId, tournamentId))
    .orderBy(
      sql`${teams.seed} asc nulls last`,
      sql`case when ${teams.ranking} = 0 then 1 else 0 end`,
      asc(teams.ranking),
      asc(teams.id),
    )
  return rows.map(({ team, player1: first, player2: second }) => ({
    id: team.id,
    seed: team.seed,
    ranking: team.ranking,
    wins: team.wins,
    losses: team.losses,
    winRate:
      team.wins + team.losses > 0 ? toAccuracyPercent(team.wins, team.wins + team.losses) : null,
    titles: team.titlesWon,
    player1: toPlayer(first),
    player2: toPlayer(second),
  }))
}

/** Matches in round order (round16 … final), then match number. */
export async function listMatches(db: Database, tournamentId: string): Promise<Match[]> {
  const rows = await db
    .select({
      ...matchResultColumns,
      sets: matches.sets,
      startsAt: matches.startsAt,
      court: matches.court,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.matchNumber), asc(matches.id))
  return rows
    .map((row) => ({ ...row, startsAt: row.startsAt?.toISOString() ?? null }))
    .sort((a, b) => ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round))
}

export async function getTournamentDetail(
  db: Database,
  id: string,
  { userId, now = new Date() }: ViewerOptions,
): Promise<TournamentDetail> {
  const card = await getCard(db, id, userId, now)
  const pairs = await listPairs(db, id)
  const matchList = await listMatches(db, id)
  let mvpPlayer: PlayerSummary | null = null
  if (card.mvpPlayerId) {
    const [row] = await db.select().from(players).where(eq(players.id, card.mvpPlayerId))
    mvpPlayer = row ? toPlayer(row) : null
  }
  return { ...card, pairs, matches: matchList, mvpPlayer, serverTime: now.toISOString() }
}

/** The spec's prize pool info (§3) for the prize breakdown modal. */
export async function getPrizePoolInfo(db: Database, id: string): Promise<PrizePoolInfo> {
  const tournament = await getTournamentRow(db, id)
  // As in the list: a cancelled tournament's bets are all refunded, the others' all live.
  const [live] =
    tournament.status === 'cancelled'
      ? []
      : await db
          .select({
            participantCount: sql<number>`count(*)`.mapWith(Number),
            latestBetAt: sql<Date | null>`max(${bets.createdAt})`.mapWith(bets.createdAt),
          })
          .from(bets)
          .where(and(eq(bets.tournamentId, id), eq(bets.contest, 'main')))
  const participantCount = live?.participantCount ?? 0
  const figures = poolFigures(tournament.prizePoolConfig, participantCount)
  return {
    current_prize_pool: figures.currentPrizePool,
    participant_count: participantCount,
    entry_fee: figures.entryFee,
    multiplier: figures.multiplier,
    base_pool: figures.basePool,
    tiers: tiersOf(tournament.prizePoolConfig),
    prize_pool_updated_at: live?.latestBetAt?.toISOString() ?? null,
  }
}
