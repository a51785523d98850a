// Set scores with a match's result (docs/product.md "Set scores"): the admin enters them with
// the winner, the domain's padel rules check them (400, nothing changed), a corrected winner
// never keeps scores that name the other pair, and every page that shows results shows them.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminMatchSchema, TournamentResultsSchema } from '#shared/schemas/admin'
import { TournamentDetailSchema, type SetScores } from '#shared/schemas/tournament'
import { matches, tournamentSettlements, tournaments } from '#server/db/schema'
import {
  closedDeadlineValues,
  insertBracketTournament,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorOf, matchBody, put, signInAdmin, signInAs } from './admin-test-support'

const THREE_SETS: SetScores = [
  [6, 4],
  [3, 6],
  [10, 8],
]

describe.each(testDatabaseKinds)('set scores on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** A bracket whose betting has closed, so results may be entered, and a signed-in admin. */
  const setUp = async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db, closedDeadlineValues())
    const admin = await signInAdmin(setup, db)
    return { ...setup, db, bracket, admin, visitor: new TestBrowser(setup.app) }
  }

  const withSets = (
    bracket: BracketTournament,
    winner: 'team1Id' | 'team2Id' | null,
    sets: unknown,
  ) => {
    const match = bracket.matches[0]!
    return { ...matchBody(bracket, 0, winner === null ? null : match[winner]), sets }
  }

  const stored = async (matchId: string) => {
    const [row] = await database().db.select().from(matches).where(eq(matches.id, matchId))
    return { winnerTeamId: row!.winnerTeamId, sets: row!.sets }
  }

  it('takes the scores with the result and shows them to admins, fans and visitors', async () => {
    const { db, bracket, admin, visitor, app } = await setUp()
    const match = bracket.matches[0]!
    const path = `/api/admin/matches/${match.id}`

    const res = await put(admin.browser, path, withSets(bracket, 'team1Id', THREE_SETS))
    expect(res.status, await res.clone().text()).toBe(200)
    expect(AdminMatchSchema.parse(await res.json())).toMatchObject({
      winnerTeamId: match.team1Id,
      sets: THREE_SETS,
    })
    expect(await stored(match.id)).toEqual({ winnerTeamId: match.team1Id, sets: THREE_SETS })
    const listed = (await (
      await admin.browser.get(`/api/admin/matches?tournamentId=${bracket.tournament.id}`)
    ).json()) as { matches: { id: string; sets: SetScores | null }[] }
    expect(listed.matches.find((row) => row.id === match.id)?.sets).toEqual(THREE_SETS)

    const fan = await signInAs({ app }, db)
    for (const browser of [visitor, fan.browser, admin.browser]) {
      const detail = TournamentDetailSchema.parse(
        await (await browser.get(`/api/tournaments/${bracket.tournament.id}`)).json(),
      )
      expect(detail.matches[0]).toMatchObject({ id: match.id, sets: THREE_SETS })
      expect(detail.matches[1]!.sets).toBeNull()
    }

    // A fan may not enter scores; a visitor must sign in.
    expect((await put(fan.browser, path, withSets(bracket, 'team1Id', null))).status).toBe(403)
    expect((await put(visitor, path, withSets(bracket, 'team1Id', null))).status).toBe(401)
    expect((await stored(match.id)).sets).toEqual(THREE_SETS)
  })

  it('lists the scores in the public results once settled', async () => {
    const { db, bracket, admin, visitor } = await setUp()
    const match = bracket.matches[0]!
    const sets: SetScores = [
      [7, 5],
      [6, 7],
      [6, 0],
    ]
    expect(
      (
        await put(
          admin.browser,
          `/api/admin/matches/${match.id}`,
          withSets(
            bracket,
            'team2Id',
            [...sets].map(([a, b]) => [b, a]),
          ),
        )
      ).status,
    ).toBe(200)
    await db
      .update(tournaments)
      .set({ status: 'completed' })
      .where(eq(tournaments.id, bracket.tournament.id))
    await db.insert(tournamentSettlements).values({
      tournamentId: bracket.tournament.id,
      state: 'completed',
      processedAt: new Date(),
      prizePool: 5000,
      participantCount: 0,
      totalWinners: 0,
      totalPaid: 0,
      tierCounts: {},
    })
    const res = await visitor.get(`/api/tournaments/${bracket.tournament.id}/results`)
    expect(res.status, await res.clone().text()).toBe(200)
    const results = TournamentResultsSchema.parse(await res.json())
    expect(results.matches).toHaveLength(15)
    expect(results.matches[0]).toMatchObject({
      id: match.id,
      winnerTeamId: match.team2Id,
      sets: [
        [5, 7],
        [7, 6],
        [0, 6],
      ],
    })
  })

  it.each([
    ['one set', 'team1Id', [[6, 4]], 'A match has two or three sets'],
    [
      'four sets',
      'team1Id',
      [
        [6, 4],
        [4, 6],
        [6, 4],
        [6, 4],
      ],
      'A match has two or three sets',
    ],
    [
      'a 6–5 set',
      'team1Id',
      [
        [6, 5],
        [6, 4],
      ],
      'Set 1 is not a padel set score',
    ],
    [
      'a match tiebreak in set 2',
      'team1Id',
      [
        [6, 4],
        [10, 8],
      ],
      'Set 2 is not a padel set score',
    ],
    [
      'a match tiebreak won by one',
      'team1Id',
      [
        [6, 4],
        [4, 6],
        [10, 9],
      ],
      'Set 3 is neither a set nor a match tiebreak to 10',
    ],
    [
      'a third set after two won',
      'team1Id',
      [
        [6, 4],
        [6, 4],
        [6, 4],
      ],
      'Set 3 cannot follow a match won in two sets',
    ],
    [
      'an unfinished match',
      'team1Id',
      [
        [6, 4],
        [4, 6],
      ],
      'The sets do not finish the match',
    ],
    [
      'scores that name the other pair',
      'team1Id',
      [
        [4, 6],
        [3, 6],
      ],
      'The set scores name the other pair as the winner',
    ],
    [
      'scores without a winner',
      null,
      [
        [6, 4],
        [6, 4],
      ],
      'Set scores need a winner',
    ],
    [
      'games that are no whole number',
      'team1Id',
      [
        [6, 4.5],
        [6, 4],
      ],
      'Games must be whole numbers from 0 to 99',
    ],
    [
      'negative games',
      'team1Id',
      [
        [6, -1],
        [6, 4],
      ],
      'Games must be whole numbers from 0 to 99',
    ],
  ] as const)(
    'refuses %s: 400 naming the problem, nothing changed',
    async (_name, winner, sets, message) => {
      const { bracket, admin } = await setUp()
      const match = bracket.matches[0]!
      const res = await put(
        admin.browser,
        `/api/admin/matches/${match.id}`,
        withSets(bracket, winner, sets),
      )
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.messages).toContain(message)
      expect(await stored(match.id)).toEqual({ winnerTeamId: null, sets: null })
    },
  )

  it('keeps the scores while the result stays, drops them when the winner changes, clears on null', async () => {
    const { bracket, admin } = await setUp()
    const match = bracket.matches[0]!
    const path = `/api/admin/matches/${match.id}`
    const twoSets: SetScores = [
      [6, 2],
      [6, 3],
    ]
    expect((await put(admin.browser, path, withSets(bracket, 'team1Id', twoSets))).status).toBe(200)

    // The match form saves without scores: the stored ones stay with the same result.
    expect((await put(admin.browser, path, matchBody(bracket, 0, match.team1Id))).status).toBe(200)
    expect(await stored(match.id)).toEqual({ winnerTeamId: match.team1Id, sets: twoSets })

    // A corrected winner with the old scores is refused; without scores they are dropped.
    const contradicting = await put(admin.browser, path, withSets(bracket, 'team2Id', twoSets))
    expect(contradicting.status).toBe(400)
    expect((await errorOf(contradicting)).messages).toEqual([
      'The set scores name the other pair as the winner',
    ])
    expect(await stored(match.id)).toEqual({ winnerTeamId: match.team1Id, sets: twoSets })
    const corrected = await put(admin.browser, path, matchBody(bracket, 0, match.team2Id))
    expect(AdminMatchSchema.parse(await corrected.json()).sets).toBeNull()
    expect(await stored(match.id)).toEqual({ winnerTeamId: match.team2Id, sets: null })

    // Scores for the new winner, then cleared with null while the winner stays.
    const flipped: SetScores = [
      [2, 6],
      [3, 6],
    ]
    expect((await put(admin.browser, path, withSets(bracket, 'team2Id', flipped))).status).toBe(200)
    expect((await put(admin.browser, path, withSets(bracket, 'team2Id', null))).status).toBe(200)
    expect(await stored(match.id)).toEqual({ winnerTeamId: match.team2Id, sets: null })

    // Taking the result back takes its scores with it.
    expect((await put(admin.browser, path, withSets(bracket, 'team2Id', flipped))).status).toBe(200)
    expect((await put(admin.browser, path, matchBody(bracket, 0, null))).status).toBe(200)
    expect(await stored(match.id)).toEqual({ winnerTeamId: null, sets: null })
  })

  it('refuses scores while betting is open (decision 068), like the result itself', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const match = bracket.matches[0]!
    const res = await put(
      admin.browser,
      `/api/admin/matches/${match.id}`,
      withSets(bracket, 'team1Id', THREE_SETS),
    )
    expect(res.status).toBe(409)
    expect(await stored(match.id)).toEqual({ winnerTeamId: null, sets: null })
  })
})
