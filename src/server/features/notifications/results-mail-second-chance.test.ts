// The results mail of the second chance (docs/product.md "Second chance", decision 102): each contest's
// settlement mails its own entrants, so a fan in both gets two mails — the main bracket's result
// and the second chance's, each read from that bet's own notification — and a fan in the main
// bracket alone one. On both databases.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, userPreferences } from '#server/db/schema'
import {
  betBody,
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
} from '#tests/game-factories'
import { playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { openSecondChance } from '#tests/second-chance-fan-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { writeDueResultsMails } from './results-mail'
import { writeDueSettlementNotifications } from './settlement-notifications'

const MAIL_ENV = {
  PUBLIC_URL: 'http://golden-point.test',
  BETTER_AUTH_SECRET: 'results-mail-test-secret-of-32-chars!',
}

describe.each(testDatabaseKinds)('results mails of both contests on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('mails a second-chance entrant the second chance’s result as a mail of its own', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const tournamentId = bracket.tournament.id
    // Ana: perfect main bracket and second chance (Spanish). Bo: main all wrong, second chance
    // wrong in the final. Cy: main bracket only.
    const [ana, bo, cy] = [
      await insertAccount(db, { balance: 1000 }),
      await insertAccount(db, { balance: 1000 }),
      await insertAccount(db, { balance: 1000 }),
    ]
    await db.insert(userPreferences).values({ userId: ana.userId, locale: 'es' })
    for (const [fan, body] of [
      [ana, completeBracket(bracket)],
      [bo, betBody(bracket, (match) => match.team2Id)],
      [cy, completeBracket(bracket)],
    ] as const) {
      await placeBet(db, { userId: fan.userId, tournamentId, ...body })
    }
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    await openSecondChance(db, tournamentId)
    const wrongFinal = secondChanceBody(played, (match) =>
      match.round === 'final' ? match.team2Id : match.team1Id,
    )
    for (const [fan, body] of [
      [ana, secondChanceBody(played)],
      [bo, wrongFinal],
    ] as const) {
      await placeBet(db, { userId: fan.userId, tournamentId, contest: 'second_chance', ...body })
    }
    await playOut(db, bracket)
    await settleTournament(db, { actorId: 'admin', tournamentId })
    while ((await writeDueSettlementNotifications(db)) > 0) {
      /* every contest's notifications */
    }
    let written = 0
    for (let count = -1; count !== 0; written += count) {
      count = await writeDueResultsMails(db, { env: MAIL_ENV })
    }
    // Three main entrants and two second-chance entrants; nothing more on another pass.
    expect(written).toBe(5)
    expect(await writeDueResultsMails(db, { env: MAIL_ENV })).toBe(0)

    // The main bracket's mail first (its subject is the shorter in either language).
    const mailsTo = async (email: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).sort(
        (a, b) => a.subject.length - b.subject.length,
      )
    const name = bracket.tournament.name
    const anas = await mailsTo(ana.email)
    expect(anas.map((mail) => mail.subject)).toEqual([
      `Tu resultado en ${name}`,
      `Tu resultado en la segunda oportunidad de ${name}`,
    ])
    // Each mail tells its own bracket: 16 of 16, then 8 of 8.
    expect(anas[0]!.text).toMatch(/Acertaste 16 de 16 pronósticos/)
    expect(anas[1]!.text).toContain(`La segunda oportunidad de ${name} se ha liquidado.`)
    expect(anas[1]!.text).toMatch(/Acertaste 8 de 8 pronósticos/)
    expect(anas[1]!.text).toContain('Has ganado')
    const bos = await mailsTo(bo.email)
    expect(bos.map((mail) => mail.subject)).toEqual([
      `Your result in ${name}`,
      `Your second-chance result in ${name}`,
    ])
    expect(bos[0]!.text).toContain('You got 0 of 16 picks right (0%).')
    // The final and so the MVP wrong: 6 of 8.
    expect(bos[1]!.text).toContain('You got 6 of 8 picks right (75%).')
    expect((await mailsTo(cy.email)).map((mail) => mail.subject)).toEqual([
      `Your result in ${name}`,
    ])
  })
})
