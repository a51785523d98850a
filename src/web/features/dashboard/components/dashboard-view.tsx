import { LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Me } from '#shared/schemas/me'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { InstallAppCard } from '#web/components/install-app-card'
import { useMyStats } from '#web/lib/queries/my-stats'
import { useTournaments } from '#web/lib/queries/tournaments'
import { pickLiveTournaments, pickUpcomingTournaments } from '../dashboard-selection'
import { firstPredictionTarget, needsFirstPrediction } from '../my-brackets'
import { FirstPredictionNudge } from './first-prediction-nudge'
import { MyBrackets } from './my-brackets'
import { NextMatches } from './next-matches'
import { QuickActions } from './quick-actions'
import { SummaryTiles } from './summary-tiles'
import { LiveTournaments, UpcomingTournaments } from './tournament-sections'

function DashboardLoading() {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      data-testid="dashboard-loading"
      className="flex items-center justify-center gap-3 rounded-2xl border border-line bg-surface px-6 py-12 text-muted"
    >
      <LoaderCircle
        aria-hidden="true"
        className="size-6 animate-spin text-brand motion-reduce:animate-none"
      />
      <p className="font-semibold">{t('dashboard.loading')}</p>
    </div>
  )
}

/**
 * The user's home: welcome, a first-run nudge while the fan has never bet, balance, bet count and
 * win rate (real figures from /api/me/stats), the fan's brackets with their results, the next
 * scheduled match of each alive pick, up to three
 * live and three upcoming tournaments, and quick actions. `besideBalance` is what the page shows
 * right under the balance (the daily top-up while the fan may claim it).
 */
export function DashboardView({ me, besideBalance }: { me: Me; besideBalance?: ReactNode }) {
  const { t } = useTranslation()
  const stats = useMyStats()
  const tournaments = useTournaments()

  const isLoading = stats.isPending || tournaments.isPending
  const list = tournaments.data?.tournaments ?? []

  return (
    <div className="flex flex-col gap-8">
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">
          {t('dashboard.title')}
        </p>
        <h1
          data-testid="dashboard-welcome"
          className="mt-1 text-3xl font-extrabold tracking-tight break-words text-fg sm:text-4xl"
        >
          {t('dashboard.welcome', { username: me.user.username })}
        </h1>
        <p className="mt-2 text-base text-muted">{t('dashboard.intro')}</p>
      </header>

      {isLoading ? (
        <DashboardLoading />
      ) : (
        <>
          {needsFirstPrediction(stats.data) && (
            <FirstPredictionNudge to={firstPredictionTarget(list)} />
          )}
          <SummaryTiles balance={me.balance} stats={stats.data} />
          {besideBalance}
          {stats.isError && (
            <Alert tone="info" role="none" testId="dashboard-stats-error">
              {t('dashboard.stats_unavailable')}
            </Alert>
          )}

          <MyBrackets />
          {(stats.data?.betCount ?? 0) > 0 && <NextMatches />}
          {/* After a first bracket, where the app helps most: the deadlines and results (§21). */}
          {(stats.data?.betCount ?? 0) > 0 && <InstallAppCard dismissible />}

          {tournaments.isError ? (
            <Alert tone="error" title={t('dashboard.tournaments_error')} testId="dashboard-error">
              <Button
                variant="secondary"
                size="sm"
                className="mt-1"
                onClick={() => void tournaments.refetch()}
              >
                {t('dashboard.retry')}
              </Button>
            </Alert>
          ) : (
            <div className="grid gap-8 lg:grid-cols-2">
              <LiveTournaments tournaments={pickLiveTournaments(list)} />
              <UpcomingTournaments tournaments={pickUpcomingTournaments(list)} />
            </div>
          )}
        </>
      )}

      <QuickActions />
    </div>
  )
}
