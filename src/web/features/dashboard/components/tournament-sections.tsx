import { CalendarClock, CircleCheck, Radio, type LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { TournamentCard } from '#shared/schemas/tournament'
import { buttonClasses } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { upcomingAction, type UpcomingAction } from '../dashboard-selection'

const ACTION_LABEL = {
  'view-bet': 'dashboard.action_view_bet',
  'place-bets': 'dashboard.action_place_bets',
  view: 'dashboard.action_view',
} as const satisfies Record<UpcomingAction, string>

interface SectionProps {
  id: string
  icon: LucideIcon
  title: string
  emptyText: string
  testId: string
  count: number
  children: ReactNode
}

function Section({ id, icon, title, emptyText, testId, count, children }: SectionProps) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="mb-3 text-lg font-bold text-fg">
        {title}
      </h2>
      {count === 0 ? (
        <EmptyState icon={icon} className="py-8">
          {emptyText}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">{children}</ul>
      )}
    </section>
  )
}

function Figures({ tournament, children }: { tournament: TournamentCard; children?: ReactNode }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {children}
      <div>
        <dt className="text-muted">{t('dashboard.prize_pool')}</dt>
        <dd data-testid="tournament-prize-pool" className="font-bold text-coin tabular-nums">
          {t('common.coinsAmount', { amount: number.format(tournament.currentPrizePool) })}
        </dd>
      </div>
      <div>
        <dt className="text-muted">{t('dashboard.pairs')}</dt>
        <dd data-testid="tournament-pairs" className="font-bold text-fg tabular-nums">
          {number.format(tournament.pairCount)}
        </dd>
      </div>
    </dl>
  )
}

function LiveCard({ tournament }: { tournament: TournamentCard }) {
  const { t } = useTranslation()
  const nameId = useId()
  return (
    <li
      data-testid="live-tournament"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-bold text-danger">
          <Radio aria-hidden="true" className="size-3.5" />
          {t('dashboard.live_badge')}
        </p>
        <h3 id={nameId} className="mt-2 text-base font-bold break-words text-fg">
          {tournament.name}
        </h3>
        <Figures tournament={tournament} />
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto">
        <Link
          to={`/tournament/${tournament.id}`}
          aria-describedby={nameId}
          className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
        >
          {t('dashboard.action_view_live')}
        </Link>
        <Link
          to={`/tournaments/${tournament.id}/standings`}
          aria-describedby={nameId}
          data-testid="live-tournament-standings"
          className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
        >
          {t('standings.link')}
        </Link>
      </div>
    </li>
  )
}

function UpcomingCard({ tournament }: { tournament: TournamentCard }) {
  const { t } = useTranslation()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const nameId = useId()
  const action = upcomingAction(tournament)
  return (
    <li
      data-testid="upcoming-tournament"
      data-action={action}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="text-base font-bold break-words text-fg">
            {tournament.name}
          </h3>
          {tournament.hasBet && (
            <p
              data-testid="bet-placed-badge"
              className="inline-flex items-center gap-1 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-bold text-success"
            >
              <CircleCheck aria-hidden="true" className="size-3.5" />
              {t('dashboard.bet_placed')}
            </p>
          )}
          {!tournament.hasBet && !tournament.isBettingOpen && (
            <p className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-bold text-muted">
              {t('dashboard.betting_closed')}
            </p>
          )}
        </div>
        <Figures tournament={tournament}>
          <div className="col-span-2">
            <dt className="text-muted">{t('dashboard.starts')}</dt>
            <dd className="font-semibold text-fg">
              <time dateTime={tournament.startDate}>
                {date.format(new Date(tournament.startDate))}
              </time>
            </dd>
          </div>
        </Figures>
      </div>
      <Link
        to={`/tournament/${tournament.id}`}
        aria-describedby={nameId}
        className={buttonClasses(
          action === 'place-bets' ? 'accent' : 'secondary',
          'md',
          'w-full sm:w-auto',
        )}
      >
        {t(ACTION_LABEL[action])}
      </Link>
    </li>
  )
}

export function LiveTournaments({ tournaments }: { tournaments: TournamentCard[] }) {
  const { t } = useTranslation()
  return (
    <Section
      id="dashboard-live-title"
      testId="dashboard-live"
      icon={Radio}
      title={t('dashboard.live_title')}
      emptyText={t('dashboard.live_empty')}
      count={tournaments.length}
    >
      {tournaments.map((tournament) => (
        <LiveCard key={tournament.id} tournament={tournament} />
      ))}
    </Section>
  )
}

export function UpcomingTournaments({ tournaments }: { tournaments: TournamentCard[] }) {
  const { t } = useTranslation()
  return (
    <Section
      id="dashboard-upcoming-title"
      testId="dashboard-upcoming"
      icon={CalendarClock}
      title={t('dashboard.upcoming_title')}
      emptyText={t('dashboard.upcoming_empty')}
      count={tournaments.length}
    >
      {tournaments.map((tournament) => (
        <UpcomingCard key={tournament.id} tournament={tournament} />
      ))}
    </Section>
  )
}
