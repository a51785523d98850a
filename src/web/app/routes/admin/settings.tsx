import { Settings } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { EmptyState } from '#web/components/ui/empty-state'

/** A "Coming Soon" placeholder, as the product spec defines it. */
export function AdminSettingsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer title={t('admin.settings.title')} description={t('admin.settings.description')}>
      <EmptyState icon={Settings} title={t('common.comingSoon')}>
        {t('admin.settings.body')}
      </EmptyState>
    </PageContainer>
  )
}
