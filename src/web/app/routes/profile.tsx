import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { BalanceChart } from '#web/features/profile/components/balance-chart'
import { ChangePasswordForm } from '#web/features/auth/components/change-password-form'
import { LifetimeStats } from '#web/features/profile/components/lifetime-stats'
import { MailPreferences } from '#web/features/profile/components/mail-preferences'
import { CalendarFeedSettings } from '#web/features/profile/components/calendar-feed'
import { PushSettings } from '#web/features/profile/components/push-settings'
import { InstallAppCard } from '#web/components/install-app-card'
import { OtherDevices } from '#web/features/profile/components/other-devices'
import { ProfileSummary } from '#web/features/profile/components/profile-summary'
import { TransactionHistory } from '#web/features/profile/components/transaction-history'
import { TopUpOffer } from '#web/features/wallet/components/top-up-offer'
import { useSession } from '#web/lib/session'

export function ProfilePage() {
  const { t } = useTranslation()
  const session = useSession()
  return (
    <PageContainer
      title={t('profile.title')}
      description={t('profile.description')}
      intro={t('profile.intro')}
    >
      {/* RequireUser renders this page only for a signed-in session. */}
      {session.status === 'signed-in' && (
        <div className="flex flex-col gap-6">
          <ProfileSummary me={session.me} />
          <BalanceChart balance={session.me.balance} />
          <TopUpOffer />
          <LifetimeStats />
          <TransactionHistory />
          <InstallAppCard />
          <PushSettings />
          <MailPreferences />
          <CalendarFeedSettings />
          <ChangePasswordForm />
          <OtherDevices />
        </div>
      )}
    </PageContainer>
  )
}
