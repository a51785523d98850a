import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DrawColumn } from '#domain/draw/draw-rows'
import type { DrawPreview, DrawPreviewRow, DrawProblem } from '#shared/schemas/admin'
import { HorizontalScrollArea } from '#web/components/horizontal-scroll-area'
import { cn } from '#web/lib/cn'
import {
  drawCellKey,
  placeDrawProblems,
  showsTourIds,
  type PlacedDrawProblems,
} from '../draw-preview'

const SIDES = [
  {
    label: 'player1',
    outcome: 'player1',
    name: 'player1_name',
    country: 'player1_country',
    ranking: 'player1_ranking',
    id: 'player1_id',
  },
  {
    label: 'player2',
    outcome: 'player2',
    name: 'player2_name',
    country: 'player2_country',
    ranking: 'player2_ranking',
    id: 'player2_id',
  },
] as const

/** A problem's reason in the interface's language ("Same seed as row 3."). */
export function useDrawProblemText() {
  const { t } = useTranslation()
  return (problem: DrawProblem) =>
    t(`admin.draw.problems.${problem.code}`, {
      otherRow: problem.otherRow,
      count: problem.count,
    })
}

/**
 * The preview as the file reads: a row per pair, a column per file column (grouped under Player 1
 * and Player 2), what would become of each player and pair, and each problem in the cell the
 * server names, announced with it (aria-invalid, aria-describedby). It scrolls inside its own
 * frame, so a phone's page never scrolls sideways.
 */
export function DrawPreviewTable({ preview }: { preview: DrawPreview }) {
  const { t } = useTranslation()
  const placed = placeDrawProblems(preview.problems)
  const hasIds = showsTourIds(preview.rows, preview.problems)
  const fields = hasIds
    ? (['name', 'country', 'ranking', 'id'] as const)
    : (['name', 'country', 'ranking'] as const)
  const th = 'border-b border-line px-2 py-2 text-left align-bottom font-semibold'
  return (
    <HorizontalScrollArea
      label={t('admin.draw.tableLabel')}
      moreLabel={t('admin.draw.moreColumns')}
      testId="draw-preview-scroll"
    >
      {/* Positioned, so the texts kept for screen readers stay inside this frame. */}
      <div className="relative">
        <table data-testid="draw-preview" className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="sr-only">{t('admin.draw.tableLabel')}</caption>
          <thead className="bg-surface-2 text-fg">
            <tr>
              <th scope="col" rowSpan={2} className={th}>
                {t('admin.draw.columns.row')}
              </th>
              <th scope="col" rowSpan={2} className={th}>
                {t('admin.draw.columns.seed')}
              </th>
              {SIDES.map((side) => (
                <th
                  key={side.label}
                  scope="colgroup"
                  colSpan={fields.length}
                  className={cn(th, 'border-l')}
                >
                  {t(`admin.draw.columns.${side.label}`)}
                </th>
              ))}
              <th scope="col" rowSpan={2} className={cn(th, 'border-l')}>
                {t('admin.draw.columns.match')}
              </th>
            </tr>
            <tr>
              {SIDES.flatMap((side) =>
                fields.map((field, index) => (
                  <th
                    key={`${side.label}-${field}`}
                    scope="col"
                    className={cn(th, index === 0 && 'border-l')}
                  >
                    {t(`admin.draw.columns.${field}`)}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <PreviewRow key={row.row} row={row} fields={fields} placed={placed} />
            ))}
          </tbody>
        </table>
      </div>
    </HorizontalScrollArea>
  )
}

function PreviewRow({
  row,
  fields,
  placed,
}: {
  row: DrawPreviewRow
  fields: readonly ('name' | 'country' | 'ranking' | 'id')[]
  placed: PlacedDrawProblems
}) {
  const { t } = useTranslation()
  const cell = (column: DrawColumn, extra?: ReactNode, className?: string) => (
    <ProblemCell
      key={column}
      value={row.cells[column] ?? ''}
      problems={placed.cells.get(drawCellKey(row.row, column))}
      extra={extra}
      className={className}
    />
  )
  return (
    <tr className="border-b border-line align-top">
      <RowHeader row={row.row} problems={placed.rows.get(row.row)} />
      {cell('seed')}
      {SIDES.flatMap((side) => {
        const player = row[side.outcome]
        const action =
          player.action === 'create' ? 'create' : player.changes.length > 0 ? 'update' : 'reuse'
        return fields.map((field, index) =>
          cell(
            side[field],
            field === 'name' ? (
              <span className="mt-1 block text-xs text-muted">
                {t(`admin.draw.playerAction.${action}`)}
              </span>
            ) : undefined,
            index === 0 ? 'border-l border-line' : undefined,
          ),
        )
      })}
      <td className="border-l border-line px-2 py-2">
        {t('admin.draw.matchOf', { number: row.matchNumber })}
        <span className="mt-1 block text-xs text-muted">
          {t(`admin.draw.pairAction.${row.pair.action}`)}
        </span>
      </td>
    </tr>
  )
}

function RowHeader({ row, problems }: { row: number; problems: DrawProblem[] | undefined }) {
  return (
    <ProblemCell
      as="th"
      value={String(row)}
      problems={problems}
      className="font-semibold tabular-nums"
    />
  )
}

/** A cell with its problems under its text, each read out with the cell. */
function ProblemCell({
  as: Cell = 'td',
  value,
  problems,
  extra,
  className,
}: {
  as?: 'td' | 'th'
  value: string
  problems: DrawProblem[] | undefined
  extra?: ReactNode
  className?: string
}) {
  const { t } = useTranslation()
  const problemText = useDrawProblemText()
  const id = useId()
  const hasProblems = problems !== undefined && problems.length > 0
  return (
    <Cell
      scope={Cell === 'th' ? 'row' : undefined}
      aria-invalid={hasProblems || undefined}
      aria-describedby={hasProblems ? id : undefined}
      className={cn(
        'max-w-48 px-2 py-2 text-left align-top break-words',
        hasProblems && 'bg-danger/10 outline-2 -outline-offset-2 outline-danger',
        className,
      )}
    >
      {value === '' ? (
        <>
          <span aria-hidden="true" className="text-muted">
            —
          </span>
          <span className="sr-only">{t('admin.draw.emptyCell')}</span>
        </>
      ) : (
        <span className="font-medium">{value}</span>
      )}
      {extra}
      {hasProblems && (
        <span id={id} className="mt-1 block text-xs font-semibold text-danger">
          {problems.map((problem) => problemText(problem)).join(' ')}
        </span>
      )}
    </Cell>
  )
}
