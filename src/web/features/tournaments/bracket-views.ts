// Which trees the tournament page's one bracket can show, and which one it opens on
// (docs/decisions/174): the fan's picks with their marks, the results (the draw before play) and
// the People's most common bracket.
import { z } from 'zod'
import type { TournamentStatus } from '#shared/schemas/tournament'

export const BRACKET_VIEWS = ['picks', 'results', 'people'] as const
export const BracketViewSchema = z.enum(BRACKET_VIEWS)
export type BracketView = z.infer<typeof BracketViewSchema>

/**
 * The views on offer, in the switch's order. The picks are the fan's own (a bet that was not
 * refunded); before play they already hold the draw, so the draw is not offered beside them.
 * The People's view exists once betting has closed and a most common bracket is known.
 */
export function bracketViewsOf({
  hasPicks,
  status,
  hasPeople,
}: {
  hasPicks: boolean
  status: TournamentStatus
  hasPeople: boolean
}): BracketView[] {
  const hasPlayed = status === 'active' || status === 'completed'
  return BRACKET_VIEWS.filter((view) =>
    view === 'picks' ? hasPicks : view === 'results' ? hasPlayed || !hasPicks : hasPeople,
  )
}

/** The view asked for in the URL when it is on offer, else the first one (the picks, if any). */
export function chosenBracketView(
  asked: BracketView | null,
  views: readonly BracketView[],
): BracketView {
  return asked !== null && views.includes(asked) ? asked : (views[0] ?? 'results')
}
