import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Two figures, two names (issue #14): the win rate (brackets that won a prize, of those settled;
// dashboard and profile) and the accuracy of one bracket's picks (a tournament's results). Both
// used to read "Porcentaje de aciertos"/"Acierto" in Spanish, as if they were one figure.

type Tree = { [key: string]: string | Tree }

function text(language: 'es' | 'en', path: string): string {
  const url = new URL(`../../../../public/locales/${language}/translation.json`, import.meta.url)
  let node: string | Tree = JSON.parse(readFileSync(url, 'utf8')) as Tree
  for (const key of path.split('.')) {
    if (typeof node === 'string' || !(key in node)) throw new Error(`no ${path} in ${language}`)
    node = node[key]!
  }
  if (typeof node !== 'string') throw new Error(`${path} in ${language} is not a text`)
  return node
}

const ACCURACY_WORD = { es: /acierto/i, en: /accura/i } as const

describe.each(['es', 'en'] as const)('the names of the figures in %s', (language) => {
  const winRateLabels = ['dashboard.win_rate', 'profile.stats_win_rate']

  it('call the win rate the same wherever it shows, never by the accuracy word', () => {
    const [dashboard, profile] = winRateLabels.map((path) => text(language, path))
    expect(profile).toBe(dashboard)
    expect(dashboard).not.toMatch(ACCURACY_WORD[language])
    expect(text(language, 'dashboard.description')).not.toMatch(ACCURACY_WORD[language])
  })

  it('keep the accuracy word for the accuracy of a bracket', () => {
    expect(text(language, 'prize.accuracy')).toMatch(ACCURACY_WORD[language])
    expect(text(language, 'prize.accuracy')).not.toBe(text(language, 'dashboard.win_rate'))
  })
})
