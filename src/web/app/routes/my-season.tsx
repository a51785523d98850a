import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { useMySeason } from '#web/features/seasons/api/seasons'
import { MySeasonView } from '#web/features/seasons/components/my-season-view'

export function MySeasonPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const mine = useMySeason(id)
  return (
    <PageContainer
      title={t('seasons.my_season_title')}
      description={t('seasons.my_season_description')}
      intro={mine.data?.season.name}
    >
      <MySeasonView key={id} seasonId={id} />
    </PageContainer>
  )
}
