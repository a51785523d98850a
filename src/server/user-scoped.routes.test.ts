// BOLA: every route that acts for the signed-in user shows user B only B's own data, however
// the request names user A (query parameters, a body field). A has a settled bet, a ledger and a
// rank; B has none of A's.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { predictedMatchups, picksFromEntries } from '#domain/bracket/bracket'
import { MeSchema } from '#shared/schemas/me'
import type { Database } from './db/client'
import {
  bets,
  leaguePots,
  matches,
  seasons,
  seasonTournaments,
  tournamentContests,
  tournaments,
} from './db/schema'
import { settleTournament } from './features/settlement/settle.service'
import { writeDueSettlementNotifications } from './features/notifications/settlement-notifications'
import { refreshLeaderboardRanks } from './features/leaderboard/leaderboard.service'
import {
  betBody,
  completeBracket,
  getBalance,
  insertBracketTournament,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { SIGNED_IN_ROUTES } from '#tests/user-scoped-routes'

/** Plays the tournament out as A predicted ("team 1 always wins"), with the MVP named. */
async function playOut(db: Database, bracket: BracketTournament) {
  const { picks, mvpPlayerId } = completeBracket(bracket)
  const chosen = picksFromEntries(picks)
  for (const match of predictedMatchups(bracket.matches, chosen)) {
    await db
      .update(matches)
      .set({ team1Id: match.team1Id, team2Id: match.team2Id, winnerTeamId: chosen[match.matchId]! })
      .where(eq(matches.id, match.matchId))
  }
  await db
    .update(tournaments)
    .set({ status: 'completed', mvpPlayerId })
    .where(eq(tournaments.id, bracket.tournament.id))
}

type SignedInRead = Extract<(typeof SIGNED_IN_ROUTES)[number], `GET ${string}`>
const USER_SCOPED_READS = SIGNED_IN_ROUTES.filter((route): route is SignedInRead =>
  route.startsWith('GET '),
)

describe.each(testDatabaseKinds)('user-scoped routes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('never show user B what belongs to user A, whatever user id the request names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const a = await signInAs(setup, db, { balance: 777 })
    const b = await signInAs(setup, db, { balance: 333 })
    const meA = MeSchema.parse(await (await a.browser.get('/api/me')).json())
    const meB = MeSchema.parse(await (await b.browser.get('/api/me')).json())

    const bracket = await insertBracketTournament(db)
    const tournamentId = bracket.tournament.id
    const placed = await a.browser.post(`/api/tournaments/${tournamentId}/bets`, betBody(bracket))
    expect(placed.status, await placed.clone().text()).toBe(201)
    const [betA] = await db.select().from(bets).where(eq(bets.userId, a.userId))
    expect(betA).toBeDefined()
    // A also enters the second chance (docs/product.md "Second chance"), which B reads nothing of.
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    await db.insert(tournamentContests).values({
      tournamentId,
      contest: 'second_chance',
      entryFee: 100,
      basePool: 1000,
      multiplier: 0.5,
      bettingDeadline: new Date(Date.now() + 60 * 60 * 1000),
    })
    const entered = await a.browser.post(
      `/api/tournaments/${tournamentId}/second-chance/bets`,
      secondChanceBody(played),
    )
    expect(entered.status, await entered.clone().text()).toBe(201)
    // A season holding the tournament (docs/product.md "Seasons"): A's points are A's alone.
    const [season] = await db
      .insert(seasons)
      .values({ name: 'BOLA season', startsOn: '2026-01-01', endsOn: '2026-12-31' })
      .returning()
    await db.insert(seasonTournaments).values({ seasonId: season!.id, tournamentId })
    await playOut(db, bracket)
    await settleTournament(db, { actorId: 'bola-test-admin', tournamentId })
    // Both contests' notifications, as the background job writes them after the settlement.
    while ((await writeDueSettlementNotifications(db)) > 0);
    await refreshLeaderboardRanks(db)
    const turnedOff = await a.browser.request('/api/me/preferences', {
      method: 'PUT',
      json: { reminders: false },
    })
    expect(turnedOff.status).toBe(200)
    // A's calendar feed (docs/product.md "Calendars"): B has none, and never gets A's URL.
    const feedA = (await (await a.browser.post('/api/me/calendar-feed')).json()) as { url: string }
    // A's private league (docs/product.md "Leagues"): B is not in it.
    const leagueRes = await a.browser.post('/api/leagues', { name: 'A only' })
    expect(leagueRes.status).toBe(201)
    const leagueA = ((await leagueRes.json()) as { id: string }).id
    // A pot of A's league on the (settled) tournament: nobody joined, so it closed with nothing.
    await db.insert(leaguePots).values({ leagueId: leagueA, tournamentId, stake: 5 })

    // What identifies A (the wallet id is A's own; the other ids are in the data).
    const traces = [a.userId, a.walletId, a.email, meA.user.username, betA!.id, leagueA]
    const namingA = new URLSearchParams({
      userId: a.userId,
      user_id: a.userId,
      user: a.userId,
      id: a.userId,
      walletId: a.walletId,
    })

    const balanceA = await getBalance(db, a.userId)
    expect(balanceA).toBeGreaterThan(777 - betA!.amount - 100)
    // The answers' own schemas are checked in each feature's tests; here only a few fields.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Json = any
    // Per route: what A sees of A's own (so the test proves something), and B's own view.
    const checks: Record<SignedInRead, (asA: Json, asB: Json) => void> = {
      'GET /api/me': (asA, asB) => {
        expect(asA.user.id).toBe(a.userId)
        expect(asB).toMatchObject({ user: { id: b.userId }, balance: 333 })
      },
      'GET /api/me/transactions': (asA, asB) => {
        expect(asA.items).toContainEqual(
          expect.objectContaining({ type: 'bet_placed', relatedBetId: betA!.id }),
        )
        for (const item of asB.items) expect(item.relatedBetId).toBeNull()
        expect(asB.items.reduce((sum: number, item: Json) => sum + item.amount, 0)).toBe(333)
      },
      'GET /api/me/bets': (asA, asB) => {
        expect(asA.bets).toHaveLength(1)
        expect(asB.bets).toEqual([])
      },
      'GET /api/me/stats': (asA, asB) => {
        // Both of A's entries: the main bracket and the second chance.
        expect(asA).toMatchObject({ betCount: 2, won: 2 })
        expect(asB).toMatchObject({ betCount: 0, won: 0, lost: 0, totalWinnings: 0 })
      },
      'GET /api/me/top-up': (asA, asB) => {
        // Each sees the offer for their own wallet: A (a winner) can afford an entry, or nothing
        // is open; B is told the same kind of thing about B.
        expect(asA).toMatchObject({ amount: 100, eligible: false })
        expect(asB).toMatchObject({ amount: 100, eligible: false })
      },
      'GET /api/me/preferences': (asA, asB) => {
        expect(asA).toMatchObject({ reminders: false })
        expect(asB).toMatchObject({ reminders: true })
      },
      'GET /api/me/calendar-feed': (asA, asB) => {
        expect(asA).toEqual({ url: feedA.url })
        expect(asB).toEqual({ url: null })
      },
      'GET /api/tournaments/:id/my-bet': (asA, asB) => {
        expect(asA.bet).toMatchObject({ id: betA!.id })
        expect(asB.bet).toBeNull()
        expect(asB.predictions).toEqual([])
      },
      'GET /api/tournaments/:id/second-chance/my-bet': (asA, asB) => {
        expect(asA.bet).toMatchObject({ amount: 100, status: 'won' })
        expect(asA.predictions).toHaveLength(7)
        expect(asB.bet).toBeNull()
        expect(asB.predictions).toEqual([])
      },
      'GET /api/tournaments/:id/my-performance': (asA, asB) => {
        expect(asA.bet_status).toBe('won')
        expect(asB.error.code).toBe('NOT_FOUND')
      },
      'GET /api/tournaments/:id/my-insight': (asA, asB) => {
        expect(asA).toMatchObject({ correct: 16, maxPossible: 16, tierNow: 'tier_100' })
        expect(asB.error.code).toBe('NOT_FOUND')
      },
      'GET /api/me/brackets': (asA, asB) => {
        // A's main bracket and A's second-chance entry, each a bracket of its own.
        expect(asA.brackets.map((row: Json) => [row.tournamentId, row.contest])).toEqual([
          [tournamentId, 'main'],
          [tournamentId, 'second_chance'],
        ])
        expect(asB.brackets).toEqual([])
      },
      'GET /api/me/next-matches': (asA, asB) => {
        // A's only tournament is played out, so nothing is next for either; a fan's next
        // matches against another fan's are in features/schedule/next-matches.routes.test.ts.
        expect(asA).toEqual({ matches: [] })
        expect(asB).toEqual({ matches: [] })
      },
      'GET /api/tournaments/:id/standings': (asA, asB) => {
        // The ranks name every fan to everyone signed in; "me" is one's own row, or null.
        expect(asA.me).toMatchObject({ username: meA.user.username, rank: 1, isMe: true })
        expect(asB.me).toBeNull()
        expect(asB.rows).toEqual([{ ...asA.me, isMe: false }])
      },
      'GET /api/leaderboard': (asA, asB) => {
        // The top list names players to everyone signed in; "current user" marks one's own row.
        const mine = (board: Json) =>
          (board.entries as Json[]).filter((entry) => entry.is_current_user)
        expect(mine(asA).map((entry) => entry.username)).toEqual([meA.user.username])
        for (const entry of mine(asB)) expect(entry.username).toBe(meB.user.username)
      },
      'GET /api/leaderboard/me': (asA, asB) => {
        expect(asA.total_coins).toBe(balanceA)
        expect(asB.total_coins).toBe(333)
      },
      'GET /api/leagues': (asA, asB) => {
        expect(asA.leagues.map((league: Json) => league.id)).toEqual([leagueA])
        expect(asB).toEqual({ leagues: [], hasMore: false })
      },
      'GET /api/leagues/public': (asA, asB) => {
        // A's league is private: listed to nobody, A included.
        expect(asA).toEqual({ leagues: [], hasMore: false })
        expect(asB).toEqual({ leagues: [], hasMore: false })
      },
      'GET /api/leagues/:id': (asA, asB) => {
        expect(asA).toMatchObject({ id: leagueA, myRole: 'owner', memberCount: 1 })
        expect(asB.error.code).toBe('NOT_FOUND')
      },
      'GET /api/leagues/:id/members': (asA, asB) => {
        expect(asA.members.map((member: Json) => member.userId)).toEqual([a.userId])
        expect(asB.error.code).toBe('NOT_FOUND')
      },
      'GET /api/seasons': (asA, asB) => {
        expect(asA).toEqual(asB)
        expect(asA.seasons).toHaveLength(1)
      },
      'GET /api/seasons/:id': (asA, asB) => {
        expect(asA).toEqual(asB)
        expect(asA.tournamentList).toEqual([expect.objectContaining({ tournamentId, step: 1 })])
      },
      'GET /api/seasons/:id/standings': (asA, asB) => {
        // The table names every fan to everyone signed in; "me" is one's own row, or null.
        expect(asA.me).toMatchObject({ username: meA.user.username, rank: 1, isMe: true })
        expect(asB.me).toBeNull()
        expect(asB.rows).toEqual([{ ...asA.me, isMe: false }])
      },
      'GET /api/seasons/:id/me': (asA, asB) => {
        expect(asA.me).toMatchObject({ username: meA.user.username })
        expect(asA.shareId).toEqual(expect.any(String))
        expect(asB).toMatchObject({ me: null, shareId: null, correct: 0 })
        expect(asB.tournaments).toEqual([expect.objectContaining({ played: false, points: 0 })])
      },
      'GET /api/leagues/:id/pots/:tournamentId': (asA, asB) => {
        expect(asA).toMatchObject({ leagueId: leagueA, stake: 5, state: 'refunded', entries: [] })
        expect(asB.error.code).toBe('NOT_FOUND')
      },
      'GET /api/notifications': (asA, asB) => {
        // A's two prizes: the main bracket's and the second chance's.
        expect(asA).toMatchObject({
          unread: 2,
          items: [{ kind: 'payout_received' }, { kind: 'payout_received' }],
        })
        expect(asB).toEqual({ items: [], unread: 0, nextBefore: null })
      },
    }

    for (const route of USER_SCOPED_READS) {
      const idOf = (route: string) =>
        route.startsWith('GET /api/leagues')
          ? leagueA
          : route.startsWith('GET /api/seasons')
            ? season!.id
            : tournamentId
      const path = route
        .slice('GET '.length)
        .replace(':id', idOf(route))
        .replace(':tournamentId', tournamentId)
      const asA = await a.browser.get(path)
      const asB = await b.browser.get(path)
      const asBNamingA = await b.browser.get(`${path}?${namingA.toString()}`)
      expect(asA.status, `A: ${route}`).toBe(200)
      const textB = await asB.text()
      expect(asBNamingA.status, `B naming A: ${route}`).toBe(asB.status)
      expect(await asBNamingA.text(), `B naming A: ${route}`).toBe(textB)
      checks[route]((await asA.json()) as Json, JSON.parse(textB) as Json)
      const namesEveryone = [
        'GET /api/leaderboard',
        'GET /api/tournaments/:id/standings',
        'GET /api/seasons/:id/standings',
      ]
      if (namesEveryone.includes(route)) continue
      for (const trace of traces) {
        expect(textB, `B: ${route} shows ${trace}`).not.toContain(trace)
      }
    }
  })

  it('place a bet for the signed-in user only, whatever user the body names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const a = await signInAs(setup, db, { balance: 500 })
    const b = await signInAs(setup, db, { balance: 500 })
    const bracket = await insertBracketTournament(db)
    const path = `/api/tournaments/${bracket.tournament.id}/bets`
    // The input is strict: a user id in the body is refused, not obeyed.
    const forged = await b.browser.post(path, { ...betBody(bracket), userId: a.userId })
    expect(forged.status).toBe(400)
    const placed = await b.browser.post(`${path}?userId=${a.userId}`, betBody(bracket))
    expect(placed.status, await placed.clone().text()).toBe(201)
    const rows = await db.select().from(bets).where(eq(bets.tournamentId, bracket.tournament.id))
    expect(rows.map((row) => row.userId)).toEqual([b.userId])
    expect(await getBalance(db, a.userId)).toBe(500)
    expect(await getBalance(db, b.userId)).toBe(500 - rows[0]!.amount)
  })

  it('change the signed-in user’s bracket only, whatever user the body or query names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const a = await signInAs(setup, db, { balance: 500 })
    const b = await signInAs(setup, db, { balance: 500 })
    const bracket = await insertBracketTournament(db, { bracketsChangeable: true })
    const tournamentPath = `/api/tournaments/${bracket.tournament.id}`
    for (const fan of [a, b]) {
      const placed = await fan.browser.post(`${tournamentPath}/bets`, betBody(bracket))
      expect(placed.status, await placed.clone().text()).toBe(201)
    }
    const [betA] = await db.select().from(bets).where(eq(bets.userId, a.userId))
    const changed = { ...betBody(bracket, (match) => match.team2Id) }
    const forged = await b.browser.request(`${tournamentPath}/my-bet`, {
      method: 'PUT',
      json: { ...changed, userId: a.userId },
    })
    expect(forged.status).toBe(400)
    const res = await b.browser.request(`${tournamentPath}/my-bet?userId=${a.userId}`, {
      method: 'PUT',
      json: changed,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const [afterA] = await db.select().from(bets).where(eq(bets.userId, a.userId))
    const [afterB] = await db.select().from(bets).where(eq(bets.userId, b.userId))
    expect(afterA).toEqual(betA)
    expect(afterB!.picks).not.toEqual(betA!.picks)
  })

  it('enter the second chance for the signed-in user only, whatever user the body names', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const a = await signInAs(setup, db, { balance: 500 })
    const b = await signInAs(setup, db, { balance: 500 })
    const bracket = await insertBracketTournament(db)
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    await db.insert(tournamentContests).values({
      tournamentId: bracket.tournament.id,
      contest: 'second_chance',
      entryFee: 100,
      basePool: 0,
      multiplier: 1,
      bettingDeadline: new Date(Date.now() + 60 * 60 * 1000),
    })
    const path = `/api/tournaments/${bracket.tournament.id}/second-chance/bets`
    const forged = await b.browser.post(path, { ...secondChanceBody(played), userId: a.userId })
    expect(forged.status).toBe(400)
    const placed = await b.browser.post(`${path}?userId=${a.userId}`, secondChanceBody(played))
    expect(placed.status, await placed.clone().text()).toBe(201)
    const rows = await db.select().from(bets).where(eq(bets.tournamentId, bracket.tournament.id))
    expect(rows.map((row) => [row.userId, row.contest])).toEqual([[b.userId, 'second_chance']])
    expect(await getBalance(db, a.userId)).toBe(500)
    expect(await getBalance(db, b.userId)).toBe(400)
  })
})
