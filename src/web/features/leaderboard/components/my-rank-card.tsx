import { ArrowRight, Coins, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat } from '#web/lib/format'
import { useMyPosition } from '../api/get-my-position'

function CoinsLine({ amount }: { amount: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <p className="mt-2 inline-flex items-center gap-2 text-2xl font-extrabold text-coin tabular-nums">
      <Coins aria-hidden="true" className="size-6" />
      {t('common.coinsAmount', { amount: number.format(amount) })}
    </p>
  )
}

/**
 * The user's own rank, coins and the number of players, from GET /api/leaderboard/me. A fan who
 * has not bet yet is not ranked: the card says so and how to enter (an administrator never is).
 */
export function MyRankCard({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const position = useMyPosition()

  return (
    <section
      aria-labelledby="my-rank-title"
      data-testid="my-rank-card"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2
        id="my-rank-title"
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand uppercase"
      >
        <UserRound aria-hidden="true" className="size-4" />
        {t('leaderboard.my_rank_title')}
      </h2>
      {position.isPending && (
        <div role="status" className="mt-3">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-14 w-full" />
        </div>
      )}
      {position.isError && (
        <p className="mt-3 text-sm text-muted">{t('leaderboard.position_error')}</p>
      )}
      {position.isSuccess && position.data === null && (
        <div className="mt-3">
          <p className="text-sm text-muted">{t('leaderboard.not_ranked')}</p>
          <CoinsLine amount={balance} />
        </div>
      )}
      {position.data && position.data.rank_position === null && (
        <div className="mt-3 flex flex-col items-start" data-testid="my-rank-unranked">
          <p className="text-base font-semibold text-fg">
            {position.data.unranked_reason === 'admin'
              ? t('standing.leaderboard.admin_unranked')
              : t('standing.leaderboard.no_bet_unranked')}
          </p>
          <CoinsLine amount={position.data.total_coins} />
          {position.data.unranked_reason !== 'admin' && (
            <ButtonLink to="/tournaments" variant="accent" className="mt-4">
              {t('standing.first_prediction.action')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          )}
        </div>
      )}
      {position.data && position.data.rank_position !== null && (
        <dl className="mt-3 flex flex-wrap items-end gap-x-8 gap-y-3">
          <div>
            <dt className="text-sm text-muted">{t('leaderboard.rank_label')}</dt>
            <dd className="text-4xl font-extrabold text-fg tabular-nums sm:text-5xl">
              <span data-testid="my-rank">
                {t('leaderboard.rank', { rank: number.format(position.data.rank_position) })}
              </span>{' '}
              <span
                data-testid="my-rank-players"
                className="text-base font-semibold text-muted sm:text-lg"
              >
                {t('leaderboard.of_players', {
                  total: number.format(position.data.total_players),
                })}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('leaderboard.coins')}</dt>
            <dd
              data-testid="my-rank-coins"
              className="inline-flex items-center gap-2 text-3xl font-extrabold text-coin tabular-nums"
            >
              <Coins aria-hidden="true" className="size-6" />
              {number.format(position.data.total_coins)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}
