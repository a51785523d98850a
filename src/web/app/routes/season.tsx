import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { useSeason } from '#web/features/seasons/api/seasons'
import { SeasonView } from '#web/features/seasons/components/season-view'

export function SeasonPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const season = useSeason(id)
  return (
    <PageContainer
      title={season.data?.name ?? t('seasons.page_title')}
      description={t('seasons.page_description')}
    >
      <SeasonView key={id} seasonId={id} />
    </PageContainer>
  )
}
