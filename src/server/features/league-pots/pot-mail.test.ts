import { describe, expect, it } from 'vitest'
import { renderPotMail, type PotMailInput } from './pot-mail'

const INPUT: PotMailInput = {
  lang: 'es',
  kind: 'won',
  name: 'Ana',
  leagueName: 'Club Norte',
  tournamentName: 'Madrid P1',
  coins: 5000,
  winnerName: 'Ana',
  isShared: false,
  leagueLink: 'https://gp.example/leagues/l',
  unsubscribeLink: 'https://gp.example/unsubscribe',
}

describe('the league pot mail', () => {
  it('writes coins the Spanish way and says "monedero", as the app does', () => {
    const won = renderPotMail(INPUT).text
    expect(won).toContain('5.000 monedas del bote ya están en tu monedero')
    expect(renderPotMail({ ...INPUT, kind: 'refund' }).text).toContain(
      'tus 5.000 monedas han vuelto a tu monedero',
    )
    expect(renderPotMail({ ...INPUT, lang: 'en' }).text).toContain('5,000 coins')
  })
})
