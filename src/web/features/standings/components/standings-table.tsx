import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { StandingsRow, TierResultValue } from '#shared/schemas/standings'
import { RankingTable } from '#web/components/ranking-table'
import { cn } from '#web/lib/cn'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { tierLabelKey, tierMarkOf } from '../standings-view-model'

export type BracketLinkOf = ((username: string) => string) | null

/**
 * The ranking as a table with one line per fan at every width (docs/product.md "Standings"): rank, avatar
 * (the tier as a small mark on it), name, correct and max possible; accuracy and the tiers join
 * from a tablet's width up. Numbers are right-aligned under their headers.
 */
export function StandingsTable({
  rows,
  moves = new Map(),
  bracketLinkOf,
  caption,
}: {
  rows: readonly StandingsRow[]
  /** Places each fan moved with the last live update (positive: up). */
  moves?: ReadonlyMap<string, number>
  bracketLinkOf: BracketLinkOf
  caption: string
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat(1)
  return (
    <RankingTable
      rows={rows}
      caption={caption}
      testId="standings-list"
      rowTestId="standings-row"
      rankLabel={t('standings.columns.rank')}
      fanLabel={t('standings.columns.fan')}
      youLabel={t('standings.you')}
      rankCell={(row) => (
        <>
          <span data-testid="standings-rank">{number.format(row.rank)}</span>
          <RankMove move={moves.get(row.username) ?? 0} />
        </>
      )}
      // On a phone the tier is a small mark on the avatar's corner.
      avatarBadge={(row) => <TierChip tier={row.tierNow} />}
      nameCell={(row) =>
        bracketLinkOf ? (
          <Link
            to={bracketLinkOf(row.username)}
            className="text-fg underline-offset-2 hover:underline"
            aria-label={t('standings.open_bracket', { username: row.username })}
          >
            {row.username}
          </Link>
        ) : (
          row.username
        )
      }
      columns={[
        {
          key: 'correct',
          header: t('standings.columns.correct'),
          width: 'w-16 sm:w-24',
          cell: (row) => number.format(row.correct),
        },
        {
          key: 'max',
          header: (
            <>
              <span aria-hidden="true" className="sm:hidden">
                {t('standings.columns.max_short')}
              </span>
              <span className="sr-only sm:not-sr-only">{t('standings.columns.max')}</span>
            </>
          ),
          width: 'w-11 sm:w-32',
          cellClassName: 'text-muted',
          cell: (row) => number.format(row.maxPossible),
        },
        {
          key: 'accuracy',
          header: t('standings.columns.accuracy'),
          width: 'w-24',
          visibility: 'hidden md:table-cell',
          cell: (row) => percent.format(row.accuracy / 100),
        },
        {
          key: 'tier-now',
          header: t('standings.columns.tier_now'),
          width: 'w-36',
          align: 'left',
          visibility: 'hidden md:table-cell',
          cell: (row) => t(tierLabelKey(row.tierNow)),
        },
        {
          key: 'best-tier',
          header: t('standings.columns.best_tier'),
          width: 'w-36',
          align: 'left',
          visibility: 'hidden lg:table-cell',
          cellClassName: 'text-muted',
          cell: (row) => t(tierLabelKey(row.bestTier)),
        },
      ]}
    />
  )
}

/**
 * The tier reached, on a phone: its threshold ("90") as a chip on the avatar, its name for screen
 * readers; nothing below the lowest tier. From a tablet up the tier has its own column.
 */
function TierChip({ tier }: { tier: TierResultValue }) {
  const { t } = useTranslation()
  const mark = tierMarkOf(tier)
  if (mark === null) return null
  return (
    <span
      data-testid="standings-tier"
      data-tier={tier}
      title={t(tierLabelKey(tier))}
      className="absolute -right-1.5 -bottom-1 rounded-full border border-coin bg-surface px-1 text-[10px] leading-tight font-bold text-fg tabular-nums md:hidden"
    >
      <span aria-hidden="true">{mark}</span>
      <span className="sr-only">{t(tierLabelKey(tier))}</span>
    </span>
  )
}

/** ▲ 2 / ▼ 1 under the rank after a live update; its words for screen readers. */
function RankMove({ move }: { move: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  if (move === 0) return null
  const isUp = move > 0
  const count = Math.abs(move)
  return (
    <span
      data-testid="standings-move"
      data-move={isUp ? 'up' : 'down'}
      title={t(isUp ? 'live_updates.moved_up' : 'live_updates.moved_down', { count })}
      className={cn(
        'block text-[10px] leading-tight font-semibold whitespace-nowrap',
        isUp ? 'text-success' : 'text-danger',
      )}
    >
      <span aria-hidden="true">
        {isUp ? '▲' : '▼'}
        {number.format(count)}
      </span>
      <span className="sr-only">
        {t(isUp ? 'live_updates.moved_up' : 'live_updates.moved_down', { count })}
      </span>
    </span>
  )
}
