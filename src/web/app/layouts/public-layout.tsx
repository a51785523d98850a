import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { SkipLink } from '#web/components/ui/skip-link'
import { MAIN_CONTENT_ID } from './root-layout'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Header, main content and footer for every page outside /admin. */
export function PublicLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_CONTENT_ID} label={t('skipLink')} />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
