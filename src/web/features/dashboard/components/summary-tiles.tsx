import { Coins, Percent, Ticket, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MyStats } from '#shared/schemas/bet'
import { cn } from '#web/lib/cn'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { DASH, formatWinRate } from '../dashboard-selection'

interface TileProps {
  icon: LucideIcon
  label: string
  testId: string
  value: ReactNode
  note?: string
  className?: string
  valueClassName?: string
}

function Tile({ icon: Icon, label, testId, value, note, className, valueClassName }: TileProps) {
  return (
    <div className={cn('min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-5', className)}>
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn('mt-2 font-extrabold tabular-nums', valueClassName ?? 'text-3xl text-fg')}
      >
        {value}
      </dd>
      {note && <dd className="mt-1 text-sm text-muted">{note}</dd>}
    </div>
  )
}

interface SummaryTilesProps {
  balance: number
  /** undefined when the figures could not be loaded. */
  stats: MyStats | undefined
}

/** Wallet balance (large), the number of the user's bets and their win rate. */
export function SummaryTiles({ balance, stats }: SummaryTilesProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat(1)
  const winRate = formatWinRate(stats?.winRate, percent)
  return (
    <section aria-labelledby="dashboard-summary-title">
      <h2 id="dashboard-summary-title" className="sr-only">
        {t('dashboard.summary_title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Tile
          icon={Coins}
          label={t('dashboard.balance')}
          testId="dashboard-balance"
          className="col-span-2"
          valueClassName="text-4xl text-coin sm:text-5xl"
          value={
            <>
              {number.format(balance)}
              <span className="sr-only"> {t('nav.coins')}</span>
            </>
          }
        />
        <Tile
          icon={Ticket}
          label={t('dashboard.bets')}
          testId="dashboard-bet-count"
          value={stats ? number.format(stats.betCount) : DASH}
        />
        <Tile
          icon={Percent}
          label={t('dashboard.win_rate')}
          testId="dashboard-win-rate"
          value={winRate}
          note={
            stats
              ? stats.winRate === null
                ? t('dashboard.win_rate_none')
                : t('standing.dashboard.win_rate_note')
              : undefined
          }
        />
      </dl>
    </section>
  )
}
