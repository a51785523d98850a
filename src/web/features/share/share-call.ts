// What the share page asks a visitor to do (docs/product.md "Sharing a bracket"): make a bracket for the shared
// tournament while it takes entries, else for the next tournament open for predictions.
import type { SharedBracket } from '#shared/schemas/share'
import type { TournamentCard } from '#shared/schemas/tournament'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** days: whole days left (≥ 1); hours: under a day (≥ 1); soon: under an hour. */
export type TimeLeft = { unit: 'days' | 'hours'; count: number } | { unit: 'soon' }

export interface ShareCall {
  tournament: { id: string; name: string }
  left: TimeLeft
}

export function timeLeftUntil(deadline: string, now: number): TimeLeft {
  const ms = Date.parse(deadline) - now
  if (ms >= DAY_MS) return { unit: 'days', count: Math.floor(ms / DAY_MS) }
  if (ms >= HOUR_MS) return { unit: 'hours', count: Math.floor(ms / HOUR_MS) }
  return { unit: 'soon' }
}

export function shareCallOf(
  share: Pick<SharedBracket, 'phase' | 'tournament'>,
  tournaments: readonly Pick<
    TournamentCard,
    'id' | 'name' | 'status' | 'isBettingOpen' | 'bettingDeadline' | 'startDate'
  >[],
  now: number,
): ShareCall | null {
  const shared = share.tournament
  if (share.phase === 'entered' && Date.parse(shared.bettingDeadline) > now) {
    return { tournament: shared, left: timeLeftUntil(shared.bettingDeadline, now) }
  }
  const next = tournaments
    .filter(
      (tournament) =>
        tournament.status === 'upcoming' &&
        tournament.isBettingOpen &&
        Date.parse(tournament.bettingDeadline) > now,
    )
    .sort((a, b) => Date.parse(a.bettingDeadline) - Date.parse(b.bettingDeadline))[0]
  return next ? { tournament: next, left: timeLeftUntil(next.bettingDeadline, now) } : null
}
