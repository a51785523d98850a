import { TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { NotFoundPage } from './not-found'

/**
 * The router's error boundary: a 404 response shows the not-found page; anything else (a route
 * module that failed to download after a deploy, a render error) offers a reload.
 */
export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404

  useEffect(() => {
    if (!isNotFound) console.error(error)
  }, [error, isNotFound])

  return (
    <main id="main-content" tabIndex={-1} className="flex min-h-dvh flex-col outline-none">
      {isNotFound ? (
        <NotFoundPage />
      ) : (
        <PageContainer
          width="narrow"
          title={t('pages.error.title')}
          description={t('pages.error.description')}
        >
          <EmptyState icon={TriangleAlert}>
            <p>{t('pages.error.body')}</p>
            <Button variant="primary" className="mt-5" onClick={() => window.location.reload()}>
              {t('pages.error.reload')}
            </Button>
          </EmptyState>
        </PageContainer>
      )}
    </main>
  )
}
