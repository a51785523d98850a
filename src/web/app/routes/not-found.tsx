import { Compass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'

/** 404 for any address no route matches (inside the public or the admin layout). */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation()
  return (
    <PageContainer
      width="narrow"
      title={t('pages.notFound.title')}
      description={t('pages.notFound.description')}
    >
      <EmptyState icon={Compass} title="404">
        <p>{t('pages.notFound.body')}</p>
        <ButtonLink to={homePath} variant="primary" className="mt-5">
          {t('common.backHome')}
        </ButtonLink>
      </EmptyState>
    </PageContainer>
  )
}
