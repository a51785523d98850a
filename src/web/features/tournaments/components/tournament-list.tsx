import { Ban, CalendarDays, Coins, Trophy, Users } from 'lucide-react'
import { useMemo, type ReactNode } from 'react'
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
import { TournamentStatusBadge } from './tournament-status-badge'

/** Every tournament, newest start first (docs/product.md "Screens and routes" Tournaments). */
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
      <div
        aria-busy="true"
        className="divide-y divide-line rounded-2xl border border-line bg-surface"
      >
        <span className="sr-only" role="status">
          {t('tournaments.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2 px-4 py-3">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-11 w-1/2 self-end" />
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
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      {cards.map((card) => (
        <li key={card.id}>
          <TournamentCard card={card} offset={offset} />
        </li>
      ))}
    </ul>
  )
}

/**
 * One compact row per tournament: status, name, pool, fee, entrants, dates, the deadline and the
 * call. A phone sees five tournaments on about a screen, not one card a screen (issue #29).
 */
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
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* The tournament page's one status (tournamentPhase), so both read the same. */}
          <TournamentStatusBadge tournament={card} offset={offset} size="sm" />
          {card.myBetStatus === 'refunded' ? (
            <span className="text-xs font-semibold text-refund">
              {t('tournament_page.refunded')}
            </span>
          ) : (
            card.hasBet && (
              <span className="text-xs font-semibold text-success">
                {t('tournaments.bet_placed')}
              </span>
            )
          )}
        </div>
        <h2 id={titleId} className="text-base leading-snug font-bold text-fg">
          {card.name}
        </h2>
        {card.status === 'cancelled' ? (
          // Nothing is left to win: every fee went back, so no pool is shown.
          <p className="flex items-start gap-1.5 text-sm text-fg">
            <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            {t('tournament_page.cancelled.notice')}
          </p>
        ) : null}
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          {card.status !== 'cancelled' && (
            <Fact label={t('tournaments.prize_pool')}>
              <Coins aria-hidden="true" className="size-4 text-coin" />
              <span data-testid="prize-pool" className="font-bold text-fg">
                {number.format(card.currentPrizePool)}
              </span>
              <span className="sr-only">{t('nav.coins')}</span>
            </Fact>
          )}
          <Fact label={t('tournament_page.entry_fee')}>
            <span data-testid="card-entry-fee" className="font-semibold text-fg">
              {number.format(card.entryFee)}
            </span>
            <span className="sr-only">{t('nav.coins')}</span>
          </Fact>
          <Fact label={t('tournament_page.entrants')}>
            <Users aria-hidden="true" className="size-4 text-brand" />
            <span data-testid="card-entrants" className="font-semibold text-fg">
              {number.format(card.participantCount)}
            </span>
          </Fact>
        </dl>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <time dateTime={card.startDate}>{date.format(new Date(card.startDate))}</time>
            {' – '}
            <time dateTime={card.endDate}>{date.format(new Date(card.endDate))}</time>
          </span>
        </p>
      </div>
      <Link
        to={`/tournament/${card.id}`}
        data-testid="tournament-link"
        className={buttonClasses(
          action === 'place_bet' ? 'accent' : 'secondary',
          'md',
          'w-full shrink-0 sm:w-auto',
        )}
      >
        {t(`tournaments.action.${action}`)}
        <span className="sr-only">: {card.name}</span>
      </Link>
    </article>
  )
}

/** A labelled figure on one line: the label reads "Entry fee 50" on screen and to a reader. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="inline-flex items-center gap-1">
      <dt>{label}</dt>
      <dd className="inline-flex items-center gap-1 tabular-nums">{children}</dd>
    </div>
  )
}
