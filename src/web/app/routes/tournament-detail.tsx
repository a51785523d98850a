import { ArrowLeft, Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/page-container'
import { EmptyState } from '../../components/ui/empty-state'

export function TournamentDetailPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('pages.tournamentDetail.title')}
      description={t('pages.tournamentDetail.description')}
      intro={t('pages.tournamentDetail.intro')}
      actions={
        <Link
          to="/tournaments"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('pages.tournamentDetail.back')}
        </Link>
      }
    >
      <EmptyState icon={Trophy} title={t('pages.pendingTitle')}>
        {t('pages.tournamentDetail.empty')}
      </EmptyState>
    </PageContainer>
  )
}
