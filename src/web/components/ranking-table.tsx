// The ranking table of the tournament standings and of the season table (docs/product.md "Standings",
// §23): one line per fan at every width — rank, avatar and name, then each feature's own columns,
// numbers right-aligned under their headers, the caller's line highlighted. The frame is a
// wrapper, not the table: a collapsed table's own rounded border lost its right edge when clipped.
import type { ReactNode } from 'react'
import { UserAvatar } from '#web/components/user-avatar'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'

export interface RankedRow {
  rank: number
  username: string
  isMe: boolean
}

export interface RankingColumn<Row extends RankedRow> {
  key: string
  header: ReactNode
  /** The column's width, on its header (a fixed table takes it from there): `w-14 sm:w-24`. */
  width: string
  /** When it shows, on the header and the cells alike: `hidden md:table-cell`. */
  visibility?: string
  align?: 'left' | 'right'
  /** The cells' own look (weight, colour). */
  cellClassName?: string
  cell: (row: Row) => ReactNode
}

export interface RankingTableProps<Row extends RankedRow> {
  rows: readonly Row[]
  caption: string
  /** The table's and its rows' test ids: `standings-list`/`standings-row`, `season-table`/`season-row`. */
  testId: string
  rowTestId: string
  /** The rank column's name for screen readers (its header shows `#`). */
  rankLabel: string
  fanLabel: string
  /** Said after the caller's own name for screen readers. */
  youLabel: string
  columns: readonly RankingColumn<Row>[]
  /** The rank cell's content (the rank by default): a live move under it, a test id. */
  rankCell?: (row: Row) => ReactNode
  /** Over the avatar's corner (a tier chip on a phone). */
  avatarBadge?: (row: Row) => ReactNode
  /** The name (plain by default): a link to the fan's bracket. */
  nameCell?: (row: Row) => ReactNode
}

const HEADER = 'px-1 py-2 text-xs font-semibold text-muted sm:px-3'
const CELL = 'px-1 py-1.5 sm:px-3'
// A number column keeps a gap on its right on a phone: the last one visible there would otherwise
// touch the card's edge (the columns after it only show from a tablet's width up).
const NUMBER_EDGE = 'pr-2.5 sm:pr-3'

export function RankingTable<Row extends RankedRow>({
  rows,
  caption,
  testId,
  rowTestId,
  rankLabel,
  fanLabel,
  youLabel,
  columns,
  rankCell,
  avatarBadge,
  nameCell,
}: RankingTableProps<Row>) {
  const number = useNumberFormat()
  const alignOf = (column: RankingColumn<Row>) =>
    column.align === 'left' ? 'text-left' : 'text-right'
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface">
      <table data-testid={testId} className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-surface-2">
          <tr>
            <th scope="col" className={cn(HEADER, 'w-9 text-right sm:w-14')}>
              <span aria-hidden="true">#</span>
              <span className="sr-only">{rankLabel}</span>
            </th>
            <th scope="col" className={cn(HEADER, 'text-left')}>
              {fanLabel}
            </th>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  HEADER,
                  alignOf(column),
                  column.align !== 'left' && NUMBER_EDGE,
                  column.width,
                  column.visibility,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-fg">
          {rows.map((row) => (
            <tr
              key={`${row.rank}-${row.username}`}
              data-testid={rowTestId}
              data-me={String(row.isMe)}
              data-username={row.username}
              className={cn('h-12', row.isMe && 'bg-accent/20')}
            >
              <td className={cn(CELL, 'text-right font-bold tabular-nums')}>
                {rankCell ? rankCell(row) : number.format(row.rank)}
              </td>
              <td className={CELL}>
                <span className="flex min-w-0 items-center gap-2.5">
                  <span className="relative shrink-0">
                    <UserAvatar username={row.username} alt="" size="sm" />
                    {avatarBadge?.(row)}
                  </span>
                  <span className="min-w-0 leading-tight font-semibold [overflow-wrap:anywhere]">
                    {nameCell ? nameCell(row) : row.username}
                    {row.isMe && <span className="sr-only"> ({youLabel})</span>}
                  </span>
                </span>
              </td>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    CELL,
                    alignOf(column),
                    column.align !== 'left' && ['tabular-nums', NUMBER_EDGE],
                    column.visibility,
                    column.cellClassName,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
