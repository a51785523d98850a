import { Medal, PartyPopper, Scale, Target, Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import type { SettlementOutcome } from '../settlement-outcome'

/**
 * The user's own result once the tournament is settled: a win to celebrate, or the score; with
 * the bracket's final rank when it is known.
 */
export function SettlementBanner({
  outcome,
  rank,
}: {
  outcome: SettlementOutcome
  rank?: { rank: number; entries: number } | null
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat()
  const accuracy = percent.format(outcome.accuracy / 100)
  const place = rank
    ? t('tournament_page.prizes.rank', {
        rank: number.format(rank.rank),
        entries: number.format(rank.entries),
      })
    : null
  const score = t('tournament_page.prizes.score', {
    correct: number.format(outcome.correct),
    total: number.format(outcome.total),
    accuracy,
  })

  if (outcome.kind === 'no_prize') {
    return (
      <Alert
        tone="info"
        testId="no-prize-banner"
        title={t('tournament_page.prizes.no_prize_title')}
      >
        {place && (
          <span className="mb-1 block font-semibold" data-testid="outcome-rank">
            {place}
          </span>
        )}
        {t('tournament_page.prizes.no_prize', {
          correct: number.format(outcome.correct),
          total: number.format(outcome.total),
          accuracy,
        })}
      </Alert>
    )
  }

  const facts = (
    <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
      {place && (
        <li
          data-testid="outcome-rank"
          className="inline-flex items-center gap-1.5 rounded-full bg-on-accent/10 px-3 py-1"
        >
          <Trophy aria-hidden="true" className="size-4" />
          {place}
        </li>
      )}
      <li className="inline-flex items-center gap-1.5 rounded-full bg-on-accent/10 px-3 py-1">
        <Medal aria-hidden="true" className="size-4" />
        {t('tournament_page.prizes.tier', { tier: t(`prize.tier_names.${outcome.tierKey}`) })}
      </li>
      <li className="inline-flex items-center gap-1.5 rounded-full bg-on-accent/10 px-3 py-1">
        <Target aria-hidden="true" className="size-4" />
        {score}
      </li>
    </ul>
  )
  const reduction = (text: string) => (
    <p data-testid="prizes-reduced" className="mt-3 flex gap-2 text-sm">
      <Scale aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  )

  if (outcome.kind === 'reduced_to_nothing') {
    return (
      <div
        role="status"
        data-testid="no-prize-banner"
        className="rounded-2xl border border-line bg-surface-2 p-5 text-fg"
      >
        <p className="text-lg font-bold">{t('tournament_page.prizes.reduced_to_nothing_title')}</p>
        {facts}
        {reduction(t('tournament_page.prizes.reduced_to_nothing'))}
      </div>
    )
  }

  const amount = number.format(outcome.amount)
  return (
    <div
      role="status"
      data-testid="winnings-banner"
      className="relative overflow-hidden rounded-2xl bg-accent p-5 text-on-accent shadow-md sm:p-6"
    >
      <PartyPopper
        aria-hidden="true"
        className="pointer-events-none absolute -top-3 -right-3 size-28 opacity-15"
      />
      <p className="flex items-center gap-3 text-2xl font-extrabold sm:text-3xl">
        <PartyPopper aria-hidden="true" className="size-8 shrink-0" />
        {t('tournament_page.prizes.won_title', { amount })}
      </p>
      {facts}
      {outcome.isReduced &&
        outcome.tablePrize !== null &&
        reduction(
          t('tournament_page.prizes.reduced', {
            percentage: percent.format((outcome.tablePercentage ?? 0) / 100),
            table: number.format(outcome.tablePrize),
            amount,
          }),
        )}
    </div>
  )
}
