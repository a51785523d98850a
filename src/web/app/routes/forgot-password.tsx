import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.forgotPassword.title')}
      description={t('pages.forgotPassword.description')}
      intro={t('pages.forgotPassword.intro')}
    >
      <EmptyState icon={KeyRound} title={t('pages.pendingTitle')}>
        {t('pages.forgotPassword.pending')}
      </EmptyState>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand underline underline-offset-4">
          {t('pages.forgotPassword.backToLogin')}
        </Link>
      </p>
    </PageContainer>
  )
}
