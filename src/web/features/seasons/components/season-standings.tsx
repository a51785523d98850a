import { Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { SeasonRow } from '#shared/schemas/season'
import { Pager } from '#web/components/pager'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat } from '#web/lib/format'
import { useSeasonStandings } from '../api/seasons'
import {
  ordinalOf,
  pageCount,
  pageFromSearch,
  pageOfRank,
  SEASON_PAGE_SIZE,
} from '../season-view-model'
import { SeasonTable } from './season-table'

/**
 * A season's table (docs/product.md "Seasons"), globally or narrowed to a league: the caller's own row
 * pinned on top with a jump to its page, then a page of the table and the pager. The page lives in
 * the URL under `pageParam`, so a page showing several tables gives each its own.
 */
export function SeasonStandings({
  seasonId,
  leagueId,
  pageParam = 'page',
}: {
  seasonId: string
  leagueId?: string
  pageParam?: string
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const [search, setSearch] = useSearchParams()
  const page = pageFromSearch(search.get(pageParam))
  const standings = useSeasonStandings(seasonId, page, SEASON_PAGE_SIZE, leagueId)
  const goTo = (next: number) =>
    setSearch(
      (params) => {
        params.set(pageParam, String(next))
        return params
      },
      { preventScrollReset: true },
    )

  if (standings.isPending) {
    return (
      <div data-testid="season-loading" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('seasons.loading')}</span>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    )
  }
  if (standings.isError) {
    return (
      <Alert tone="error" title={t('seasons.table_error')} testId="season-error">
        <Button variant="secondary" size="sm" onClick={() => void standings.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  }
  const data = standings.data
  if (data.fans === 0) {
    return (
      <div data-testid="season-empty">
        <EmptyState icon={Trophy} title={t('seasons.table_empty')}>
          {t('seasons.table_empty_hint')}
        </EmptyState>
      </div>
    )
  }
  const pages = pageCount(data.fans, data.pageSize)
  const myPage = data.me ? pageOfRank(data.me.rank, data.pageSize) : null
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" data-testid="season-fans">
        {t('seasons.fans_ranked', { count: data.fans, fans: number.format(data.fans) })}
      </p>
      {data.me && (
        <MyRow
          row={data.me}
          fans={data.fans}
          onJump={myPage !== null && myPage !== page ? () => goTo(myPage) : null}
        />
      )}
      <SeasonTable rows={data.rows} caption={t('seasons.table_caption')} />
      <Pager page={page} pages={pages} onPage={goTo} label={t('seasons.pages')} />
    </div>
  )
}

/** The caller's row, pinned above the table whatever page is shown. */
function MyRow({
  row,
  fans,
  onJump,
}: {
  row: SeasonRow
  fans: number
  onJump: (() => void) | null
}) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  return (
    <section
      aria-label={t('seasons.my_place')}
      data-testid="season-my-row"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-accent bg-accent/10 p-4"
    >
      <p className="min-w-0 text-fg">
        <span className="block text-sm text-muted">{t('seasons.my_place')}</span>
        <span className="text-lg font-bold">
          {t('seasons.place_of', {
            place: ordinalOf(row.rank, i18n.language),
            fans: number.format(fans),
          })}
        </span>
        <span className="block text-sm text-muted">
          {t('seasons.points_and_tournaments', {
            points: number.format(row.points),
            count: row.tournaments,
            tournaments: number.format(row.tournaments),
          })}
        </span>
      </p>
      {onJump && (
        <Button variant="secondary" size="sm" onClick={onJump} data-testid="season-jump-to-me">
          {t('seasons.jump_to_me')}
        </Button>
      )}
    </section>
  )
}
