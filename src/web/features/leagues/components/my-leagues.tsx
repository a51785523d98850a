import { ChevronRight, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { LeagueSummary } from '#shared/schemas/league'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { Badge } from '#web/components/ui/status-badge'
import { useNumberFormat } from '#web/lib/format'
import { useMyLeagues } from '../api/leagues'
import { leaguePath } from '../league-view-model'

/** The fan's leagues, each one tap from its page. */
export function MyLeagues() {
  const { t } = useTranslation()
  const leagues = useMyLeagues()

  if (leagues.isPending) {
    return (
      <div aria-busy="true" data-testid="my-leagues-loading" className="flex flex-col gap-3">
        <span className="sr-only">{t('leagues.loading')}</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  if (leagues.isError) {
    return (
      <Alert tone="error" title={t('leagues.load_error')} testId="my-leagues-error">
        <Button
          variant="secondary"
          size="sm"
          className="mt-1"
          onClick={() => void leagues.refetch()}
        >
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  }
  if (leagues.data.leagues.length === 0) {
    return (
      <div data-testid="my-leagues-empty">
        <EmptyState icon={Users} title={t('leagues.mine_empty_title')}>
          {t('leagues.mine_empty_body')}
        </EmptyState>
      </div>
    )
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="my-leagues">
      {leagues.data.leagues.map((league) => (
        <li key={league.id}>
          <LeagueCard league={league} />
        </li>
      ))}
    </ul>
  )
}

export function LeagueCard({ league }: { league: LeagueSummary }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <Link
      to={leaguePath(league.id)}
      data-testid="league-card"
      data-league-id={league.id}
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-2"
    >
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-bold break-words text-fg">{league.name}</span>
          {league.myRole === 'owner' && <Badge tone="brand">{t('leagues.role_owner')}</Badge>}
          {league.visibility === 'public' && (
            <Badge tone="neutral">{t('leagues.visibility_public')}</Badge>
          )}
        </span>
        <span className="mt-1 block text-sm text-muted">
          {t('leagues.member_count', {
            count: league.memberCount,
            members: number.format(league.memberCount),
          })}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
    </Link>
  )
}
