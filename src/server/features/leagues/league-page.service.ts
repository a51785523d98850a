// The league page (docs/product.md "Leagues"): how many members entered each tournament (never their
// picks: a bracket stays private until betting closes, docs/decisions/095), and a season table
// over the settled tournaments. Members see all of it; an outsider of a public league the head
// only; anyone else a 404. The members themselves come paged (league-members.service.ts).
import { inArray, sql } from 'drizzle-orm'
import { indexBracket } from '#domain/bracket/bracket'
import { toAccuracyPercent } from '#domain/scoring/scoring'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { LeagueDetail, LeagueTournament, SeasonRow } from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { tournaments, type StoredBuildLevels, type StoredBuildScoring } from '#server/db/schema'
import type { Contest } from '#shared/schemas/contest'
import { usernameSql } from '#server/game/usernames'
import { loadScoring } from '#server/game/scoring'
import { betCodesTextSql, buildRanking, type BuildRanking } from '#server/game/build-scoring'
import { readLeague } from './league-access'
import { leagueSummary } from './leagues.service'

/** Tournaments on the page: the open ones and those a member entered, the latest first. */
export const LEAGUE_PAGE_TOURNAMENTS = 20

type Rows<T> = { rows: T[] }

export async function getLeagueDetail(
  db: Database,
  leagueId: string,
  userId: string,
  now = new Date(),
): Promise<LeagueDetail> {
  const { league, role } = await readLeague(db, leagueId, userId)
  const summary = await leagueSummary(db, league.id, userId)
  const head = {
    ...summary,
    createdAt: league.createdAt.toISOString(),
    joiningOpen: league.joiningOpen,
    inviteCode: role !== null && league.joiningOpen ? league.inviteCode : null,
    joinCode: role !== null && league.joiningOpen ? league.joinCode : null,
  }
  if (role === null) return { ...head, tournaments: [], season: [] }
  return {
    ...head,
    tournaments: await leagueTournaments(db, league.id, league.ownerId, now),
    season: await seasonTable(db, league.id),
  }
}

async function leagueTournaments(
  db: Database,
  leagueId: string,
  ownerId: string,
  now: Date,
): Promise<LeagueTournament[]> {
  const entered = sql`select b.user_id from league_members m
      join bets b on b.user_id = m.user_id and b.tournament_id = t.id and b.status <> 'refunded'
     where m.league_id = ${leagueId}`
  const { rows } = (await db.execute(sql`
    select t.id, t.name, t.status, t.betting_deadline,
           (select count(*) from (${entered}) e)::int as entered_count,
           exists (${entered} and m.user_id = ${ownerId}) as owner_entered,
           (select member_count from leagues where id = ${leagueId}) as member_count
      from tournaments t
     where t.status <> 'cancelled'
       and (t.status = 'upcoming' or exists (${entered}))
     order by t.betting_deadline desc, t.id
     limit ${LEAGUE_PAGE_TOURNAMENTS}`)) as unknown as Rows<{
    id: string
    name: string
    status: 'upcoming' | 'active' | 'completed'
    betting_deadline: Date | string
    entered_count: number
    owner_entered: boolean
    member_count: number
  }>
  return rows.map((row) => {
    const deadline = new Date(row.betting_deadline)
    return {
      tournamentId: row.id,
      name: row.name,
      isBettingOpen: isBettingOpen(row.status, deadline, now),
      bettingDeadline: deadline.toISOString(),
      enteredCount: row.entered_count,
      othersMissingCount: Math.max(
        0,
        row.member_count - row.entered_count - (row.owner_entered ? 0 : 1),
      ),
    }
  })
}

/**
 * Per member over their settled brackets (won or lost): coins won (bet_won payouts), the mean
 * accuracy and the number of brackets. Ranked by coins, then accuracy (competition rank: 1, 1, 3).
 */
async function seasonTable(db: Database, leagueId: string): Promise<SeasonRow[]> {
  const { rows } = (await db.execute(sql`
    select b.user_id, ${usernameSql} as username, b.tournament_id, b.contest,
           ${betCodesTextSql} as codes, b.final_total_games, sb.scoring, sb.levels,
           coalesce((select sum(w.amount) from wallet_transactions w
                      where w.related_bet_id = b.id and w.type = 'bet_won'), 0)::bigint as won
      from league_members m
      join bets b on b.user_id = m.user_id and b.status in ('won', 'lost')
      join "user" on "user".id = m.user_id
      left join standings_builds sb on sb.tournament_id = b.tournament_id
     where m.league_id = ${leagueId}`)) as unknown as Rows<{
    user_id: string
    username: string
    tournament_id: string
    contest: Contest
    codes: string[]
    final_total_games: number | null
    scoring: StoredBuildScoring | null
    levels: StoredBuildLevels | null
    won: string | number
  }>
  const totals = await scoredTotals(db, [...new Set(rows.map((row) => row.tournament_id))])
  type Totals = { username: string; coins: number; accuracies: number[]; brackets: number }
  const byUser = new Map<string, Totals>()
  // One ranking per tournament's build, from which each member's correct picks follow.
  const rankings = new Map<string, BuildRanking | null>()
  const rankingOf = ({ tournament_id, scoring, levels }: (typeof rows)[number]) => {
    if (!rankings.has(tournament_id))
      rankings.set(tournament_id, scoring && levels ? buildRanking(scoring, levels) : null)
    return rankings.get(tournament_id)
  }
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? {
      username: row.username,
      coins: 0,
      accuracies: [],
      brackets: 0,
    }
    entry.coins += Number(row.won)
    entry.brackets += 1
    const total = totals.get(row.tournament_id)
    const ranking = rankingOf(row)
    const bet = { contest: row.contest, codes: row.codes, finalTotalGames: row.final_total_games }
    const correct = ranking?.standingOf(bet)?.correct
    if (correct !== undefined && total)
      entry.accuracies.push(toAccuracyPercent(Math.min(correct, total), total))
    byUser.set(row.user_id, entry)
  }
  const unranked = [...byUser].map(([userId, entry]) => ({
    userId,
    username: entry.username,
    coinsWon: entry.coins,
    averageAccuracy:
      entry.accuracies.length === 0
        ? 0
        : Math.round(
            (entry.accuracies.reduce((a, b) => a + b, 0) / entry.accuracies.length) * 100,
          ) / 100,
    brackets: entry.brackets,
  }))
  unranked.sort(
    (a, b) =>
      b.coinsWon - a.coinsWon ||
      b.averageAccuracy - a.averageAccuracy ||
      a.username.localeCompare(b.username),
  )
  let rank = 0
  return unranked.map((row, index) => {
    const previous = unranked[index - 1]
    const tied =
      previous?.coinsWon === row.coinsWon && previous.averageAccuracy === row.averageAccuracy
    if (!tied) rank = index + 1
    return { rank, ...row }
  })
}

/** Picks scored per tournament (playable matches + the MVP), as the standings count them. */
async function scoredTotals(db: Database, tournamentIds: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>()
  if (tournamentIds.length === 0) return totals
  const rows = await db.select().from(tournaments).where(inArray(tournaments.id, tournamentIds))
  for (const tournament of rows) {
    const { results } = await loadScoring(db, tournament)
    totals.set(tournament.id, indexBracket(results).playable.length + 1)
  }
  return totals
}
