// The rows of a standings page and a fan's own row, each bet counted in the database against the
// build's codes and ranked by its level (build-scoring.ts). Both statements are prepared once per
// connection; pages asked for in the same turn of the event loop share one query (decision 063):
// under load nearly every deep page misses the cache, and each miss was a round trip of its own.
import { sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { batchedPer, builtOncePer } from '#server/db/per-database'
import { bets, standingsChunks, user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'
import { betCodesLateralSql } from '#server/game/scoring-sql'
import { countedPicksSql, type BuildRanking } from '#server/game/build-scoring'
import { STANDINGS_CHUNK_SIZE } from './standings-rebuild'

/** A standings row as a page shows it: the bet's numbers as the build scores them, and a name. */
export interface StoredStandingsRow {
  rank: number
  username: string
  correct: number
  maxPossible: number
  tiebreakerDistance: number | null
  userId: string
}

export interface PageQuery {
  tournamentId: string
  contest: Contest
  /** The build the ranking is of: pages of one build and contest are read together. */
  buildKey: string
  ranking: BuildRanking
  /** Positions first + 1 … first + pageSize. */
  first: number
  pageSize: number
}

/** A page's rows in order; a position past the end has none. */
export function readPageRows(db: Database, query: PageQuery): Promise<StoredStandingsRow[]> {
  return pageBatch(db).load(query)
}

/** The fan's own row: their bet (one per fan, tournament and contest) scored by the build. */
export async function readOwnRow(
  db: Database,
  ranking: BuildRanking,
  { tournamentId, contest, userId }: { tournamentId: string; contest: Contest; userId: string },
): Promise<StoredStandingsRow | null> {
  const [row] = await ownRows(db).execute({ tournamentId, contest, userId, ...ranking.codes })
  return row ? rowOf(ranking, contest, row) : null
}

// A bet `b` with its picks counted against the build's codes, and its fan's name.
const countedColumns = {
  ...countedPicksSql,
  finalTotalGames: sql<number | null>`b.final_total_games`,
  userId: sql<string>`b.user_id`,
  username: usernameSql,
}
const codesAndName = sql`cross join ${betCodesLateralSql} join ${user} on ${user.id} = b.user_id`

interface CountedRow {
  correct: number
  busted: number
  finalTotalGames: number | null
  userId: string
  username: string
}

const chunkSize = sql.raw(String(STANDINGS_CHUNK_SIZE))

// Each page (positions `from` … `to`) reads the one or two chunks it spans, and of each only its
// slice of bet ids. The chunks are a lateral subquery kept apart (offset 0): joined plainly, the
// prepared statement's generic plan scanned every chunk of the contest for each page.
const pageRowsOf = builtOncePer((db) =>
  db
    .select({
      from: sql<number>`p.from_position`,
      to: sql<number>`p.to_position`,
      ...countedColumns,
    })
    .from(
      sql`unnest(${sql.placeholder('froms')}::integer[], ${sql.placeholder('tos')}::integer[])
            as p(from_position, to_position)
          cross join lateral (
            select c.chunk, c.bet_ids from ${standingsChunks} c
             where c.tournament_id = ${sql.placeholder('tournamentId')}::uuid
               and c.contest = ${sql.placeholder('contest')}::contest
               and c.chunk between (p.from_position - 1) / ${chunkSize}
                               and (p.to_position - 1) / ${chunkSize}
            offset 0) as c
          cross join lateral unnest(c.bet_ids[
            greatest(p.from_position - c.chunk * ${chunkSize}, 1) :
            least(p.to_position - c.chunk * ${chunkSize}, ${chunkSize})
          ]) with ordinality as r(bet_id, i)
          join ${bets} b on b.id = r.bet_id ${codesAndName}`,
    )
    .orderBy(sql`p.from_position, p.to_position, c.chunk, r.i`)
    .prepare('standings_pages'),
)

const ownRows = builtOncePer((db) =>
  db
    .select(countedColumns)
    .from(sql`${bets} b ${codesAndName}`)
    .where(
      sql`b.tournament_id = ${sql.placeholder('tournamentId')}::uuid
          and b.user_id = ${sql.placeholder('userId')}
          and b.contest = ${sql.placeholder('contest')}::contest`,
    )
    .prepare('standings_own_row'),
)

const rangeKey = (from: number, to: number) => `${from}|${to}`
const rangeOf = ({ first, pageSize }: PageQuery) => [first + 1, first + pageSize] as const

// One query per build and contest among the batch's pages (nearly always one).
const pageBatch = batchedPer(async (db, queries: readonly PageQuery[]) => {
  const byBuild = new Map<string, PageQuery[]>()
  for (const query of queries) {
    const build = `${query.buildKey}|${query.contest}`
    const pages = byBuild.get(build)
    if (pages) pages.push(query)
    else byBuild.set(build, [query])
  }
  const rowsByPage = new Map<PageQuery, StoredStandingsRow[]>()
  await Promise.all(
    [...byBuild.values()].map(async (pages) => {
      const { tournamentId, contest, ranking } = pages[0]!
      const ranges = new Map(pages.map((page) => [rangeKey(...rangeOf(page)), rangeOf(page)]))
      const rows = await pageRowsOf(db).execute({
        tournamentId,
        contest,
        froms: [...ranges.values()].map(([from]) => from),
        tos: [...ranges.values()].map(([, to]) => to),
        ...ranking.codes,
      })
      const byRange = new Map<string, StoredStandingsRow[]>()
      for (const row of rows) {
        const standing = rowOf(ranking, contest, row)
        if (!standing) continue
        const key = rangeKey(row.from, row.to)
        const pageRows = byRange.get(key)
        if (pageRows) pageRows.push(standing)
        else byRange.set(key, [standing])
      }
      for (const page of pages) rowsByPage.set(page, byRange.get(rangeKey(...rangeOf(page))) ?? [])
    }),
  )
  return queries.map((query) => rowsByPage.get(query) ?? [])
})

/** A bet's row as the build scores and ranks it; null for a bet it did not rank. */
function rowOf(
  ranking: BuildRanking,
  contest: Contest,
  row: CountedRow,
): StoredStandingsRow | null {
  const standing = ranking.standingOfCounted({
    contest,
    correct: row.correct,
    busted: row.busted,
    finalTotalGames: row.finalTotalGames,
  })
  return standing && { ...standing, username: row.username, userId: row.userId }
}
