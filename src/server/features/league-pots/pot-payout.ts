// Closing a league pot (docs/product.md "Leagues", docs/decisions/138): once its tournament's settlement
// has completed the pot goes to its winners (league_pot_win); a cancelled tournament, or fewer
// than two entries once betting has closed, gives every stake back (league_stake_refund). The
// domain's potOutcome decides who gets what from the entries' correct picks and tiebreakers.
//
// Exactly once: one transaction holds the pot row (still open) while it credits the members,
// stores each entry's payout and what it was decided by, marks the pot closed, and writes the
// notifications and mails. A crash before the commit leaves the pot open and nothing paid, and the
// next look pays it; each credit's ledger key (one per entry and type) would refuse a second
// payment anyway. A pot has at most a league's 10,000 members, so one transaction is bounded.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { totalGames } from '#domain/padel/set-scores'
import { potOutcome, type PotEntry, type PotOutcome } from '#domain/league-pot/pot-payouts'
import type { Database, Transaction } from '#server/db/client'
import { leaguePots, leagues, matches, tournaments, wallets } from '#server/db/schema'
import {
  payLeaguePot,
  potCreditDescription,
  type PotCreditType,
} from '#server/ledger/pot-movements'
import { correctPicksSql, loadSqlScoring } from '#server/game/scoring-sql'
import { findSettlement, loadScoring } from '#server/game/scoring'
import { tellPotMembers, type PotKey, type PotMailEnv } from './pot-notices'

type Rows<T> = { rows: T[] }

/** Open pots that can close now: cancelled, settled, or short of entries after the deadline. */
export async function findClosablePots(db: Database | Transaction): Promise<PotKey[]> {
  const answer = (await db.execute(sql`
    select p.league_id as "leagueId", p.tournament_id as "tournamentId"
      from league_pots p join tournaments t on t.id = p.tournament_id
     where p.state = 'open'
       and (t.status = 'cancelled'
         or exists (select 1 from tournament_settlements s
                     where s.tournament_id = t.id and s.contest = 'main' and s.state = 'completed')
         or (p.entries < 2 and (t.betting_deadline <= now() or t.status <> 'upcoming')))
     order by p.tournament_id, p.league_id`)) as unknown as Rows<PotKey>
  return answer.rows
}

/** Closes the pot if it can close now; the outcome paid, or null (still open, or closed already). */
export async function closePot(
  db: Database,
  env: PotMailEnv,
  key: PotKey,
  now = new Date(),
): Promise<PotOutcome | null> {
  return db.transaction(async (tx) => {
    const [pot] = await tx
      .select()
      .from(leaguePots)
      .where(
        and(eq(leaguePots.leagueId, key.leagueId), eq(leaguePots.tournamentId, key.tournamentId)),
      )
      .for('update')
    if (!pot || pot.state !== 'open') return null
    const [tournament] = await tx
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, key.tournamentId))
    if (!tournament) return null
    const isCancelled = tournament.status === 'cancelled'
    const isClosedToBets = tournament.bettingDeadline <= now || tournament.status !== 'upcoming'
    const settlement = await findSettlement(tx, tournament.id)
    const isSettled = settlement?.state === 'completed'
    if (!isCancelled && !isSettled && !(isClosedToBets && pot.entries < 2)) return null

    const entries = isSettled && !isCancelled ? await scoredEntries(tx, key, tournament) : []
    const outcome = potOutcome(
      pot.stake,
      isSettled && !isCancelled ? entries : await unscoredEntries(tx, key),
      { isCancelled },
    )
    const [league] = await tx
      .select({ name: leagues.name })
      .from(leagues)
      .where(eq(leagues.id, key.leagueId))
    const leagueName = league?.name ?? 'a league'
    const type: PotCreditType = outcome.kind === 'won' ? 'league_pot_win' : 'league_stake_refund'
    const shares = outcome.kind === 'won' ? outcome.winners : outcome.refunds
    const walletOf = await walletsOf(
      tx,
      shares.map((share) => share.userId),
    )
    await payLeaguePot(
      tx,
      shares.map((share) => ({
        walletId: walletOf.get(share.userId)!,
        entry: { ...key, userId: share.userId },
        coins: share.coins,
        type,
      })),
      (creditType) => potCreditDescription(creditType, leagueName, tournament.name),
    )
    await recordResults(tx, key, shares, entries)
    await tx
      .update(leaguePots)
      .set({
        state: outcome.kind === 'won' ? 'paid' : 'refunded',
        refundReason: outcome.kind === 'refund' ? outcome.reason : null,
        closedAt: now,
        updatedAt: now,
      })
      .where(
        and(eq(leaguePots.leagueId, key.leagueId), eq(leaguePots.tournamentId, key.tournamentId)),
      )
    await tellPotMembers(tx, env, {
      key,
      outcome,
      leagueName,
      tournamentName: tournament.name,
    })
    return outcome
  })
}

