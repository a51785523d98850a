import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { Skeleton } from '#web/components/ui/skeleton'
import { LeaderboardView } from '#web/features/leaderboard/components/leaderboard-view'
import { useSeasons } from '#web/features/seasons/api/seasons'
import { SeasonLeaderboard } from '#web/features/seasons/components/season-leaderboard'
import { cn } from '#web/lib/cn'
import { useSession } from '#web/lib/session'

const TABS = ['season', 'coins'] as const
type Tab = (typeof TABS)[number]

/**
 * Two rankings (docs/product.md "Seasons"): the season table, shown first once a season exists, and the
 * all-time coins ranking. The tab lives in ?tab=, so a reload or a shared link keeps it.
 */
export function LeaderboardPage() {
  const { t } = useTranslation()
  const session = useSession()
  const seasons = useSeasons()
  const [search, setSearch] = useSearchParams()
  const hasSeason = (seasons.data?.seasons.length ?? 0) > 0
  const asked = search.get('tab')
  const tab: Tab = asked === 'coins' || !hasSeason ? 'coins' : 'season'
  const choose = (next: Tab) =>
    setSearch(
      (params) => {
        params.set('tab', next)
        params.delete('page')
        return params
      },
      { replace: true },
    )
  return (
    <PageContainer
      title={t('leaderboard.title')}
      description={t('leaderboard.description')}
      intro={t('leaderboard.intro')}
    >
      {hasSeason && (
        <div
          role="group"
          aria-label={t('seasons.leaderboard_tabs')}
          data-testid="leaderboard-tabs"
          className="mb-6 inline-flex flex-wrap gap-1 rounded-full bg-surface-2 p-1"
        >
          {TABS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={tab === value}
              data-tab={value}
              onClick={() => choose(value)}
              className={cn(
                'min-h-11 rounded-full px-4 text-sm font-semibold',
                tab === value ? 'bg-brand-solid text-surface' : 'text-fg hover:bg-surface',
              )}
            >
              {t(`seasons.tabs.${value}`)}
            </button>
          ))}
        </div>
      )}
      {seasons.isPending && asked !== 'coins' ? (
        <Skeleton className="h-64 w-full" />
      ) : tab === 'season' && seasons.data ? (
        <SeasonLeaderboard seasons={seasons.data} />
      ) : (
        // RequireUser renders this page only for a signed-in session.
        session.status === 'signed-in' && <LeaderboardView balance={session.me.balance} />
      )}
    </PageContainer>
  )
}
