import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { NotificationList } from '#web/features/notifications/components/notification-list'

/** Every notification of the signed-in fan, paged (the header's popover shows the newest). */
export function NotificationsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer title={t('notifications.title')} description={t('notifications.description')}>
      <section className="overflow-hidden rounded-2xl border border-line bg-surface">
        <NotificationList />
      </section>
    </PageContainer>
  )
}
