import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { LeaderboardView } from '#web/features/leaderboard/components/leaderboard-view'
import { useSession } from '#web/lib/session'

export function LeaderboardPage() {
  const { t } = useTranslation()
  const session = useSession()
  return (
    <PageContainer
      title={t('leaderboard.title')}
      description={t('leaderboard.description')}
      intro={t('leaderboard.intro')}
    >
      {/* RequireUser renders this page only for a signed-in session. */}
      {session.status === 'signed-in' && <LeaderboardView balance={session.me.balance} />}
    </PageContainer>
  )
}
