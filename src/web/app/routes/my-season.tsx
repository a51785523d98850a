import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { useMySeason } from '#web/features/seasons/api/seasons'
import { MySeasonView } from '#web/features/seasons/components/my-season-view'
import { seasonYearOf } from '#web/features/seasons/season-view-model'

export function MySeasonPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const mine = useMySeason(id)
  // Once the season is wrapped up the page is its recap: "My 2026 in padel".
  const isRecap = mine.data?.isRecap === true
  return (
    <PageContainer
      title={
        isRecap && mine.data
          ? t('seasons.recap_title', { year: seasonYearOf(mine.data.season) })
          : t('seasons.my_season_title')
      }
      description={t(isRecap ? 'seasons.recap_description' : 'seasons.my_season_description')}
      intro={mine.data?.season.name}
      back={{
        to: `/seasons/${encodeURIComponent(id)}`,
        label: mine.data
          ? t('seasons.back_to_table', { name: mine.data.season.name })
          : t('seasons.back_to_season'),
      }}
    >
      <MySeasonView key={id} seasonId={id} />
    </PageContainer>
  )
}
