// The standings of one tournament rebuilt set-based (docs/decisions/093): every bracket's correct
// picks and maximum still possible counted from its pick codes (as settlement scores them,
// decision 061), ranked with window functions and written in one statement as chunks of
// positions — only the chunks that changed. The build keeps what it scored with and each level's
// rank, from which any one bet's row follows (build-scoring.ts). The refresher
// (standings-refresher.ts) runs it soon after a result, a correction or the MVP changes; a read
// runs it when nothing keeps the standings fresh.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { indexBracket } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { bustedPicks } from '#domain/scoring/busted-picks'
import { totalGames } from '#domain/padel/set-scores'
import { rowsOf, type Database, type Executor } from '#server/db/client'
import {
  bets,
  matches,
  standingsBuilds,
  standingsChunks,
  tournamentContests,
  tournaments,
  type StoredBuildLevels,
  type StoredBuildScoring,
} from '#server/db/schema'
import { publishLiveEvent } from '#server/game/live-events'
import { betCodesLateralSql, correctPicksSql, loadSqlScoring } from '#server/game/scoring-sql'
import { loadScoring } from '#server/game/scoring'
import { timeStandingsRebuild } from '#server/metrics/metrics'

/** Positions per standings_chunks row: a page of up to 100 reads one or two. */
export const STANDINGS_CHUNK_SIZE = 1_000

// With the tournament id's hash, the advisory lock one rebuild of that tournament holds.
const REBUILD_LOCK_CLASS = 93

/**
 * A digest of everything the standings are built from: the deadline, the MVP and every match's
 * pairs, winner and set scores, and the second chance's deadline with whether it has passed (its
 * brackets are ranked once no more can come). A build that stored another digest is stale.
 */
export function resultsDigestSql(tournamentId: SQL | string): SQL<string> {
  const id = typeof tournamentId === 'string' ? sql`${tournamentId}::uuid` : tournamentId
  return sql<string>`md5(
    (select coalesce(dt.betting_deadline::text, '') || '|' || coalesce(dt.mvp_player_id::text, '-')
       from ${tournaments} dt where dt.id = ${id})
    || '|' || coalesce((
      select string_agg(concat_ws(':', dm.id, coalesce(dm.team1_id::text, '-'),
          coalesce(dm.team2_id::text, '-'), coalesce(dm.winner_team_id::text, '-'),
          coalesce(dm.sets::text, '-')), ',' order by dm.id)
        from ${matches} dm where dm.tournament_id = ${id}), '')
    || '|' || coalesce((
      select dc.betting_deadline::text || (dc.betting_deadline <= now())::text
        from ${tournamentContests} dc
       where dc.tournament_id = ${id} and dc.contest = 'second_chance'), '-'))`
}

export interface RebuildResult {
  /** False when another process held this tournament's rebuild (this call did nothing). */
  rebuilt: boolean
  /** Brackets ranked, of both contests. */
  entries: number
}

const inFlight = new WeakMap<Database, Map<string, Promise<RebuildResult>>>()

/** Rebuilds a tournament's standings; calls in this process for one tournament share a run. */
export function rebuildStandings(db: Database, tournamentId: string): Promise<RebuildResult> {
  let running = inFlight.get(db)
  if (!running) inFlight.set(db, (running = new Map()))
  const shared = running.get(tournamentId)
  if (shared) return shared
  const run = timeStandingsRebuild(rebuild(db, tournamentId)).finally(() =>
    running.delete(tournamentId),
  )
  running.set(tournamentId, run)
  return run
}

