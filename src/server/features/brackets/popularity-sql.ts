// The set-based counting behind the People's Bracket (docs/decisions/096): two passes over the
// tournament's bets, both on the compact pick codes (decision 061), never on the jsonb picks.
import { sql } from 'drizzle-orm'
import type { PickCount } from '../../../shared/schemas/brackets'
import type { Database } from '../../db/client'

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

  // Pass 1: how often each code occurs, over all brackets at once.
  const codeCounts = await rows<{ code: string; n: number }>(
    tx,
    sql`select code::text as code, count(*)::integer as n
          from bets b cross join lateral unnest(${BET_CODES}) as code
         where b.tournament_id = ${tournamentId} and b.status <> 'refunded'
         group by code`,
  )
  const byMatch = new Map<string, PickCount[]>()
  const mvps: PickCount[] = []
  for (const { code, n } of codeCounts) {
    const candidate = byCode.get(code)
    // A code of a pair or a player no longer in the tournament: nothing to name it by.
    if (!candidate) continue
    if (candidate.kind === 'mvp') {
      mvps.push({ id: candidate.id, count: n })
    } else {
      const list = byMatch.get(candidate.match_id!) ?? []
      list.push({ id: candidate.id, count: n })
      byMatch.set(candidate.match_id!, list)
    }
  }

  // Pass 2: brackets grouped by their 15 match codes (a 64-bit hash of the array, so the groups
  // stay small), the largest group, one of its brackets' codes, and the number of brackets.
  const [top] = await rows<{ n: number; total: number; codes: string[] | null }>(
    tx,
    sql`with coded as (
          select ${BET_CODES} as codes
            from bets b
           where b.tournament_id = ${tournamentId} and b.status <> 'refunded'
        ), grouped as (
          select hash_array_extended(codes[1:cardinality(codes) - 1], 0) as h,
                 count(*)::integer as n
            from coded
           group by 1
        ), ranked as (
          select h, n, sum(n) over ()::integer as total from grouped order by n desc, h limit 1
        )
        select r.n, r.total,
               (select c.codes[1:cardinality(c.codes) - 1]::text[] from coded c
                 where hash_array_extended(c.codes[1:cardinality(c.codes) - 1], 0) = r.h
                 limit 1) as codes
          from ranked r`,
  )
  const bracketCount = top?.total ?? 0
  let mostCommon: PopularityCounts['mostCommon'] = null
  if (top && top.codes) {
    const picks = top.codes
      .map((code) => byCode.get(code))
      .filter((candidate) => candidate?.kind === 'match')
      .map((candidate) => ({ matchId: candidate!.match_id!, winnerTeamId: candidate!.id }))
    mostCommon = { count: top.n, picks }
  }
  return { bracketCount, byMatch, mvps, mostCommon }
}

// Both drivers answer { rows }; the common Database type cannot say so. Codes travel as text, which
// keeps all 64 bits.
async function rows<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows
}
