// A season that has ended, for the recap and share tests: two fans played its settled tournament,
// a third fan has an account but did not play, and a second tournament is still open (cancel it
// to wrap the season up). Counting happens on the first read of the season (catchUpSeasons).
import { expect } from 'vitest'
import { AdminSeasonSchema, MySeasonSchema } from '#shared/schemas/season'
import type { Database } from '#server/db/client'
import { put, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { betBody, insertBracketTournament, playOut } from '#tests/game-factories'
import type { TestSetup } from '#tests/test-app'
import type { TestBrowser } from '#tests/test-browser'

let scenes = 0

/** `name`: the season's; tests that share a database give each scene its own. */
export async function setUpEndedSeason(
  setup: Pick<TestSetup, 'app'>,
  db: Database,
  name = `Premier Padel 2025 ${++scenes}`,
) {
  const admin = await signInAdmin(setup, db)
  const created = await admin.browser.post('/api/admin/seasons', {
    name,
    startsOn: '2025-01-01',
    endsOn: '2025-12-31',
  })
  expect(created.status).toBe(201)
  const seasonId = AdminSeasonSchema.parse(await created.json()).id
  const settled = await insertBracketTournament(db, { name: 'Madrid Open' })
  const open = await insertBracketTournament(db, { name: 'Paris Major' })
  for (const bracket of [settled, open]) {
    const path = `/api/admin/seasons/${seasonId}/tournaments/${bracket.tournament.id}`
    expect((await put(admin.browser, path, {})).status).toBe(200)
  }
  const ana = await signInAs(setup, db, { username: `recap_ana_${scenes}` })
  const ben = await signInAs(setup, db, { username: `recap_ben_${scenes}` })
  const cai = await signInAs(setup, db, { username: `recap_cai_${scenes}` })
  for (const fan of [ana, ben]) {
    const res = await fan.browser.post(
      `/api/tournaments/${settled.tournament.id}/bets`,
      betBody(settled),
    )
    expect(res.status).toBe(201)
  }
  await playOut(db, settled)
  await settleTournament(db, { actorId: admin.userId, tournamentId: settled.tournament.id })
  const mySeason = async (browser: TestBrowser) => {
    const res = await browser.get(`/api/seasons/${seasonId}/me`)
    expect(res.status, await res.clone().text()).toBe(200)
    return MySeasonSchema.parse(await res.json())
  }
  // The first read counts the settled tournament.
  expect((await mySeason(ana.browser)).me).not.toBeNull()
  return {
    admin,
    name,
    seasonId,
    settled,
    open,
    fans: { ana, ben, cai },
    mySeason,
    /** Cancels the open tournament: the season is then wrapped up. */
    wrapUp: () => cancelTournament(db, { actorId: admin.userId, tournamentId: open.tournament.id }),
  }
}
