import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LEADERBOARD_LIMIT } from '#shared/schemas/leaderboard'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useLeaderboard } from '../api/get-leaderboard'
import { canShowMore, nextLeaderboardLimit } from '../leaderboard-view-model'
import { LeaderboardTotals } from './leaderboard-totals'
import { MyRankCard } from './my-rank-card'
import { Podium } from './podium'
import { RankingList } from './ranking-list'

/** The user's rank card, the podium, the ranking (top 5, "show more" up to 100) and totals. */
export function LeaderboardView({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const [limit, setLimit] = useState<number>(DEFAULT_LEADERBOARD_LIMIT)
  const leaderboard = useLeaderboard(limit)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // A failed fetch leaves an empty list with a message (docs/product.md "Errors"), never stale rows.
  const entries = leaderboard.isError ? [] : (leaderboard.data?.entries ?? [])
  const isLoadingMore = leaderboard.isPlaceholderData && leaderboard.isFetching
  const next = nextLeaderboardLimit(limit)
  const hasMore = !leaderboard.isError && !isLoadingMore && canShowMore(limit, entries.length)

  function showMore() {
    if (next === null) return
    setLimit(next)
    // The button may disappear once the last page is in: keep the keyboard user in the list.
    if (nextLeaderboardLimit(next) === null) headingRef.current?.focus()
  }

  return (
    <div className="flex flex-col gap-8">
      <MyRankCard balance={balance} />

      {leaderboard.isPending ? (
        <div role="status" data-testid="leaderboard-loading" className="grid gap-2">
          <span className="sr-only">{t('leaderboard.loading')}</span>
          {[0, 1, 2, 3, 4].map((slot) => (
            <Skeleton key={slot} className="h-12 w-full" />
          ))}
        </div>
      ) : (
        <>
          {!leaderboard.isError && <Podium entries={entries} />}

          <section aria-labelledby="ranking-title" aria-busy={isLoadingMore || undefined}>
            <h2
              id="ranking-title"
              ref={headingRef}
              tabIndex={-1}
              className="mb-3 text-lg font-bold text-fg"
            >
              {t('leaderboard.ranking_title')}
            </h2>
            {leaderboard.isError ? (
              <Alert tone="error" title={t('leaderboard.error')} testId="leaderboard-error">
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-1"
                  onClick={() => void leaderboard.refetch()}
                >
                  {t('leaderboard.retry')}
                </Button>
              </Alert>
            ) : (
              <RankingList entries={entries} />
            )}
            {(hasMore || isLoadingMore) && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={showMore}
                  disabled={isLoadingMore}
                  aria-disabled={isLoadingMore || undefined}
                >
                  {isLoadingMore ? t('leaderboard.loading') : t('leaderboard.show_more')}
                </Button>
              </div>
            )}
          </section>

          <LeaderboardTotals totals={leaderboard.isError ? undefined : leaderboard.data?.totals} />
        </>
      )}
    </div>
  )
}
