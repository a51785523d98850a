import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageContainer } from '#web/components/page-container'
import { InviteLanding } from '#web/features/leagues/components/invite-landing'

/** An invite link, for everyone: signed out it offers sign-up and sign-in that come back here. */
export function LeagueJoinPage() {
  const { t } = useTranslation()
  const { code = '' } = useParams()
  return (
    <PageContainer
      width="narrow"
      title={t('leagues.invite_title')}
      description={t('leagues.invite_description')}
    >
      <InviteLanding key={code} code={code} />
    </PageContainer>
  )
}