/** The entries in joining order with their brackets' correct picks and tiebreaker distances. */
async function scoredEntries(
  tx: Transaction,
  key: PotKey,
  tournament: typeof tournaments.$inferSelect,
): Promise<PotEntry[]> {
  const scoring = await loadScoring(tx, tournament)
  const sqlScoring = await loadSqlScoring(tx, scoring.results, scoring.mvpPlayerId)
  const finalTotal = await finalTotalGames(tx, tournament.id)
  const answer = (await tx.execute(sql`
    select e.user_id, ${correctPicksSql(sqlScoring, sql`b.pick_codes`)} as correct,
           b.final_total_games
      from league_pot_entries e join bets b on b.id = e.bet_id
     where e.league_id = ${key.leagueId}::uuid and e.tournament_id = ${key.tournamentId}::uuid
     order by e.joined_at, e.user_id`)) as unknown as Rows<{
    user_id: string
    correct: number
    final_total_games: number | null
  }>
  return answer.rows.map((row, index) => ({
    userId: row.user_id,
    correct: Number(row.correct),
    distance:
      finalTotal === null || row.final_total_games === null
        ? null
        : Math.abs(row.final_total_games - finalTotal),
    joinedOrder: index,
  }))
}

async function unscoredEntries(tx: Transaction, key: PotKey): Promise<PotEntry[]> {
  const answer = (await tx.execute(sql`
    select user_id from league_pot_entries
     where league_id = ${key.leagueId}::uuid and tournament_id = ${key.tournamentId}::uuid
     order by joined_at, user_id`)) as unknown as Rows<{ user_id: string }>
  return answer.rows.map((row, index) => ({
    userId: row.user_id,
    correct: 0,
    distance: null,
    joinedOrder: index,
  }))
}

/** Each entry's payout (0 when it won nothing) and, when scored, what decided it. */
async function recordResults(
  tx: Transaction,
  key: PotKey,
  shares: readonly { userId: string; coins: number }[],
  scored: readonly PotEntry[],
): Promise<void> {
  const payouts = JSON.stringify(shares.map(({ userId, coins }) => ({ user_id: userId, coins })))
  const results = JSON.stringify(
    scored.map(({ userId, correct, distance }) => ({ user_id: userId, correct, distance })),
  )
  await tx.execute(sql`
    with paid as (
      select * from jsonb_to_recordset(${payouts}::jsonb) as p(user_id text, coins integer)
    ), decided as (
      select * from jsonb_to_recordset(${results}::jsonb)
        as r(user_id text, correct smallint, distance smallint)
    )
    update league_pot_entries e
       set payout = coalesce(paid.coins, 0), correct = decided.correct,
           tiebreaker_distance = decided.distance
      from league_pot_entries whole
      left join paid on paid.user_id = whole.user_id
      left join decided on decided.user_id = whole.user_id
     where whole.league_id = e.league_id and whole.tournament_id = e.tournament_id
       and whole.user_id = e.user_id
       and e.league_id = ${key.leagueId}::uuid and e.tournament_id = ${key.tournamentId}::uuid`)
}

async function walletsOf(
  tx: Transaction,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await tx
    .select({ userId: wallets.userId, id: wallets.id })
    .from(wallets)
    .where(inArray(wallets.userId, [...userIds]))
  return new Map(rows.map((row) => [row.userId, row.id]))
}

/** The final's total games once its winner and set scores are in, else null. */
async function finalTotalGames(tx: Transaction, tournamentId: string): Promise<number | null> {
  const [final] = await tx
    .select({ sets: matches.sets, winnerTeamId: matches.winnerTeamId })
    .from(matches)
    .where(and(eq(matches.tournamentId, tournamentId), eq(matches.round, 'final')))
  if (!final?.sets || final.winnerTeamId === null || final.sets.length === 0) return null
  return totalGames(final.sets)
}
