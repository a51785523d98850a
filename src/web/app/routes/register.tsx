import { UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function RegisterPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.register.title')}
      description={t('pages.register.description')}
      intro={t('pages.register.intro')}
    >
      <EmptyState icon={UserPlus} title={t('pages.pendingTitle')}>
        {t('pages.register.pending')}
      </EmptyState>
      <p className="mt-6 text-center text-sm text-muted">
        {t('pages.register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand underline underline-offset-4">
          {t('pages.register.signIn')}
        </Link>
      </p>
    </PageContainer>
  )
}
