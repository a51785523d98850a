// League writes take their locks in one order (docs/architecture.md, lock order): the league row,
// then the fans' own leagues. Handing a league over while the new owner joins it again with the
// invite code used to take them in opposite orders and could deadlock (a 500).
import { describe, expect, it } from 'vitest'
import { LeagueDetailSchema, LeagueSummarySchema } from '#shared/schemas/league'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'

type Fan = Awaited<ReturnType<typeof signInAs>>

const LEAGUES = 4
const ROUNDS = 10

describe.each(testDatabaseKinds)('league lock order on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('handing a league over while the new owner joins again never fails', async () => {
    const env = { LEAGUE_JOIN_RATE_LIMIT_MAX: '1000' }
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const pairs: { id: string; code: string; owner: Fan; heir: Fan }[] = []
    for (let i = 0; i < LEAGUES; i += 1) {
      const owner = await signInAs(setup, db)
      const heir = await signInAs(setup, db)
      const created = await owner.browser.post('/api/leagues', { name: `Handed ${i}` })
      const { id } = LeagueSummarySchema.parse(await created.json())
      const head = await owner.browser.get(`/api/leagues/${id}`)
      const code = LeagueDetailSchema.parse(await head.json()).inviteCode!
      expect((await heir.browser.post('/api/leagues/join', { code })).status).toBe(200)
      pairs.push({ id, code, owner, heir })
    }

    const statuses: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      const answers = await Promise.all(
        pairs.flatMap(({ id, code, owner, heir }) => [
          owner.browser.request(`/api/leagues/${id}`, {
            method: 'PATCH',
            json: { ownerId: heir.userId },
          }),
          heir.browser.post('/api/leagues/join', { code }),
        ]),
      )
      statuses.push(...answers.map((res) => res.status))
      // The heir owns it now: next round they hand it back while the first owner joins again.
      for (const pair of pairs) [pair.owner, pair.heir] = [pair.heir, pair.owner]
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    for (const { id, owner } of pairs) {
      const head = LeagueDetailSchema.parse(
        await (await owner.browser.get(`/api/leagues/${id}`)).json(),
      )
      expect(head).toMatchObject({ myRole: 'owner', memberCount: 2 })
    }
  }, 120_000)
})
