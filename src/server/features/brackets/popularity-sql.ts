// The set-based counting behind the People's Bracket (docs/decisions/096): one pass over the
// tournament's bets, on the compact pick codes (decision 061), never on the jsonb picks.
import { sql } from 'drizzle-orm'
import type { PickCount } from '#shared/schemas/brackets'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Database } from '#server/db/client'

type Executor = Pick<Database, 'execute'>

export interface PopularityCounts {
  bracketCount: number
  /** Per match id: how many brackets picked each pair to win it. */
  byMatch: Map<string, PickCount[]>
  mvps: PickCount[]
  mostCommon: { count: number; picks: { matchId: string; winnerTeamId: string }[] } | null
}

// A bet's codes: written by place_bet; a bet written another way (tests) is coded on the fly,
// as settlement does. The MVP's code is always the last one (pick_codes_of, drizzle/0008).
const BET_CODES = sql.raw(`coalesce(b.pick_codes, pick_codes_of(b.picks, b.mvp_player_id))`)

export async function computePopularity(
  tx: Executor,
  tournamentId: string,
  contest: Contest = 'main',
): Promise<PopularityCounts> {
  // Every code a pick of this tournament can have, to read the counted codes back.
  const candidates = await rows<{
    kind: 'match' | 'mvp'
    match_id: string | null
    id: string
    code: string
  }>(
    tx,
    sql`select 'match' as kind, m.id::text as match_id, t.id::text as id,
               pick_code(m.id::text, t.id::text)::text as code
          from matches m join teams t on t.tournament_id = m.tournament_id
         where m.tournament_id = ${tournamentId}
        union all
        select 'mvp', null, p.player_id::text, mvp_pick_code(p.player_id::text)::text
          from (select player1_id as player_id from teams where tournament_id = ${tournamentId}
                union select player2_id from teams where tournament_id = ${tournamentId}) p`,
  )
  const byCode = new Map(candidates.map((candidate) => [candidate.code, candidate]))

  // One pass over the bets: identical predictions grouped first. A bracket is 15 choices between
  // two pairs and an MVP of two, so there are at most 65,536 groups however many bets there are;
  // the per-code counts and the most common bracket are then summed over the groups alone.
  await tx.execute(sql`set local work_mem = '64MB'`)
  const answer = await rows<{
    kind: 'code' | 'top' | 'total'
    code: string | null
    n: number
    codes: string[] | null
  }>(
    tx,
    sql`with predictions as materialized (
          select ${BET_CODES} as codes, count(*)::integer as n
            from bets b
           where b.tournament_id = ${tournamentId} and b.contest = ${contest}
             and b.status <> 'refunded'
           group by 1
        ), per_code as (
          select code, sum(p.n)::integer as n
            from predictions p cross join lateral unnest(p.codes) as code
           group by code
        ), most_common as (
          select p.codes[1:cardinality(p.codes) - 1] as codes, sum(p.n)::integer as n
            from predictions p
           group by 1
           order by 2 desc, 1
           limit 1
        )
        select 'code' as kind, code::text as code, n, null::text[] as codes from per_code
        union all
        select 'top', null, n, codes::text[] from most_common
        union all
        select 'total', null, coalesce(sum(n), 0)::integer, null from predictions`,
  )
  const byMatch = new Map<string, PickCount[]>()
  const mvps: PickCount[] = []
  let bracketCount = 0
  let mostCommon: PopularityCounts['mostCommon'] = null
  for (const row of answer) {
    if (row.kind === 'total') {
      bracketCount = row.n
    } else if (row.kind === 'top') {
      const picks = (row.codes ?? [])
        .map((code) => byCode.get(code))
        .filter((candidate) => candidate?.kind === 'match')
        .map((candidate) => ({ matchId: candidate!.match_id!, winnerTeamId: candidate!.id }))
      mostCommon = { count: row.n, picks }
    } else {
      const candidate = byCode.get(row.code!)
      // A code of a pair or a player no longer in the tournament: nothing to name it by.
      if (!candidate) continue
      if (candidate.kind === 'mvp') {
        mvps.push({ id: candidate.id, count: row.n })
      } else {
        const list = byMatch.get(candidate.match_id!) ?? []
        list.push({ id: candidate.id, count: row.n })
        byMatch.set(candidate.match_id!, list)
      }
    }
  }
  return { bracketCount, byMatch, mvps, mostCommon }
}

// Codes travel as text, which
// keeps all 64 bits.
async function rows<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query))
}
