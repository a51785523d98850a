import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '#web/components/ui/skeleton'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useMyRecentTransactions } from '../api/get-my-transactions'
import { balanceHistory, sparklineGeometry } from '../balance-history'

const WIDTH = 320
const HEIGHT = 80

/**
 * A small line of the balance over the newest transactions (an inline SVG: no chart library for
 * one sparkline). Screen readers get the same figures as a sentence and a table.
 */
export function BalanceChart({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const transactions = useMyRecentTransactions()
  const titleId = useId()
  const summaryId = useId()

  const points = transactions.data ? balanceHistory(transactions.data.items, balance) : []
  const geometry = sparklineGeometry(points, { width: WIDTH, height: HEIGHT })
  const first = points[0]
  const last = points[points.length - 1]
  const balances = points.map((point) => point.balance)
  const coins = (amount: number) => t('common.coinsAmount', { amount: number.format(amount) })

  return (
    <section
      aria-labelledby={titleId}
      data-testid="balance-chart"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-bold text-fg">
        {t('profile.chart_title')}
      </h2>
      {transactions.isPending && (
        <div role="status" className="mt-4">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-20 w-full" />
        </div>
      )}
      {transactions.isError && (
        <p className="mt-3 text-sm text-muted">{t('profile.chart_error')}</p>
      )}
      {transactions.isSuccess && !geometry && (
        <p data-testid="balance-chart-empty" className="mt-3 text-sm text-muted">
          {t('profile.chart_empty')}
        </p>
      )}
      {geometry && first && last && (
        <figure className="mt-4">
          <svg
            role="img"
            aria-labelledby={summaryId}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-20 w-full text-brand"
            data-testid="balance-sparkline"
            data-points={points.length}
          >
            <path d={geometry.area} className="fill-current opacity-10" />
            <path
              d={geometry.line}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={geometry.last.x} cy={geometry.last.y} r={3} className="fill-current" />
          </svg>
          <figcaption
            id={summaryId}
            data-testid="balance-chart-summary"
            className="mt-2 text-sm text-muted"
          >
            {t('profile.chart_summary', {
              count: points.length,
              from: coins(first.balance),
              to: coins(last.balance),
              low: coins(Math.min(...balances)),
              high: coins(Math.max(...balances)),
            })}
          </figcaption>
          {/* A table ignores the 1 px width of sr-only and would widen the page on a phone: the
              wrapper is what is hidden. */}
          <div className="sr-only">
            <table>
              <caption>{t('profile.chart_table_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('profile.col_date')}</th>
                  <th scope="col">{t('profile.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point, index) => (
                  <tr key={`${point.at}-${index}`}>
                    <td>{date.format(new Date(point.at))}</td>
                    <td>{coins(point.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  )
}
