import { Ban, CalendarDays, Coins, Trophy, Users } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { TournamentCard as Card } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { Button, buttonClasses } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { errorKey } from '#web/lib/api-client'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useTournaments } from '#web/lib/queries/tournaments'
import { clockOffset, sortByStartDesc, tournamentAction } from '../tournament-view'
import { CountdownBadge } from './countdown-badge'
import { StatusBadge } from '#web/components/ui/status-badge'

/** Every tournament, newest start first (docs/product.md §2 Tournaments). */
export function TournamentList() {
  const { t } = useTranslation()
  const { data, error, isPending, refetch, dataUpdatedAt } = useTournaments()
  const offset = useMemo(
    () => (data ? clockOffset(data.serverTime, dataUpdatedAt) : 0),
    [data, dataUpdatedAt],
  )
  const cards = useMemo(() => (data ? sortByStartDesc(data.tournaments) : []), [data])

  if (isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only" role="status">
          {t('tournaments.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
          >
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-10 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
    )
  }
  if (error) {
    return (
      <Alert tone="error" title={t('tournaments.load_error')}>
        <p>{t(errorKey(error))}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  }
  if (cards.length === 0) {
    return (
      <EmptyState icon={Trophy} title={t('tournaments.empty_title')}>
        {t('tournaments.empty')}
      </EmptyState>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id}>
          <TournamentCard card={card} offset={offset} />
        </li>
      ))}
    </ul>
  )
}

function TournamentCard({ card, offset }: { card: Card; offset: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'medium' })
  const action = tournamentAction(card)
  const titleId = `tournament-${card.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      data-testid="tournament-card"
      className="flex h-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusBadge status={card.status} />
        {card.myBetStatus === 'refunded' ? (
          <span className="text-xs font-semibold text-refund">{t('tournament_page.refunded')}</span>
        ) : (
          card.hasBet && (
            <span className="text-xs font-semibold text-success">
              {t('tournaments.bet_placed')}
            </span>
          )
        )}
      </div>
      <h2 id={titleId} className="text-xl font-bold text-fg">
        {card.name}
      </h2>
      {card.status === 'cancelled' ? (
        // Nothing is left to win: every fee went back, so no pool is shown.
        <p className="flex items-start gap-2 text-sm font-semibold text-fg">
          <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          {t('tournament_page.cancelled.notice')}
        </p>
      ) : (
        <div>
          <p className="text-sm font-semibold text-muted">{t('tournaments.prize_pool')}</p>
          <p className="mt-1 inline-flex items-center gap-2 text-3xl font-extrabold text-coin tabular-nums">
            <Coins aria-hidden="true" className="size-7" />
            <span data-testid="prize-pool">{number.format(card.currentPrizePool)}</span>
            <span className="sr-only">{t('nav.coins')}</span>
          </p>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{t('tournament_page.entry_fee')}</dt>
          <dd className="inline-flex items-center gap-1 font-semibold text-fg tabular-nums">
            <Coins aria-hidden="true" className="size-4 text-coin" />
            <span data-testid="card-entry-fee">{number.format(card.entryFee)}</span>
            <span className="sr-only">{t('nav.coins')}</span>
          </dd>
        </div>
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{t('tournament_page.entrants')}</dt>
          <dd className="inline-flex items-center gap-1 font-semibold text-fg tabular-nums">
            <Users aria-hidden="true" className="size-4 text-brand" />
            <span data-testid="card-entrants">{number.format(card.participantCount)}</span>
          </dd>
        </div>
      </dl>
      <p className="flex items-center gap-2 text-sm text-muted">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <span>
          <time dateTime={card.startDate}>{date.format(new Date(card.startDate))}</time>
          {' – '}
          <time dateTime={card.endDate}>{date.format(new Date(card.endDate))}</time>
        </span>
      </p>
      {card.status === 'upcoming' && (
        <div className="rounded-xl bg-surface-2 p-3">
          <p className="mb-2 text-xs font-semibold text-muted uppercase">
            {t('tournaments.betting_deadline')}
          </p>
          <CountdownBadge deadline={card.bettingDeadline} offset={offset} />
        </div>
      )}
      <Link
        to={`/tournament/${card.id}`}
        data-testid="tournament-link"
        className={buttonClasses(
          action === 'place_bet' ? 'accent' : 'secondary',
          'md',
          'mt-auto w-full',
        )}
      >
        {t(`tournaments.action.${action}`)}
        <span className="sr-only">: {card.name}</span>
      </Link>
    </article>
  )
}
