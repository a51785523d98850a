import { useTranslation } from 'react-i18next'
import { tournamentPhase } from '#domain/tournament/tournament-phase'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { StatusBadge } from '#web/components/ui/status-badge'
import { CountdownPill, useNow } from './countdown-badge'

/**
 * The one status of a tournament's header (issue 29): the time left while it takes brackets,
 * "betting closed" between its deadline and its start, then live, completed or cancelled.
 */
export function TournamentStatusBadge({
  tournament,
  offset,
}: {
  tournament: { status: TournamentStatus; bettingDeadline: string }
  /** Server clock minus device clock. */
  offset: number
}) {
  const { t } = useTranslation()
  const now = useNow(offset)
  const phase = tournamentPhase(tournament.status, new Date(tournament.bettingDeadline), now)
  return (
    <span data-testid="tournament-status" data-phase={phase.kind} className="inline-flex">
      {phase.kind === 'open' ? (
        <CountdownPill value={phase.countdown} label={t('tournaments.betting_deadline')} />
      ) : phase.kind === 'closed' ? (
        <CountdownPill value={{ kind: 'closed', colour: 'red' }} />
      ) : (
        <StatusBadge status={tournament.status} />
      )}
    </span>
  )
}
