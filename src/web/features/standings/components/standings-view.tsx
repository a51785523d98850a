import { ChevronLeft, ChevronRight, Trophy, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { Contest } from '#shared/schemas/contest'
import type { StandingsRow } from '#shared/schemas/standings'
import { ResponsiveList, type ListColumn } from '#web/components/responsive-list'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { Badge } from '#web/components/ui/status-badge'
import { UserAvatar } from '#web/components/user-avatar'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { useStandings } from '../api/get-standings'
import {
  bracketPath,
  pageCount,
  pageFromSearch,
  STANDINGS_PAGE_SIZE,
  tierLabelKey,
} from '../standings-view-model'

/**
 * A tournament's standings (docs/product.md §14): the fan's own row pinned on top, then
 * the page of the ranking — a table on wide screens, cards on phones. Before the deadline only the
 * number of entries. The route keeps it live (useLiveTournament).
 */
export function StandingsView({
  tournamentId,
  leagueId,
  pageParam = 'page',
  contest = 'main',
}: {
  tournamentId: string
  /** Ranks only this league's members (docs/product.md §18). */
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
  const standings = useStandings(tournamentId, page, STANDINGS_PAGE_SIZE, leagueId, contest)
  const bracketLinkOf = (username: string) => bracketPath(tournamentId, username, contest)

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

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted" data-testid="standings-entries">
        {t('standings.entries', { count: data.entries, entries: number.format(data.entries) })}
      </p>
      {data.me && <MyRow row={data.me} entries={data.entries} bracketLinkOf={bracketLinkOf} />}
      <StandingsList rows={data.rows} bracketLinkOf={bracketLinkOf} />
      {pages > 1 && (
        <nav aria-label={t('standings.pages')} className="flex items-center justify-between gap-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t('standings.previous')}
          </Button>
          <span className="text-sm text-muted" aria-live="polite">
            {t('standings.page_of', { page: number.format(page), pages: number.format(pages) })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            {t('standings.next')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      )}
    </div>
  )
}

function MyRow({
  row,
  entries,
  bracketLinkOf,
}: {
  row: StandingsRow
  entries: number
  bracketLinkOf: BracketLinkOf
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <section
      aria-labelledby="standings-me-title"
      data-testid="standings-me"
      className="rounded-2xl border-2 border-brand bg-surface p-4"
    >
      <h2 id="standings-me-title" className="text-sm font-bold tracking-wide text-muted uppercase">
        {t('standings.your_place')}
      </h2>
      <p className="mt-1 text-2xl font-extrabold text-fg" data-testid="standings-me-rank">
        {t('standings.rank_of', { rank: number.format(row.rank), entries: number.format(entries) })}
      </p>
      <p className="mt-1 text-sm text-muted">
        {t('standings.me_summary', {
          correct: number.format(row.correct),
          max: number.format(row.maxPossible),
        })}
      </p>
      {bracketLinkOf && (
        <Link
          to={bracketLinkOf(row.username)}
          className="mt-2 inline-block text-sm font-semibold text-brand underline"
        >
          {t('standings.open_my_bracket')}
        </Link>
      )}
    </section>
  )
}

type BracketLinkOf = ((username: string) => string) | null

function StandingsList({
  rows,
  bracketLinkOf,
}: {
  rows: StandingsRow[]
  bracketLinkOf: BracketLinkOf
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat(1)
  const primary: ListColumn<StandingsRow> = {
    key: 'fan',
    header: t('standings.columns.fan'),
    cell: (row) => (
      <span className="flex min-w-0 items-center gap-3">
        <span
          className="w-10 shrink-0 text-right font-bold tabular-nums"
          data-testid="standings-rank"
        >
          {number.format(row.rank)}
        </span>
        <UserAvatar username={row.username} alt="" className="size-8" />
        {bracketLinkOf ? (
          <Link
            to={bracketLinkOf(row.username)}
            className="min-w-0 font-semibold break-words text-fg underline-offset-2 hover:underline"
            aria-label={t('standings.open_bracket', { username: row.username })}
          >
            {row.username}
          </Link>
        ) : (
          <span className="min-w-0 font-semibold break-words text-fg">{row.username}</span>
        )}
        {row.isMe && <Badge tone="brand">{t('standings.you')}</Badge>}
      </span>
    ),
  }
  const columns: ListColumn<StandingsRow>[] = [
    {
      key: 'correct',
      header: t('standings.columns.correct'),
      cell: (row) => number.format(row.correct),
      className: 'tabular-nums',
    },
    {
      key: 'max',
      header: t('standings.columns.max'),
      cell: (row) => number.format(row.maxPossible),
      className: 'tabular-nums',
    },
    {
      key: 'accuracy',
      header: t('standings.columns.accuracy'),
      cell: (row) => percent.format(row.accuracy / 100),
      className: 'tabular-nums',
    },
    {
      key: 'tier-now',
      header: t('standings.columns.tier_now'),
      cell: (row) => t(tierLabelKey(row.tierNow)),
    },
    {
      key: 'best-tier',
      header: t('standings.columns.best_tier'),
      cell: (row) => t(tierLabelKey(row.bestTier)),
    },
  ]
  return (
    <ResponsiveList
      caption={t('standings.caption')}
      items={rows}
      itemKey={(row) => `${row.rank}-${row.username}`}
      primary={primary}
      columns={columns}
      testId="standings-list"
      itemTestId="standings-row"
      itemData={(row) => ({ 'data-me': String(row.isMe), 'data-username': row.username })}
    />
  )
}
