// Season points and the season table (docs/product.md "Seasons"), end to end through the API: each
// settled tournament adds its points (correct picks + the tier bonus; a second chance 1 a pick),
// the table ranks by points, tournaments played and coins won (1, 1, 3), `me` beside any page, a
// league narrows it to its members (404 to anyone else), a fan's own season lists each tournament
// with their rank after it, and a cancellation of a stopped settlement takes the tournament back
// out. Every figure is checked against a calculation made here from the picks, the results and the
// ledger — not from the server's own tables.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, type PredictedMatch } from '#domain/bracket/bracket'
import { scoreBracket } from '#domain/scoring/scoring'
import { LeagueDetailSchema } from '#shared/schemas/league'
import {
  AdminSeasonSchema,
  MySeasonSchema,
  SeasonDetailSchema,
  SeasonListSchema,
  SeasonStandingsSchema,
  type SeasonRow,
} from '#shared/schemas/season'
import type { Database } from '#server/db/client'
import { matchResultColumns } from '#server/db/match-results'
import { bets, matches, walletTransactions, wallets } from '#server/db/schema'
import { put, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { recordSettlementStop } from '#server/features/settlement/settlement-progress.service'
import {
  betBody,
  completeBracket,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

type Choose = (match: PredictedMatch) => string | null
const team1: Choose = (match) => match.team1Id
const team2: Choose = (match) => match.team2Id
// Right in the round of 16 and the quarterfinals when team 1 wins, wrong after.
const early: Choose = (match) =>
  match.round === 'round16' || match.round === 'quarterfinal' ? match.team1Id : match.team2Id
// Right everywhere but the final when team 1 wins: 14 of 16 with the MVP wrong too.
const allButFinal: Choose = (match) => (match.round === 'final' ? match.team2Id : match.team1Id)

// The rule as the product states it, written out here rather than taken from the domain.
const BONUS_BY_MIN_CORRECT_OF_16: [number, number][] = [
  [16, 10], // 100 %
  [15, 6], // 93.75 % ≥ 90 %
  [13, 3], // 81.25 % ≥ 80 %
  [12, 2], // 75 % ≥ 70 %
  [10, 1], // 62.5 % ≥ 60 %
]
const bonusFor = (correct: number) =>
  BONUS_BY_MIN_CORRECT_OF_16.find(([min]) => correct >= min)?.[1] ?? 0

interface Expected {
  username: string
  points: number
  tournaments: number
  coinsWon: number
}

/** The fan's correct picks on a played-out tournament, by the domain's bracket scoring. */
async function correctOf(db: Database, bracket: BracketTournament, choose: Choose, mvp: string) {
  const results = await db
    .select(matchResultColumns)
    .from(matches)
    .where(eq(matches.tournamentId, bracket.tournament.id))
  const { picks, mvpPlayerId } = completeBracket(bracket, choose)
  return scoreBracket(picksFromEntries(picks), results, mvpPlayerId, mvp).correct
}

/** What the ledger paid the fan's bets on these tournaments. */
async function coinsWonOf(db: Database, userId: string, tournamentIds: string[]) {
  const [row] = await db
    .select({ won: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
    .where(
      and(
        eq(wallets.userId, userId),
        eq(walletTransactions.type, 'bet_won'),
        inArray(bets.tournamentId, tournamentIds),
      ),
    )
  return Number(row?.won ?? 0)
}

/** The table as the rule orders it: points, tournaments, coins; ties share a rank (1, 1, 3). */
function rankedTable(rows: Expected[]) {
  const ordered = [...rows].sort(
    (a, b) => b.points - a.points || b.tournaments - a.tournaments || b.coinsWon - a.coinsWon,
  )
  return ordered.map((row) => {
    const above = ordered.filter(
      (other) =>
        other.points > row.points ||
        (other.points === row.points && other.tournaments > row.tournaments) ||
        (other.points === row.points &&
          other.tournaments === row.tournaments &&
          other.coinsWon > row.coinsWon),
    ).length
    return { ...row, rank: above + 1 }
  })
}

const shown = (row: SeasonRow) => ({
  username: row.username,
  rank: row.rank,
  points: row.points,
  tournaments: row.tournaments,
  coinsWon: row.coinsWon,
})
const byRankThenName = (a: { rank: number; username: string }, b: typeof a) =>
  a.rank - b.rank || a.username.localeCompare(b.username)

describe.each(testDatabaseKinds)('season standings on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('counts each settled tournament, ranks the fans and takes a cancelled one back out', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const created = await admin.browser.post('/api/admin/seasons', {
      name: 'Season under test',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
    })
    const seasonId = AdminSeasonSchema.parse(await created.json()).id
    const first = await insertBracketTournament(db)
    const second = await insertBracketTournament(db)
    const third = await insertBracketTournament(db)
    for (const bracket of [first, second, third]) {
      const res = await put(
        admin.browser,
        `/api/admin/seasons/${seasonId}/tournaments/${bracket.tournament.id}`,
        {},
      )
      expect(res.status).toBe(200)
    }
    const fan = (username: string) => signInAs(setup, db, { balance: 1000, username })
    const fans = {
      ana: await fan('season_ana'),
      ben: await fan('season_ben'),
      cai: await fan('season_cai'),
      dua: await fan('season_dua'),
      eva: await fan('season_eva'),
    }
    type Name = keyof typeof fans
    const plan: [BracketTournament, [Name, Choose][]][] = [
      [
        first,
        [
          ['ana', team1],
          ['ben', allButFinal],
          ['cai', early],
          ['eva', team2],
        ],
      ],
      [
        second,
        [
          ['ana', team2],
          ['ben', allButFinal],
          ['dua', team1],
        ],
      ],
    ]
    for (const [bracket, entries] of plan) {
      for (const [name, choose] of entries) {
        const res = await fans[name].browser.post(
          `/api/tournaments/${bracket.tournament.id}/bets`,
          betBody(bracket, choose),
        )
        expect(res.status).toBe(201)
      }
    }
    const read = async (browser: TestBrowser, query = '') => {
      const res = await browser.get(`/api/seasons/${seasonId}/standings${query}`)
      expect(res.status, await res.clone().text()).toBe(200)
      return SeasonStandingsSchema.parse(await res.json())
    }
    // Nothing settled: an empty table.
    expect(await read(fans.ana.browser)).toMatchObject({ counted: 0, fans: 0, rows: [], me: null })

    // The first tournament: team 1 wins every match.
    const { mvpPlayerId: firstMvp } = await playOut(db, first)
    await settleTournament(db, { actorId: admin.userId, tournamentId: first.tournament.id })
    const expectedAfter = async (settled: [BracketTournament, string][]) => {
      const rows = new Map<Name, Expected>()
      for (const [bracket, mvp] of settled) {
        const entries = plan.find(([planned]) => planned === bracket)![1]
        for (const [name, choose] of entries) {
          const correct = await correctOf(db, bracket, choose, mvp)
          const row = rows.get(name) ?? {
            username: `season_${name}`,
            points: 0,
            tournaments: 0,
            coinsWon: 0,
          }
          rows.set(name, {
            ...row,
            points: row.points + correct + bonusFor(correct),
            tournaments: row.tournaments + 1,
          })
        }
      }
      const ids = settled.map(([bracket]) => bracket.tournament.id)
      for (const [name, row] of rows) row.coinsWon = await coinsWonOf(db, fans[name].userId, ids)
      return rankedTable([...rows.values()])
    }
    const afterFirst = await expectedAfter([[first, firstMvp]])
    // Ana 16 + 10, Ben 14 + 3, Cai 12 (8 + 4) + 2, Eva: only the MVP? no: team 2 is never right.
    expect(afterFirst.map((row) => [row.username, row.points])).toEqual([
      ['season_ana', 26],
      ['season_ben', 17],
      ['season_cai', 14],
      ['season_eva', 0],
    ])
    const table = await read(fans.eva.browser, '?pageSize=100')
    expect(table).toMatchObject({ counted: 1, fans: 4 })
    expect(table.rows.map(shown).sort(byRankThenName)).toEqual(afterFirst.sort(byRankThenName))
    expect(table.me).toMatchObject({ username: 'season_eva', rank: 4, isMe: true })
    // A page of one, with the caller's row beside it; a fan with no season has no row.
    const paged = await read(fans.ana.browser, '?page=2&pageSize=1')
    expect(paged.rows.map((row) => row.username)).toEqual(['season_ben'])
    expect(paged.me).toMatchObject({ username: 'season_ana', rank: 1 })
    expect((await read(fans.dua.browser)).me).toBeNull()
    expect((await read(fans.dua.browser, '?page=50')).rows).toEqual([])

    // The second tournament: team 2 wins every match, so Ana's second bracket is perfect.
    const { mvpPlayerId: secondMvp } = await playOut(db, second, { choose: team2 })
    await settleTournament(db, { actorId: admin.userId, tournamentId: second.tournament.id })
    const afterSecond = await expectedAfter([
      [first, firstMvp],
      [second, secondMvp],
    ])
    const both = await read(fans.ben.browser, '?pageSize=100')
    expect(both).toMatchObject({ counted: 2, fans: 5 })
    expect(both.rows.map(shown).sort(byRankThenName)).toEqual(afterSecond.sort(byRankThenName))

    // A league narrows the table to its members and ranks them again; others get a 404.
    const owner = fans.ben
    const league = await owner.browser.post('/api/leagues', { name: 'Season league' })
    const leagueId = ((await league.json()) as { id: string }).id
    const { inviteCode } = LeagueDetailSchema.parse(
      await (await owner.browser.get(`/api/leagues/${leagueId}`)).json(),
    )
    for (const name of ['cai', 'eva'] as const) {
      expect(
        (await fans[name].browser.post('/api/leagues/join', { code: inviteCode })).status,
      ).toBe(200)
    }
    const members = ['season_ben', 'season_cai', 'season_eva']
    const inLeague = rankedTable(afterSecond.filter((row) => members.includes(row.username)))
    const leagueTable = await read(fans.cai.browser, `?leagueId=${leagueId}`)
    expect(leagueTable.fans).toBe(3)
    expect(leagueTable.rows.map(shown).sort(byRankThenName)).toEqual(inLeague.sort(byRankThenName))
    expect(leagueTable.me).toMatchObject({ username: 'season_cai', isMe: true })
    for (const outsider of [fans.ana.browser, admin.browser]) {
      const res = await outsider.get(`/api/seasons/${seasonId}/standings?leagueId=${leagueId}`)
      expect(res.status).toBe(404)
    }

    // My season: each tournament's points and the rank after it, as the table stood then.
    const mine = MySeasonSchema.parse(
      await (await fans.ana.browser.get(`/api/seasons/${seasonId}/me`)).json(),
    )
    const anaFirst = afterFirst.find((row) => row.username === 'season_ana')!
    const anaBoth = afterSecond.find((row) => row.username === 'season_ana')!
    expect(mine.me).toMatchObject({ rank: anaBoth.rank, points: anaBoth.points })
    expect(
      mine.tournaments.map((row) => [row.tournamentId, row.played, row.points, row.rankAfter]),
    ).toEqual([
      [first.tournament.id, true, anaFirst.points, anaFirst.rank],
      [second.tournament.id, true, anaBoth.points - anaFirst.points, anaBoth.rank],
    ])
    expect(mine.tournaments.map((row) => row.fansAfter)).toEqual([4, 5])
    expect(mine.correct).toBe(16 + 16)
    expect(mine.shareId).not.toBeNull()
    // Dua skipped the first: no rank after it, a rank after the second.
    const dua = MySeasonSchema.parse(
      await (await fans.dua.browser.get(`/api/seasons/${seasonId}/me`)).json(),
    )
    expect(dua.tournaments.map((row) => [row.played, row.points, row.rankAfter])).toEqual([
      [false, 0, null],
      [true, afterSecond.find((row) => row.username === 'season_dua')!.points, expect.any(Number)],
    ])
    expect(dua.bestTournamentId).toBe(second.tournament.id)

    // A third tournament's settlement starts, stops on an error, and is cancelled: counted while
    // it ran, then taken back out, leaving the table as it was.
    const bet = await fans.eva.browser.post(
      `/api/tournaments/${third.tournament.id}/bets`,
      betBody(third, team1),
    )
    expect(bet.status).toBe(201)
    await playOut(db, third)
    await settleTournament(
      db,
      { actorId: admin.userId, tournamentId: third.tournament.id },
      { maxChunks: 0 },
    )
    const running = await read(fans.eva.browser, '?pageSize=100')
    expect(running.counted).toBe(3)
    expect(running.me).toMatchObject({ tournaments: 2, points: expect.any(Number) })
    expect(running.me!.points).toBe(
      afterSecond.find((row) => row.username === 'season_eva')!.points + 26,
    )
    await recordSettlementStop(db, third.tournament.id, 'test stop')
    await cancelTournament(db, { actorId: admin.userId, tournamentId: third.tournament.id })
    const undone = await read(fans.eva.browser, '?pageSize=100')
    expect(undone.counted).toBe(2)
    expect(undone.rows.map(shown).sort(byRankThenName)).toEqual(afterSecond)
    const listed = SeasonListSchema.parse(await (await fans.eva.browser.get('/api/seasons')).json())
    expect(listed.seasons).toEqual([expect.objectContaining({ id: seasonId, counted: 2 })])
    const detail = SeasonDetailSchema.parse(
      await (await fans.eva.browser.get(`/api/seasons/${seasonId}`)).json(),
    )
    expect(detail.tournamentList.map((row) => row.step)).toEqual([1, 2, null])
    expect(detail.bonuses.map((row) => row.bonus)).toEqual([10, 6, 3, 2, 1])
    await expectLedgerAudit(db)
  }, 180_000)

  it('answers 404 for unknown seasons and 401 to visitors', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const path of ['', '/standings', '/me']) {
        expect((await fan.browser.get(`/api/seasons/${id}${path}`)).status).toBe(404)
      }
    }
    expect((await new TestBrowser(setup.app).get('/api/seasons')).status).toBe(401)
    const bad = await fan.browser.get(
      '/api/seasons/00000000-0000-4000-8000-000000000000/standings?page=0',
    )
    expect(bad.status).toBe(400)
  })
})
