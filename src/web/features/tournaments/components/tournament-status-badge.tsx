import { useTranslation } from 'react-i18next'
import { tournamentPhase } from '#domain/tournament/tournament-phase'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { StatusBadge } from '#web/components/ui/status-badge'
import { CountdownPill, useNow } from './countdown-badge'

/** A list row's pill is as small as the status badge beside the row's name. */
const SMALL_PILL = 'px-2.5 py-0.5 text-xs whitespace-nowrap'

/**
 * The one status of a tournament, on its page's header and on its row in the list (issue 29):
 * the time left while it takes brackets, "betting closed" between its deadline and its start,
 * then live, completed or cancelled.
 */
export function TournamentStatusBadge({
  tournament,
  offset,
  size = 'md',
}: {
  tournament: { status: TournamentStatus; bettingDeadline: string }
  /** Server clock minus device clock. */
  offset: number
  size?: 'sm' | 'md'
}) {
  const pill = size === 'sm' ? SMALL_PILL : undefined
  const { t } = useTranslation()
  const now = useNow(offset)
  const phase = tournamentPhase(tournament.status, new Date(tournament.bettingDeadline), now)
  return (
    <span data-testid="tournament-status" data-phase={phase.kind} className="inline-flex">
      {phase.kind === 'open' ? (
        <CountdownPill
          value={phase.countdown}
          label={t('tournaments.betting_deadline')}
          className={pill}
        />
      ) : phase.kind === 'closed' ? (
        <CountdownPill value={{ kind: 'closed', colour: 'red' }} className={pill} />
      ) : (
        <StatusBadge status={tournament.status} />
      )}
    </span>
  )
}
