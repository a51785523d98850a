import { Link2Off } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { useSharedSeason } from '#web/features/seasons/api/seasons'
import { SharedSeasonView } from '#web/features/seasons/components/shared-season-view'
import { seasonYearOf } from '#web/features/seasons/season-view-model'
import { ApiError, errorKey } from '#web/lib/api-client'
import { useSession } from '#web/lib/session'

/** /season-share/:shareId: a fan's season card for everyone, signed in or not. */
export function SeasonSharePage() {
  const { shareId = '' } = useParams()
  const [search] = useSearchParams()
  const { t, i18n } = useTranslation()
  const shared = useSharedSeason(shareId)
  const session = useSession()
  // The image in the sharer's language (the link's ?lang=), as its preview showed it.
  const lang = search.get('lang') ?? i18n.resolvedLanguage ?? i18n.language
  if (shared.isPending) {
    return (
      <PageContainer
        title={t('seasons.my_season_title')}
        description={t('seasons.shared_description')}
      >
        <Spinner label={t('seasons.shared_loading')} className="py-16" />
      </PageContainer>
    )
  }
  if (shared.error) {
    const isUnknown = shared.error instanceof ApiError && shared.error.status === 404
    return (
      <PageContainer
        width="narrow"
        title={t('seasons.my_season_title')}
        description={t('seasons.shared_description')}
      >
        {isUnknown ? (
          <EmptyState icon={Link2Off} title={t('seasons.shared_not_found_title')}>
            <p>{t('seasons.shared_not_found_body')}</p>
            <ButtonLink to="/" variant="primary" className="mt-5">
              {t('common.backHome')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <Alert tone="error" title={t('seasons.shared_load_error')}>
            <p>{t(errorKey(shared.error))}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void shared.refetch()}
            >
              {t('common.tryAgain')}
            </Button>
          </Alert>
        )}
      </PageContainer>
    )
  }
  const card = shared.data
  const isVisitor = session.status === 'visitor'
  return (
    <PageContainer
      title={
        card.season.isRecap
          ? t('seasons.recap_title', { year: seasonYearOf(card.season) })
          : t('seasons.shared_title', { username: card.username })
      }
      description={t('seasons.shared_description')}
      intro={card.season.isRecap ? `${card.username} · ${card.season.name}` : card.season.name}
      actions={
        <ButtonLink
          to={isVisitor ? '/register' : `/seasons/${encodeURIComponent(card.season.id)}`}
          variant="primary"
        >
          {t(isVisitor ? 'seasons.shared_join' : 'seasons.shared_see_seasons')}
        </ButtonLink>
      }
    >
      <SharedSeasonView card={card} lang={lang} />
    </PageContainer>
  )
}
