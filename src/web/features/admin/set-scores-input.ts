// The results bracket's score fields: what was typed, as the sets the API takes.
import { setScoresProblems } from '#domain/padel/set-scores'
import type { AdminMatch } from '#shared/schemas/admin'
import type { SetScores } from '#shared/schemas/tournament'

export type Games = readonly [
  readonly [string, string],
  readonly [string, string],
  readonly [string, string],
]

export function gamesOf(sets: SetScores | null): Games {
  const text = (set: number, side: 0 | 1) => String(sets?.[set]?.[side] ?? '')
  return [
    [text(0, 0), text(0, 1)],
    [text(1, 0), text(1, 1)],
    [text(2, 0), text(2, 1)],
  ]
}

/** The typed games as sets (null: none typed), or 'incomplete' when a set is half typed or skipped. */
export function parseGames(games: Games): SetScores | null | 'incomplete' {
  const sets: [number, number][] = []
  let hasGap = false
  for (const [a, b] of games) {
    const blank = a.trim() === '' && b.trim() === ''
    if (blank) {
      hasGap = true
      continue
    }
    if (hasGap || a.trim() === '' || b.trim() === '') return 'incomplete'
    sets.push([Number(a), Number(b)])
  }
  return sets.length === 0 ? null : sets
}

/** The pair the scores make the winner, or null when they make none (the check then says why). */
export function winnerOf(match: AdminMatch, sets: SetScores): string | null {
  if (setScoresProblems(sets, 'pair1').length === 0) return match.team1Id
  if (setScoresProblems(sets, 'pair2').length === 0) return match.team2Id
  return null
}
