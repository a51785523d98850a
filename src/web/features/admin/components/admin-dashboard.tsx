import { useQuery } from '@tanstack/react-query'
import { Coins, Ticket, Trophy, Users, Zap, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { useNumberFormat } from '#web/lib/format'
import { adminStatsQueryOptions } from '../api/tournaments'
import { LoadError, LoadingBlock } from './admin-ui'
import { WorkQueue } from './work-queue'

function StatCard({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon
  label: string
  value: string
  testId: string
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <dt className="flex items-center gap-3 text-sm text-muted">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-brand">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd data-testid={testId} className="mt-3 text-2xl font-extrabold text-fg tabular-nums">
        {value}
      </dd>
    </div>
  )
}

/** /admin: the five figures and the work queue (what needs an admin now). */
export function AdminDashboard() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const query = useQuery(adminStatsQueryOptions)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else {
    const stats = query.data
    const cards = [
      { icon: Ticket, key: 'activeBets', value: stats.activeBets },
      { icon: Trophy, key: 'tournaments', value: stats.tournaments },
      { icon: Zap, key: 'activeTournaments', value: stats.activeTournaments },
      { icon: Users, key: 'users', value: stats.users },
      { icon: Coins, key: 'prizePools', value: stats.totalPrizePools },
    ] as const
    body = (
      <>
        <section aria-label={t('admin.home.statsLabel')}>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            {cards.map((card) => (
              <StatCard
                key={card.key}
                icon={card.icon}
                label={t(`admin.home.stats.${card.key}`)}
                value={number.format(card.value)}
                testId={`stat-${card.key}`}
              />
            ))}
          </dl>
        </section>
        <section aria-labelledby="work-queue-title" className="mt-10">
          <h2 id="work-queue-title" className="mb-4 text-xl font-bold text-fg">
            {t('admin.screens.queue.title')}
          </h2>
          <WorkQueue items={stats.workQueue} />
        </section>
      </>
    )
  }

  return (
    <PageContainer
      title={t('admin.home.title')}
      description={t('admin.home.description')}
      intro={t('admin.home.intro')}
    >
      {body}
    </PageContainer>
  )
}
