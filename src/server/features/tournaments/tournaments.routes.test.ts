import { eq } from 'drizzle-orm'
import { hc } from 'hono/client'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  MyBetSchema,
  PlaceBetResultSchema,
  type MyBet,
  type PlaceBetResult,
} from '#shared/schemas/bet'
import {
  PrizePoolInfoSchema,
  TournamentDetailSchema,
  TournamentListSchema,
  type TournamentList,
} from '#shared/schemas/tournament'
import type { AppType } from '#server/app'
import { bets } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  betBody,
  closedDeadlineValues,
  getBalance,
  insertBracketTournament,
  signInAs,
} from '#tests/game-factories'
import { createTestApp, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe.each(testDatabaseKinds)('/api/tournaments on %s', (kind) => {
  const database = useTestDatabase(kind)

  const setUp = () => {
    const setup = createTestApp(database())
    return { ...setup, visitor: new TestBrowser(setup.app) }
  }

  const errorCode = async (res: Response) =>
    ((await res.json()) as { error: { code: string } }).error.code

  it('lists tournaments for visitors and users, marking the user’s bet', async () => {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db, { name: 'Route Open' })
    const fan = await signInAs(setup, db, { balance: 500 })

    const before = await setup.visitor.get('/api/tournaments')
    expect(before.status).toBe(200)
    expect(before.headers.get('Cache-Control')).toBe('no-store')
    const list = TournamentListSchema.parse(await before.json())
    expect(list.tournaments.find((t) => t.id === bracket.tournament.id)).toMatchObject({
      name: 'Route Open',
      hasBet: false,
      participantCount: 0,
      currentPrizePool: 5000,
    })

    const placed = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(placed.status).toBe(201)

    const mine = TournamentListSchema.parse(
      await (await fan.browser.get('/api/tournaments')).json(),
    )
    expect(mine.tournaments.find((t) => t.id === bracket.tournament.id)).toMatchObject({
      hasBet: true,
      myBetStatus: 'active',
      participantCount: 1,
      currentPrizePool: 5035,
    })
  })

  it('GET /:id answers the detail, and 404 NOT_FOUND for unknown or malformed ids', async () => {
    const { visitor } = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)

    const res = await visitor.get(`/api/tournaments/${bracket.tournament.id}`)
    expect(res.status).toBe(200)
    const detail = TournamentDetailSchema.parse(await res.json())
    expect(detail.pairs).toHaveLength(16)
    expect(detail.matches).toHaveLength(15)

    for (const id of [UNKNOWN_ID, 'not-a-uuid', '12345', 'x%27%20or%201%3D1']) {
      for (const path of [`/api/tournaments/${id}`, `/api/tournaments/${id}/prize-pool`]) {
        const missing = await visitor.get(path)
        expect(missing.status, path).toBe(404)
        expect(await errorCode(missing)).toBe('NOT_FOUND')
      }
    }
  })

  it('GET /:id/prize-pool answers the spec’s prize pool info', async () => {
    const { visitor } = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const res = await visitor.get(`/api/tournaments/${bracket.tournament.id}/prize-pool`)
    expect(res.status).toBe(200)
    const info = PrizePoolInfoSchema.parse(await res.json())
    expect(info).toMatchObject({
      current_prize_pool: 5000,
      participant_count: 0,
      entry_fee: 50,
      multiplier: 0.7,
      base_pool: 5000,
    })
    expect(Object.keys(info.tiers)).toEqual([
      'tier_100',
      'tier_90',
      'tier_80',
      'tier_70',
      'tier_60',
    ])
  })

  describe('POST /:id/bets', () => {
    it('places the bet: 201 with the bet and the new balance; my-bet shows it', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db, { balance: 200 })
      const bracketPicks = betBody(bracket)

      const res = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        bracketPicks,
      )
      expect(res.status).toBe(201)
      const result = PlaceBetResultSchema.parse(await res.json())
      expect(result).toMatchObject({
        bet: { tournamentId: bracket.tournament.id, amount: 50, status: 'active' },
        balance: 150,
      })

      const myBet = await fan.browser.get(`/api/tournaments/${bracket.tournament.id}/my-bet`)
      expect(myBet.status).toBe(200)
      const view = MyBetSchema.parse(await myBet.json())
      expect(view.bet).toEqual(result.bet)
      expect(view.predictions).toHaveLength(15)
      expect(view.mvpPrediction?.predicted_mvp_id).toBe(bracketPicks.mvpPlayerId)

      const again = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        bracketPicks,
      )
      expect(again.status).toBe(409)
      expect(await errorCode(again)).toBe('ALREADY_BET')
      expect(await getBalance(db, fan.userId)).toBe(150)
      await expectBetInvariants(db)
    })

    it('my-bet without a bet: 200 with bet null', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db)
      const res = await fan.browser.get(`/api/tournaments/${bracket.tournament.id}/my-bet`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        bet: null,
        predictions: [],
        mvpPrediction: null,
        tournamentMvpId: null,
        shareId: null,
        finalTotalGames: null,
      })
      const unknown = await fan.browser.get(`/api/tournaments/${UNKNOWN_ID}/my-bet`)
      expect(unknown.status).toBe(404)
    })

    it('needs a session: 401 for visitors on bets and my-bet', async () => {
      const { visitor } = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const post = await visitor.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket),
      )
      expect(post.status).toBe(401)
      expect(await errorCode(post)).toBe('UNAUTHENTICATED')
      const get = await visitor.get(`/api/tournaments/${bracket.tournament.id}/my-bet`)
      expect(get.status).toBe(401)
      expect(await db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))).toBe(0)
    })

    it('takes a strict body: any other field, a missing field or a wrong type is a 400', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db, { balance: 500 })
      const valid = betBody(bracket)
      const bodies: unknown[] = [
        { ...valid, amount: 1 },
        { ...valid, userId: 'someone-else' },
        { ...valid, picks: [{ ...valid.picks[0], stake: 5 }, ...valid.picks.slice(1)] },
        { picks: valid.picks },
        { mvpPlayerId: valid.mvpPlayerId },
        { ...valid, picks: 'all of them' },
        { ...valid, mvpPlayerId: 7 },
        [],
      ]
      for (const body of bodies) {
        const res = await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, body)
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        expect(await errorCode(res)).toBe('VALIDATION_FAILED')
      }
      const broken = await fan.browser.request(`/api/tournaments/${bracket.tournament.id}/bets`, {
        method: 'POST',
        body: '{"picks": [',
        headers: { 'Content-Type': 'application/json' },
      })
      expect(broken.status).toBe(400)
      expect(await getBalance(db, fan.userId)).toBe(500)
      expect(await db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))).toBe(0)
    })

    it('answers 400 INVALID_BRACKET with the problems, and changes nothing', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db, { balance: 500 })
      const valid = betBody(bracket)
      const res = await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, {
        // Round-of-16 match 2 left out (its quarterfinal pick, seed 1, stays valid).
        picks: valid.picks.filter((_, i) => i !== 1),
        mvpPlayerId: bracket.teams[15]!.player2Id,
      })
      expect(res.status).toBe(400)
      const body = (await res.json()) as {
        error: { code: string; details: { problems: { code: string; message: string }[] } }
      }
      expect(body.error.code).toBe('INVALID_BRACKET')
      expect(body.error.details.problems.map((problem) => problem.code)).toEqual([
        'missing_pick',
        'mvp_not_in_champion',
      ])
      expect(await getBalance(db, fan.userId)).toBe(500)
    })

    it('answers 409 BETTING_CLOSED after the deadline or once the tournament started', async () => {
      const setup = setUp()
      const { db } = database()
      const fan = await signInAs(setup, db, { balance: 500 })
      for (const values of [closedDeadlineValues(), { status: 'active' as const }]) {
        const bracket = await insertBracketTournament(db, values)
        const res = await fan.browser.post(
          `/api/tournaments/${bracket.tournament.id}/bets`,
          betBody(bracket),
        )
        expect(res.status).toBe(409)
        expect(await errorCode(res)).toBe('BETTING_CLOSED')
      }
      expect(await getBalance(db, fan.userId)).toBe(500)
    })

    it('answers 402 INSUFFICIENT_FUNDS and changes nothing', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db, { balance: 30 })
      const res = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket),
      )
      expect(res.status).toBe(402)
      expect(await res.json()).toEqual({
        error: {
          code: 'INSUFFICIENT_FUNDS',
          message: expect.any(String),
          details: { balance: 30, entryFee: 50 },
        },
      })
      expect(await getBalance(db, fan.userId)).toBe(30)
      expect(await db.$count(bets, eq(bets.userId, fan.userId))).toBe(0)
      await expectBetInvariants(db)
    })

    it('answers 404 for an unknown or malformed tournament id', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db)
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const res = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))
        expect(res.status).toBe(404)
        expect(await errorCode(res)).toBe('NOT_FOUND')
      }
    })

    it('50 simultaneous requests of one user: one 201, 49 ALREADY_BET, charged once', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db, { balance: 1000 })
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () =>
          fan.browser
            .post(`/api/tournaments/${bracket.tournament.id}/bets`, betBody(bracket))
            .then(async (res) => `${res.status} ${res.status === 201 ? '' : await errorCode(res)}`),
        ),
      )
      expect(statuses.filter((status) => status === '201 ')).toHaveLength(1)
      expect(statuses.filter((status) => status === '409 ALREADY_BET')).toHaveLength(49)
      expect(await getBalance(db, fan.userId)).toBe(950)
      await expectBetInvariants(db)
    })
  })

  it('is typed for the web through AppType', async () => {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db)
    const client = hc<AppType>(TEST_PUBLIC_URL, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => setup.app.request(input, init),
      headers: {
        Cookie: [...fan.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        Origin: TEST_PUBLIC_URL,
      },
    })

    const list = await client.api.tournaments.$get()
    if (list.ok) expectTypeOf(await list.json()).toEqualTypeOf<TournamentList>()

    const placed = await client.api.tournaments[':id'].bets.$post({
      param: { id: bracket.tournament.id },
      json: betBody(bracket),
    })
    expect(placed.status).toBe(201)
    if (placed.ok) expectTypeOf(await placed.json()).toEqualTypeOf<PlaceBetResult>()

    const myBet = await client.api.tournaments[':id']['my-bet'].$get({
      param: { id: bracket.tournament.id },
    })
    if (myBet.ok) expectTypeOf(await myBet.json()).toEqualTypeOf<MyBet>()
    expect(myBet.status).toBe(200)
  })
})
