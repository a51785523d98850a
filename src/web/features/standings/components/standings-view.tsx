import { Trophy, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { Contest } from '#shared/schemas/contest'
import { Pager } from '#web/components/pager'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat } from '#web/lib/format'
import { useStandings } from '../api/get-standings'
import {
  bracketPath,
  pageCount,
  pageFromSearch,
  searchParamOf,
  STANDINGS_PAGE_SIZE,
} from '../standings-view-model'
import { useRankMoves } from '../use-rank-moves'
import { FindAFan, MyPlace } from './standings-finders'
import { StandingsTable } from './standings-table'

/**
 * A tournament's standings (docs/product.md "Standings"): the fan's own place pinned on top with a jump to
 * its page, "find a fan", then the page of the ranking, one line per fan at every width. Before
 * the deadline only the number of entries. The route keeps it live (useLiveTournament).
 */
export function StandingsView({
  tournamentId,
  leagueId,
  pageParam = 'page',
  contest = 'main',
}: {
  tournamentId: string
  /** Ranks only this league's members (docs/product.md "Leagues"). */
  leagueId?: string
  /** The search parameter holding the page: a page showing several tables gives each its own. */
  pageParam?: string
  /** The contest ranked; each row opens that contest's bracket of the fan. */
  contest?: Contest
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const [search, setSearch] = useSearchParams()
  const page = pageFromSearch(search.get(pageParam))
  const searchParam = searchParamOf(pageParam)
  const q = search.get(searchParam)?.trim() ?? ''
  const standings = useStandings(tournamentId, page, STANDINGS_PAGE_SIZE, leagueId, contest, q)
  const bracketLinkOf = (username: string) => bracketPath(tournamentId, username, contest)
  // ▲/▼ after a live update of this same page (a result rebuilds the standings).
  const moves = useRankMoves(standings.data?.rows, `${page}|${q}`, standings.dataUpdatedAt)

  if (standings.isPending) {
    return (
      <div data-testid="standings-loading" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('standings.loading')}</span>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-14 w-full" />
        ))}
      </div>
    )
  }
  if (standings.isError) {
    return (
      <Alert tone="error" title={t('standings.error')} testId="standings-error">
        <Button
          variant="secondary"
          size="sm"
          className="mt-1"
          onClick={() => void standings.refetch()}
        >
          {t('dashboard.retry')}
        </Button>
      </Alert>
    )
  }
  const data = standings.data
  if (!data.isOpen) {
    return (
      <div data-testid="standings-closed">
        <EmptyState icon={Users} title={t('standings.closed_title')}>
          {t('standings.closed', { count: data.entries, entries: number.format(data.entries) })}
        </EmptyState>
      </div>
    )
  }
  if (data.entries === 0) {
    return (
      <div data-testid="standings-empty">
        <EmptyState icon={Trophy} title={t('standings.empty')} />
      </div>
    )
  }
  const pages = pageCount(data.entries, data.pageSize)
  const goTo = (next: number) =>
    setSearch((params) => {
      params.set(pageParam, String(next))
      return params
    })
  const find = (text: string) =>
    setSearch((params) => {
      if (text) params.set(searchParam, text)
      else params.delete(searchParam)
      params.delete(pageParam)
      return params
    })

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" data-testid="standings-entries">
        {t('standings.entries', { count: data.entries, entries: number.format(data.entries) })}
      </p>
      {data.me && (
        <MyPlace
          row={data.me}
          entries={data.entries}
          bracketLink={bracketLinkOf ? bracketLinkOf(data.me.username) : null}
          onJump={
            data.myPage !== null && (q !== '' || data.myPage !== page)
              ? () => {
                  const target = data.myPage ?? 1
                  setSearch((params) => {
                    params.delete(searchParam)
                    params.set(pageParam, String(target))
                    return params
                  })
                }
              : null
          }
        />
      )}
      <FindAFan key={q} value={q} onFind={find} />
      {q !== '' && data.rows.length === 0 ? (
        <p data-testid="standings-no-match" className="text-sm text-muted">
          {t('standings.no_match', { q })}
        </p>
      ) : (
        <StandingsTable
          rows={data.rows}
          moves={moves}
          bracketLinkOf={bracketLinkOf}
          caption={q === '' ? t('standings.caption') : t('standings.found_caption', { q })}
        />
      )}
      {q === '' && <Pager page={page} pages={pages} onPage={goTo} label={t('standings.pages')} />}
    </div>
  )
}
