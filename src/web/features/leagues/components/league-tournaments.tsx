import { BellRing, CircleCheck, Trophy } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { LeagueDetail, LeagueTournament } from '#shared/schemas/league'
import { Pager } from '#web/components/pager'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Badge } from '#web/components/ui/status-badge'
import { useErrorMessage } from '#web/lib/error-message'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { leaguesApi, useLeagueMembers, useLeagueMutation } from '../api/leagues'
import { isOwner, standingsPageParam } from '../league-view-model'
import { LeaguePotPanel } from './league-pot'

/** The standings table of one tournament narrowed to a league, drawn by the standings feature. */
export type RenderStandings = (props: {
  tournamentId: string
  leagueId: string
  pageParam: string
}) => ReactNode

/**
 * Each tournament of the league: while betting is open, who of the members has entered (never
 * their picks) and, for the owner, a nudge to the others; after the deadline, the league standings.
 */
export function LeagueTournaments({
  league,
  renderStandings,
}: {
  league: LeagueDetail
  renderStandings: RenderStandings
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="league-tournaments-title" data-testid="league-tournaments">
      <h2 id="league-tournaments-title" className="mb-3 text-xl font-bold text-fg">
        {t('leagues.tournaments_title')}
      </h2>
      {league.tournaments.length === 0 ? (
        <EmptyState icon={Trophy} title={t('leagues.tournaments_empty')} />
      ) : (
        <ul className="flex flex-col gap-6">
          {league.tournaments.map((tournament) => (
            <li
              key={tournament.tournamentId}
              data-testid="league-tournament"
              data-tournament-id={tournament.tournamentId}
              className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
            >
              <TournamentBlock
                league={league}
                tournament={tournament}
                renderStandings={renderStandings}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function TournamentBlock({
  league,
  tournament,
  renderStandings,
}: {
  league: LeagueDetail
  tournament: LeagueTournament
  renderStandings: RenderStandings
}) {
  const { t } = useTranslation()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const number = useNumberFormat()
  const headingId = `league-tournament-${tournament.tournamentId}`
  return (
    <article aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold break-words text-fg">
          <Link
            to={`/tournament/${encodeURIComponent(tournament.tournamentId)}`}
            className="underline-offset-2 hover:underline"
          >
            {tournament.name}
          </Link>
        </h3>
        <p className="text-sm text-muted">
          {tournament.isBettingOpen
            ? t('leagues.deadline_open', {
                date: date.format(new Date(tournament.bettingDeadline)),
              })
            : t('leagues.deadline_passed')}
        </p>
      </div>
      <p className="mt-1 text-sm text-muted" data-testid="league-tournament-entered-count">
        {t('leagues.entered_count', {
          count: tournament.enteredCount,
          entered: number.format(tournament.enteredCount),
          members: number.format(league.memberCount),
        })}
      </p>
      {tournament.isBettingOpen ? (
        <>
          {tournament.enteredCount > 0 && (
            <EnteredMembers leagueId={league.id} tournamentId={tournament.tournamentId} />
          )}
          {/* The owner is never nudged: only the others missing count. */}
          {isOwner(league) && tournament.othersMissingCount > 0 && (
            <NudgeButton leagueId={league.id} tournamentId={tournament.tournamentId} />
          )}
        </>
      ) : (
        <div className="mt-4">
          {renderStandings({
            tournamentId: tournament.tournamentId,
            leagueId: league.id,
            pageParam: standingsPageParam(tournament.tournamentId),
          })}
        </div>
      )}
      <LeaguePotPanel
        leagueId={league.id}
        tournamentId={tournament.tournamentId}
        isOwner={isOwner(league)}
        isBettingOpen={tournament.isBettingOpen}
      />
    </article>
  )
}

/** The members with a bracket in an open tournament, a page at a time. */
function EnteredMembers({ leagueId, tournamentId }: { leagueId: string; tournamentId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const entered = useLeagueMembers(leagueId, {
    tournamentId,
    entry: 'entered',
    page: String(page),
  })
  return (
    <>
      <ul
        aria-label={t('leagues.entered_label')}
        className="mt-3 flex flex-wrap gap-2"
        data-testid="league-entered"
      >
        {(entered.data?.members ?? []).map((member) => (
          <li key={member.userId}>
            <Badge tone="success" icon={CircleCheck}>
              {member.username}
            </Badge>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        hasMore={entered.data?.hasMore ?? false}
        className="mt-3"
        onPage={setPage}
        label={t('leagues.entered_pages')}
      />
    </>
  )
}

function NudgeButton({ leagueId, tournamentId }: { leagueId: string; tournamentId: string }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const errorMessage = useErrorMessage()
  const [nudged, setNudged] = useState<number | null>(null)
  const nudge = useLeagueMutation(() => leaguesApi.nudge(leagueId, tournamentId))
  return (
    <div className="mt-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={nudge.isPending}
        onClick={() => nudge.mutate(undefined, { onSuccess: (result) => setNudged(result.nudged) })}
      >
        <BellRing aria-hidden="true" className="size-4 shrink-0" />
        {/* On a phone the label wraps inside the button instead of pushing the page sideways. */}
        <span className="py-1.5 text-left whitespace-normal">{t('leagues.nudge')}</span>
      </Button>
      <p role="status" className="mt-1 min-h-5 text-sm text-muted" data-testid="nudge-status">
        {nudged !== null && t('leagues.nudged', { count: nudged, nudged: number.format(nudged) })}
        {nudge.isError && errorMessage(nudge.error, t('leagues.action_failed'))}
      </p>
    </div>
  )
}
