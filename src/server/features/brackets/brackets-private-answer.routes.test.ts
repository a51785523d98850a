// The 404 for someone else's bracket while its contest takes entries tells nothing, not even by
// the work behind it (docs/decisions/095, 151): whether the fan has entered or not, the route
// runs the same statements and never reads the other fan's entry. Statements are counted at the
// database client, on PGlite and PostgreSQL, for the second chance and the main bracket.
import { describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '#server/db/client'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import {
  insertSecondChanceBet,
  openSecondChance,
  playRound16,
} from '#tests/second-chance-fan-factories'
import { createTestApp } from '#tests/test-app'
import type { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

/** The SQL text of every statement the client runs while `work` runs (parameters left out). */
async function statementsOf(handle: DatabaseHandle, work: () => Promise<unknown>) {
  const texts: string[] = []
  type Query = (...args: unknown[]) => unknown
  const client = handle.client as unknown as { query: Query }
  const original: Query = client.query.bind(client)
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first] = args
    texts.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text))
    return original(...args)
  })
  try {
    await work()
  } finally {
    spy.mockRestore()
  }
  return texts
}

describe.each(testDatabaseKinds)('a private bracket’s 404 on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function answerAndWork(viewer: TestBrowser, path: string) {
    let answer: { status: number; body: string } | undefined
    const statements = await statementsOf(database(), async () => {
      const res = await viewer.get(path)
      answer = { status: res.status, body: await res.text() }
    })
    return { answer: answer!, statements }
  }

  it.each(['second_chance', 'main'] as const)(
    'is the same answer, with the same statements, whether the fan entered the %s or not',
    async (contest) => {
      const setup = createTestApp(database())
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const id = bracket.tournament.id
      const suffix = crypto.randomUUID().replaceAll('-', '').slice(0, 8)
      const entered = await signInAs(setup, db, { username: `pa_in_${suffix}` })
      await signInAs(setup, db, { username: `pa_out_${suffix}` })
      const viewer = await signInAs(setup, db, { username: `pa_viewer_${suffix}` })
      if (contest === 'main') {
        const placed = await entered.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))
        expect(placed.status).toBe(201)
      } else {
        await playRound16(db, bracket)
        await openSecondChance(db, id)
        await insertSecondChanceBet(db, bracket, entered.userId)
      }
      const path = (who: string) =>
        `/api/tournaments/${id}/brackets/pa_${who}_${suffix}?contest=${contest}`
      // Once each first, so nothing a first request sets up is counted for one of them only.
      await viewer.browser.get(path('in'))
      await viewer.browser.get(path('out'))

      const withEntry = await answerAndWork(viewer.browser, path('in'))
      const withoutEntry = await answerAndWork(viewer.browser, path('out'))

      expect(withEntry.answer).toEqual({
        status: 404,
        body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Bracket not found.' } }),
      })
      expect(withoutEntry.answer).toEqual(withEntry.answer)
      expect(withEntry.statements.length).toBeGreaterThan(0)
      expect(withEntry.statements).toEqual(withoutEntry.statements)
      // The owner still sees it, through the same route.
      expect((await entered.browser.get(path('in'))).status).toBe(200)
    },
  )
})
