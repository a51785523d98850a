import { useTranslation } from 'react-i18next'
import { PageMeta } from '#web/components/page-meta'
import { SeasonCard } from '#web/features/seasons/components/season-card'
import { DashboardView } from '#web/features/dashboard/components/dashboard-view'
import { TopUpOffer } from '#web/features/wallet/components/top-up-offer'
import { useSession } from '#web/lib/session'

export function DashboardPage() {
  const { t } = useTranslation()
  const session = useSession()
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta title={t('dashboard.title')} description={t('dashboard.description')} />
      {/* RequireUser renders this page only for a signed-in session. */}
      {session.status === 'signed-in' && (
        <DashboardView
          me={session.me}
          besideBalance={
            <>
              <TopUpOffer />
              <SeasonCard />
            </>
          }
        />
      )}
    </div>
  )
}
