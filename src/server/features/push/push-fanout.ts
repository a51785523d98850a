// A match result's pushes (docs/product.md "The app on a phone: push notifications, installing, offline", decision 131). The result's transaction records a
// fan-out (game/push-queue.ts); this job walks the tournament's main brackets in the order of
// bets_tournament_live_idx, a batch at a time, and writes each entrant's push — "Coello / Tapia
// won: your pick is correct, 9 of 11 so far" — to each of their devices, in the transaction that
// moves the fan-out's cursor (its row locked FOR UPDATE SKIP LOCKED). A crash rolls a batch back
// with its cursor; the unique (device, message) key makes a batch run twice write nothing.
// Every pick a main bracket makes is decided by some result, so every entrant hears of each one.
import { eq, inArray, sql } from 'drizzle-orm'
import { shortNameOf } from '#domain/player/short-name'
import type { Database, Transaction } from '#server/db/client'
import { matchResultColumns } from '#server/db/match-results'
import { matches, players, teams, tournaments } from '#server/db/schema'
import { betCodesSql, correctPicksSql, loadSqlScoring } from '#server/game/scoring-sql'
import { wantsPushSql } from '#server/game/push-preferences'
import { expiresAtSql } from '#server/game/push-queue'

/** Brackets per batch: one INSERT … SELECT by index. */
export const PUSH_FANOUT_BATCH = 5000

type Rows<T> = { rows: T[] }

interface ClaimedFanout {
  id: string
  tournament_id: string
  match_id: string
  winner_team_id: string
  after_created_at: string | null
  after_bet_id: string | null
}

async function claimFanout(tx: Transaction): Promise<ClaimedFanout | null> {
  const { rows } = (await tx.execute(sql`
    select id, tournament_id, match_id, winner_team_id, after_created_at::text, after_bet_id::text
      from push_fanouts
     where done_at is null
     order by created_at
     limit 1
       for update skip locked`)) as unknown as Rows<ClaimedFanout>
  return rows[0] ?? null
}

/** "Coello / Tapia": the pair's short names, as the bracket cards show them. */
async function pairShortName(tx: Transaction, teamId: string): Promise<string> {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId))
  if (!team) return '?'
  const rows = await tx
    .select({ id: players.id, name: players.name, shortName: players.shortName })
    .from(players)
    .where(inArray(players.id, [team.player1Id, team.player2Id]))
  const nameOf = (id: string) => {
    const player = rows.find((row) => row.id === id)
    return player ? shortNameOf(player) : '?'
  }
  return `${nameOf(team.player1Id)} / ${nameOf(team.player2Id)}`
}

async function finish(tx: Transaction, id: string): Promise<void> {
  await tx.execute(
    sql`update push_fanouts set done_at = now(), updated_at = now() where id = ${id}`,
  )
}

/** Writes one batch of one result's pushes; answers the brackets walked (0: nothing due). */
export async function writeDuePushFanouts(
  db: Database,
  { batch = PUSH_FANOUT_BATCH }: { batch?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const fanout = await claimFanout(tx)
    if (!fanout) return 0
    const [tournament] = await tx
      .select({ name: tournaments.name })
      .from(tournaments)
      .where(eq(tournaments.id, fanout.tournament_id))
    const results = await tx
      .select(matchResultColumns)
      .from(matches)
      .where(eq(matches.tournamentId, fanout.tournament_id))
    const match = results.find((row) => row.id === fanout.match_id)
    // Changed or cleared since: the fan-out of the result that replaced it speaks instead.
    if (!tournament || match?.winnerTeamId !== fanout.winner_team_id) {
      await finish(tx, fanout.id)
      return 1
    }
    // The picks decided so far (no MVP yet): "9 of 11".
    const decided = await loadSqlScoring(tx, results, null)
    const winner = await pairShortName(tx, fanout.winner_team_id)
    const isCorrect = sql`(pick_code(${fanout.match_id}::text, ${fanout.winner_team_id}::text)
                           = any(${betCodesSql}))`
    const { rows } = (await tx.execute(sql`
      with walked as materialized (
        select b.id, b.user_id, b.created_at,
               ${correctPicksSql(decided, betCodesSql)} as correct,
               ${isCorrect} as is_correct
          from bets b
         where b.tournament_id = ${fanout.tournament_id}::uuid and b.contest = 'main'
           and b.status <> 'refunded'
           and (b.created_at, b.id) > (
                 coalesce(${fanout.after_created_at}::timestamptz, '-infinity'::timestamptz),
                 coalesce(${fanout.after_bet_id}::uuid,
                          '00000000-0000-0000-0000-000000000000'::uuid))
         order by b.created_at, b.id
         limit ${batch}
      ),
      pushed as (
        insert into push_outbox (subscription_id, kind, dedupe_key, data, expires_at)
        select s.id, 'match_result',
               ${`match_result:${fanout.match_id}:${fanout.winner_team_id}`},
               jsonb_build_object(
                 'lang', coalesce(p.locale, 'en'),
                 'tournamentId', ${fanout.tournament_id}::text,
                 'tournamentName', ${tournament.name}::text,
                 'winner', ${winner}::text,
                 'isCorrect', walked.is_correct,
                 'correct', walked.correct,
                 'decided', ${decided.winningCodes.length}::int),
               ${expiresAtSql('match_result')}
          from walked
          join push_subscriptions s on s.user_id = walked.user_id
          join "user" u on u.id = walked.user_id
          left join user_preferences p on p.user_id = walked.user_id
         where u.banned is not true and ${wantsPushSql('results')}
        on conflict (subscription_id, dedupe_key) do nothing
      )
      select count(*)::integer as walked,
             (select created_at::text from walked order by created_at desc, id desc limit 1)
               as last_created_at,
             (select id::text from walked order by created_at desc, id desc limit 1) as last_bet_id
        from walked`)) as unknown as Rows<{
      walked: number
      last_created_at: string | null
      last_bet_id: string | null
    }>
    const { walked, last_created_at: lastCreatedAt, last_bet_id: lastBetId } = rows[0]!
    await tx.execute(sql`
      update push_fanouts
         set after_created_at = coalesce(${lastCreatedAt}::timestamptz, after_created_at),
             after_bet_id = coalesce(${lastBetId}::uuid, after_bet_id),
             done_at = ${walked < batch ? sql`now()` : sql`null`},
             updated_at = now()
       where id = ${fanout.id}`)
    return Math.max(walked, 1)
  })
}