async function rebuild(db: Database, tournamentId: string): Promise<RebuildResult> {
  return db.transaction(
    async (tx) => {
      const lock = rowsOf<{ acquired: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${REBUILD_LOCK_CLASS}, hashtext(${tournamentId}))
            as acquired`,
        ),
      )
      if (!lock[0]?.acquired) return { rebuilt: false, entries: 0 }
      await tx.execute(sql`set local statement_timeout = '5min'`)
      // The sort and the two rankings over every bracket stay in memory: with the default 4 MB
      // they spilled to disk and the rank window read its spill file over and over (3 s of 100k
      // brackets' 3.5 s on a busy machine, bench/README.md).
      await tx.execute(sql`set local work_mem = '256MB'`)
      // Derived rows: a commit lost in a crash leaves the stored digest behind the results, and
      // the refresher's first look after start-up rebuilds it. So the commit need not wait for
      // the disk.
      await tx.execute(sql`set local synchronous_commit = off`)

      const [tournament] = await tx
        .select()
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
      if (!tournament) return { rebuilt: false, entries: 0 }
      const { results, mvpPlayerId } = await loadScoring(tx, tournament)
      const winning = await loadSqlScoring(tx, results, mvpPlayerId)
      const { undecided, busted } = bustedPicks(results)
      // A second-chance bracket predicts the quarterfinals on: only those can still come true.
      const secondChanceUndecided = indexBracket(
        contestMatches(results, 'second_chance'),
      ).playable.filter((match) => match.winnerTeamId === null).length
      const bustedCodes = await loadPairCodes(
        tx,
        busted.flatMap(({ matchId, teamIds }) => teamIds.map((teamId) => ({ matchId, teamId }))),
      )
      const finalTotal = await finalTotalGames(tx, tournamentId)
      const mvpOpen = mvpPlayerId === null ? 1 : 0

      const scoring: StoredBuildScoring = {
        winning: winning.winningCodes,
        busted: bustedCodes,
        undecided: { main: undecided, second_chance: secondChanceUndecided },
        mvpOpen,
        finalTotal,
      }
      const levels = await writeRanking(tx, tournamentId, scoring)
      const entriesOf = (contest: string) =>
        (levels[contest] ?? []).reduce((sum, [, , brackets]) => sum + brackets, 0)
      const entries = entriesOf('main')
      const secondChanceEntries = entriesOf('second_chance')
      // Each level's competition rank: one more than the brackets on the levels above it.
      const storedLevels: StoredBuildLevels = Object.fromEntries(
        Object.entries(levels).map(([contest, rows]) => {
          let above = 0
          return [
            contest,
            rows.map(([correct, distance, brackets]) => {
              const rank = above + 1
              above += brackets
              return [correct, distance, rank] as const
            }),
          ]
        }),
      )
      const digest = resultsDigestSql(tournamentId)
      const built = {
        resultsDigest: digest,
        entries,
        secondChanceEntries,
        scoring,
        levels: storedLevels,
        builtAt: sql`now()`,
      }
      await tx
        .insert(standingsBuilds)
        .values({ tournamentId, ...built })
        .onConflictDoUpdate({ target: standingsBuilds.tournamentId, set: built })
      // Old clients read no data; a second chance's brackets are named so a page can tell.
      await publishLiveEvent(
        tx,
        tournamentId,
        'standings',
        secondChanceEntries > 0 ? { contests: ['main', 'second_chance'] } : {},
      )
      return { rebuilt: true, entries: entries + secondChanceEntries }
    },
    // Results, bets and the digest read at one moment, so the digest names what was built.
    { isolationLevel: 'repeatable read' },
  )
}

/** A (correct, distance) level of a contest's ranking, best first, and how many brackets hold it. */
type Level = [correct: number, distance: number | null, brackets: number]

/**
 * Every bracket of the tournament scored, each contest ordered apart and written as chunks of
 * bet ids by position (only the chunks that changed); answers each contest's levels, best
 * first. Only what orders the brackets is computed here: the numbers a row shows follow from the
 * build's scoring (build-scoring.ts).
 */
async function writeRanking(
  tx: Executor,
  tournamentId: string,
  scoring: StoredBuildScoring,
): Promise<Record<string, Level[]>> {
  const correct = correctPicksSql(
    { winningCodes: scoring.winning, total: 0 },
    sql`codes.pick_codes`,
  )
  const { finalTotal } = scoring
  const distance =
    finalTotal === null ? sql`null::smallint` : sql`abs(b.final_total_games - ${finalTotal})`
  const answer = rowsOf<{
    contest: string
    correct: number
    distance: number | null
    brackets: number
  }>(
    await tx.execute(sql`
    with scored as (
      select b.id as bet_id, b.contest, b.created_at, ${correct} as correct,
        ${distance} as distance
      from ${bets} b, ${betCodesLateralSql}
      -- Every bet: only a cancelled tournament has refunded ones, and it is not rebuilt.
      -- Both contests: each is ordered apart below (partition by contest).
      where b.tournament_id = ${tournamentId}::uuid
    ), ordered as (
      -- Each contest on its own (docs/product.md, second chance for fans); equal scores by the
      -- earlier entry.
      select bet_id, contest, correct, distance,
        row_number() over (partition by contest
          order by correct desc, distance asc nulls last, created_at, bet_id) as position
      from scored
    ), chunks as (
      select contest, ((position - 1) / ${STANDINGS_CHUNK_SIZE})::integer as chunk,
        array_agg(bet_id order by position) as bet_ids
      from ordered group by contest, chunk
    ), written as (
      -- A chunk whose brackets kept their places is not written again.
      insert into ${standingsChunks} as s (tournament_id, contest, chunk, bet_ids)
      select ${tournamentId}::uuid, contest, chunk, bet_ids from chunks
      on conflict (tournament_id, contest, chunk) do update set bet_ids = excluded.bet_ids
      where s.bet_ids is distinct from excluded.bet_ids
    )
    select contest, correct, distance, count(*)::integer as brackets
    from ordered group by contest, correct, distance
    order by contest, correct desc, distance asc nulls last`),
  )
  const levels: Record<string, Level[]> = {}
  for (const row of answer) {
    const distance = row.distance === null ? null : Number(row.distance)
    ;(levels[row.contest] ??= []).push([Number(row.correct), distance, Number(row.brackets)])
  }
  // Chunks past the end of a contest (fewer brackets than last time: a refund).
  const chunksOf = (contest: string) =>
    Math.ceil(
      (levels[contest] ?? []).reduce((sum, level) => sum + level[2], 0) / STANDINGS_CHUNK_SIZE,
    )
  await tx.execute(sql`
    delete from ${standingsChunks} where tournament_id = ${tournamentId}::uuid
      and chunk >= case contest when 'main' then ${chunksOf('main')}::integer
        else ${chunksOf('second_chance')}::integer end`)
  return levels
}

/** The pick codes of (match, pair) pairs, made by the database's own pick_code. */
async function loadPairCodes(
  tx: Executor,
  pairs: readonly { matchId: string; teamId: string }[],
): Promise<string[]> {
  if (pairs.length === 0) return []
  const values = pairs.map(
    ({ matchId, teamId }) => sql`(pick_code(${matchId}::text, ${teamId}::text))`,
  )
  const answer = rowsOf<{ code: string }>(
    await tx.execute(
      sql`select code::text from (values ${sql.join(values, sql`, `)}) as busted(code)`,
    ),
  )
  return answer.map((row) => row.code)
}

/** The final's total games once its winner and set scores are in, else null. */
async function finalTotalGames(tx: Executor, tournamentId: string): Promise<number | null> {
  const [final] = await tx
    .select({ sets: matches.sets, winnerTeamId: matches.winnerTeamId })
    .from(matches)
    .where(and(eq(matches.tournamentId, tournamentId), eq(matches.round, 'final')))
  if (!final?.sets || final.winnerTeamId === null || final.sets.length === 0) return null
  return totalGames(final.sets)
}
