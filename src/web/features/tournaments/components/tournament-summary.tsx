import { Ban, CalendarPlus, Coins, Trophy } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TournamentDetail } from '#shared/schemas/tournament'
import { Button, buttonClasses } from '#web/components/ui/button'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { TournamentStatusBadge } from './tournament-status-badge'

interface TournamentSummaryProps {
  tournament: TournamentDetail
  /** Server clock minus device clock, for the countdown. */
  offset: number
  /** Offer "Start predictions"; null hides it. disabled while the balance is unknown. */
  start: { onStart: () => void; disabled: boolean } | null
  onOpenPrizes: () => void
  /** The page's live mark, at the end of the status line. */
  liveMark?: ReactNode
}

/**
 * The head of the page: its one status, pool, dates, fee and entrants, and what the user can do. A
 * cancelled tournament has no pool to win, so it says it was cancelled instead of offering prizes.
 */
export function TournamentSummary({
  tournament,
  offset,
  start,
  onOpenPrizes,
  liveMark,
}: TournamentSummaryProps) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const isCancelled = tournament.status === 'cancelled'
  const pool = tournament.currentPrizePool ?? tournament.basePool
  const time = (iso: string) => <time dateTime={iso}>{date.format(new Date(iso))}</time>

  const facts: [string, string, ReactNode][] = [
    ['start', t('tournament_detail.facts.start'), time(tournament.startDate)],
    ['end', t('tournament_detail.facts.end'), time(tournament.endDate)],
    ['deadline', t('tournament_detail.facts.deadline'), time(tournament.bettingDeadline)],
    ['pairs', t('tournament_detail.facts.pairs'), number.format(tournament.pairCount)],
    ['entry-fee', t('tournament_page.entry_fee'), number.format(tournament.entryFee)],
    ['entrants', t('tournament_page.entrants'), number.format(tournament.participantCount)],
  ]

  return (
    <section
      aria-label={t('tournament_detail.summary')}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <TournamentStatusBadge tournament={tournament} offset={offset} />
        {liveMark && <div className="ml-auto">{liveMark}</div>}
      </div>
      <div className="grid gap-5 md:grid-cols-[auto_1fr] md:items-center">
        {isCancelled ? (
          <p
            data-testid="tournament-cancelled"
            className="flex max-w-xs items-start gap-2 text-base font-semibold text-fg"
          >
            <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
            {t('tournament_page.cancelled.notice')}
          </p>
        ) : (
          <div>
            <p className="text-sm font-semibold text-muted">{t('tournaments.prize_pool')}</p>
            <p className="mt-1 inline-flex items-center gap-2 text-4xl font-extrabold text-coin tabular-nums">
              <Coins aria-hidden="true" className="size-8" />
              <span data-testid="detail-prize-pool">{number.format(pool)}</span>
              <span className="sr-only">{t('nav.coins')}</span>
            </p>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          {facts.map(([key, label, value]) => (
            <div key={key} className="rounded-xl bg-surface-2 px-3 py-2">
              <dt className="text-xs text-muted">{label}</dt>
              <dd data-testid={`fact-${key}`} className="font-semibold text-fg">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {(start || !isCancelled) && (
        <div className="flex flex-wrap gap-3">
          {start && (
            <Button
              variant="accent"
              size="lg"
              disabled={start.disabled}
              onClick={start.onStart}
              data-testid="start-predictions"
            >
              <Trophy aria-hidden="true" className="size-5" />
              {t('tournament_detail.start_predictions')}
            </Button>
          )}
          {!isCancelled && (
            <Button variant="secondary" size="lg" onClick={onOpenPrizes}>
              {t('tournament_detail.view_prize_breakdown')}
            </Button>
          )}
          {!isCancelled && (
            // The deadline (with an alarm 2 h before) and the dates, as an .ics file (§22).
            <a
              href={`/api/tournaments/${tournament.id}/calendar.ics?lang=${i18n.resolvedLanguage === 'en' ? 'en' : 'es'}`}
              download
              className={buttonClasses('ghost', 'lg')}
              data-testid="add-to-calendar"
            >
              <CalendarPlus aria-hidden="true" className="size-5" />
              {t('add_to_calendar')}
            </a>
          )}
        </div>
      )}
    </section>
  )
}
