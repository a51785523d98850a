import { Search, Users } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { LEAGUE_NAME_MAX, type LeagueSummary } from '#shared/schemas/league'
import { Alert } from '#web/components/ui/alert'
import { Pager } from '#web/components/pager'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { inputClasses } from '#web/components/ui/text-field'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import { leaguesApi, useLeagueMutation, usePublicLeagues } from '../api/leagues'
import { leaguePath } from '../league-view-model'

/** Public leagues by name, each with a join button (or a link for the leagues already joined). */
export function PublicLeagueSearch() {
  const { t } = useTranslation()
  const inputId = useId()
  const [draft, setDraft] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const results = usePublicLeagues(query, page)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setQuery(draft.trim())
    setPage(1)
  }

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-fg">
            {t('leagues.search_label')}
          </label>
          <input
            id={inputId}
            type="search"
            value={draft}
            maxLength={LEAGUE_NAME_MAX}
            onChange={(event) => setDraft(event.target.value)}
            className={inputClasses}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {t('leagues.search')}
        </Button>
      </form>

      {results.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">{t('leagues.loading')}</span>
          <Skeleton className="h-14 w-full" />
        </div>
      ) : results.isError ? (
        <Alert tone="error" title={t('leagues.search_error')}>
          <Button
            variant="secondary"
            size="sm"
            className="mt-1"
            onClick={() => void results.refetch()}
          >
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : results.data.leagues.length === 0 ? (
        <div data-testid="public-leagues-empty">
          {/* Before any search an empty list means none exist yet: invite, do not say "no match". */}
          {query === '' ? (
            <EmptyState icon={Users} title={t('leagues.search_none_yet_title')}>
              {t('leagues.search_none_yet')}
            </EmptyState>
          ) : (
            <EmptyState icon={Users} title={t('leagues.search_empty')} />
          )}
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="public-leagues">
            {results.data.leagues.map((league) => (
              <li key={league.id}>
                <PublicLeagueRow league={league} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            hasMore={results.data.hasMore}
            onPage={setPage}
            label={t('leagues.public_pages')}
          />
        </>
      )}
    </div>
  )
}

function PublicLeagueRow({ league }: { league: LeagueSummary }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const join = useLeagueMutation(leaguesApi.join, () => void navigate(leaguePath(league.id)))
  return (
    <div
      data-testid="public-league"
      data-league-id={league.id}
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold break-words text-fg">{league.name}</p>
        {league.description && (
          <p className="mt-0.5 text-sm break-words text-muted">{league.description}</p>
        )}
        <p className="mt-0.5 text-sm text-muted">
          {t('leagues.member_count', {
            count: league.memberCount,
            members: number.format(league.memberCount),
          })}
        </p>
      </div>
      {league.myRole ? (
        <Link to={leaguePath(league.id)} className="text-sm font-semibold text-brand underline">
          {t('leagues.open_league')}
        </Link>
      ) : (
        <Button
          size="sm"
          variant="accent"
          disabled={join.isPending}
          aria-label={t('leagues.join_named', { name: league.name })}
          onClick={() => join.mutate({ leagueId: league.id })}
        >
          {join.isPending ? t('leagues.joining') : t('leagues.join')}
        </Button>
      )}
      {join.isError && (
        <p role="alert" className="w-full text-sm text-danger">
          {errorMessage(join.error, t('leagues.join_failed'))}
        </p>
      )}
    </div>
  )
}
