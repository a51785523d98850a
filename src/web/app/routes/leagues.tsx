import { useTranslation } from 'react-i18next'
import { PageContainer } from '#web/components/page-container'
import { CreateLeagueForm } from '#web/features/leagues/components/create-league-form'
import { JoinWithCode } from '#web/features/leagues/components/join-with-code'
import { MyLeagues } from '#web/features/leagues/components/my-leagues'
import { PublicLeagueSearch } from '#web/features/leagues/components/public-league-search'

/** The fan's leagues, a form to start one, and the public leagues to join (docs/product.md "Leagues"). */
export function LeaguesPage() {
  const { t } = useTranslation()
  return (
    <PageContainer
      title={t('leagues.title')}
      description={t('leagues.description')}
      intro={t('leagues.intro')}
    >
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-10">
          <section aria-labelledby="my-leagues-title">
            <h2 id="my-leagues-title" className="mb-3 text-xl font-bold text-fg">
              {t('leagues.mine_title')}
            </h2>
            <MyLeagues />
          </section>
          <section
            aria-labelledby="join-code-title"
            className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
          >
            <h2 id="join-code-title" className="mb-3 text-xl font-bold text-fg">
              {t('leagues.join_code_title')}
            </h2>
            <JoinWithCode />
          </section>
        </div>
        <section
          aria-labelledby="create-league-title"
          className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
        >
          <h2 id="create-league-title" className="mb-3 text-xl font-bold text-fg">
            {t('leagues.create_title')}
          </h2>
          <CreateLeagueForm />
        </section>
        <section aria-labelledby="public-leagues-title" className="lg:col-span-2">
          <h2 id="public-leagues-title" className="mb-3 text-xl font-bold text-fg">
            {t('leagues.public_title')}
          </h2>
          <PublicLeagueSearch />
        </section>
      </div>
    </PageContainer>
  )
}
