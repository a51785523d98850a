import { ArrowLeft, Plus, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageContainer } from '../../../components/page-container'
import { ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'

// The admin screens' frames (heading, actions, navigation between list and form). Their data and
// forms arrive with the admin issue; until then they say so instead of showing invented rows.

export type AdminResource = 'tournaments' | 'teams' | 'matches' | 'players'

export function AdminResourceList({
  resource,
  icon,
}: {
  resource: AdminResource
  icon: LucideIcon
}) {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t(`admin.${resource}.title`)}
      description={t(`admin.${resource}.description`)}
      intro={t(`admin.${resource}.description`)}
      actions={
        <ButtonLink to={`/admin/${resource}/new`} variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t(`admin.${resource}.add`)}
        </ButtonLink>
      }
    >
      <EmptyState icon={icon} title={t('admin.noRecords')}>
        {t('admin.pending')}
      </EmptyState>
    </PageContainer>
  )
}

/** Add (no :id) or edit (with :id) form page for one resource. */
export function AdminResourceForm({
  resource,
  icon,
}: {
  resource: AdminResource
  icon: LucideIcon
}) {
  const { t } = useTranslation()
  const { id } = useParams()
  const title = id ? t(`admin.${resource}.edit`) : t(`admin.${resource}.new`)
  return (
    <PageContainer
      width="narrow"
      title={title}
      description={t(`admin.${resource}.description`)}
      actions={
        <Link
          to={`/admin/${resource}`}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t(`admin.${resource}.back`)}
        </Link>
      }
    >
      <EmptyState icon={icon} title={t('pages.pendingTitle')}>
        {t('admin.pending')}
      </EmptyState>
    </PageContainer>
  )
}

/** A section without an add/edit flow (home, users, wallets). */
export function AdminSection({
  section,
  icon,
}: {
  section: 'home' | 'users' | 'wallets'
  icon: LucideIcon
}) {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t(`admin.${section}.title`)}
      description={t(`admin.${section}.description`)}
      intro={t(`admin.${section}.description`)}
    >
      <EmptyState icon={icon} title={t('admin.noRecords')}>
        {t('admin.pending')}
      </EmptyState>
    </PageContainer>
  )
}
