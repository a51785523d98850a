import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { ResetPasswordView } from '#web/features/auth/components/reset-password-view'

export function ResetPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('reset_password.title')}
      description={t('reset_password.description')}
      intro={t('reset_password.intro')}
    >
      <ResetPasswordView />
    </PageContainer>
  )
}
