import { LogIn } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function LoginPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.login.title')}
      description={t('pages.login.description')}
      intro={t('pages.login.intro')}
    >
      <EmptyState icon={LogIn} title={t('pages.pendingTitle')}>
        {t('pages.login.pending')}
      </EmptyState>
      <p className="mt-6 text-center text-sm text-muted">
        {t('pages.login.noAccount')}{' '}
        <Link to="/register" className="font-semibold text-brand underline underline-offset-4">
          {t('pages.login.register')}
        </Link>
      </p>
    </PageContainer>
  )
}
