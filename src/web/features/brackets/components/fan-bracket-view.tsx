import { Ban, Check, Hourglass, X } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FanBracket, MvpMark, Popularity } from '#shared/schemas/brackets'
import { BracketTree } from '#web/components/bracket-tree'
import { PickMarkLegend } from '#web/components/pick-marks'
import { slotsFromFanPicks, toColumns } from '#web/lib/bracket-view'
import { useNumberFormat } from '#web/lib/format'
import type { PairsById } from '#web/lib/pair-names'
import { popularWinners } from '../popular-winners'

interface FanBracketViewProps {
  bracket: FanBracket
  pairs: PairsById
  /** Adds the "popular pick" mark when the People's Bracket is known. */
  popularity?: Popularity
  /** Match id → the other bracket's pick: differences are highlighted. */
  comparedWith?: ReadonlyMap<string, string>
  testId?: string
}

const MVP_ICONS: Record<MvpMark, typeof Check> = { correct: Check, wrong: X, open: Hourglass }

/** One fan's bracket: the score so far, MVP, tiebreaker and the tree with each pick marked. */
export function FanBracketView({
  bracket,
  pairs,
  popularity,
  comparedWith,
  testId = 'fan-bracket',
}: FanBracketViewProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const columns = useMemo(
    () =>
      toColumns(
        slotsFromFanPicks(bracket.picks, {
          popularWinners: popularity ? popularWinners(popularity) : undefined,
          comparedWith,
        }),
      ),
    [bracket.picks, popularity, comparedWith],
  )
  const mvp = bracket.mvp
  const MvpIcon = mvp ? MVP_ICONS[mvp.mark] : Ban
  return (
    <div data-testid={testId} className="min-w-0">
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-xl border border-line bg-surface p-3">
          <dt className="text-xs text-muted">{t('brackets.score_title')}</dt>
          <dd className="font-semibold" data-testid="bracket-score">
            {t('brackets.score', {
              correct: number.format(bracket.correct),
              total: number.format(bracket.total),
              max: number.format(bracket.maxPossible),
            })}
          </dd>
        </div>
        <div className="rounded-xl border border-line bg-surface p-3">
          <dt className="text-xs text-muted">{t('brackets.mvp')}</dt>
          {/* The name keeps its line; the mark wraps under it rather than squeezing it. */}
          <dd
            className="flex flex-wrap items-center gap-x-1.5 font-semibold"
            data-testid="bracket-mvp"
          >
            <MvpIcon aria-hidden="true" className="size-4 shrink-0" />
            <span data-testid="bracket-mvp-name">{mvp ? mvp.name : t('brackets.no_mvp')}</span>
            {mvp && (
              <span className="text-xs font-normal whitespace-nowrap text-muted">
                ({t(`bracket.marks.${mvp.mark}`)})
              </span>
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-line bg-surface p-3">
          <dt className="text-xs text-muted">{t('brackets.tiebreaker')}</dt>
          <dd className="font-semibold" data-testid="bracket-tiebreaker">
            {bracket.finalTotalGames === null
              ? t('brackets.no_tiebreaker')
              : number.format(bracket.finalTotalGames)}
          </dd>
        </div>
      </dl>
      <PickMarkLegend
        showPopular={popularity !== undefined}
        showDifferent={comparedWith !== undefined}
      />
      <BracketTree
        columns={columns}
        pairs={pairs}
        label={t('brackets.tree_label', { username: bracket.username })}
        // A reader hears whose pick it is: the fan's own, or the fan's whose bracket this is.
        pickLabel={
          bracket.isMine ? undefined : t('brackets.pick_of', { username: bracket.username })
        }
      />
    </div>
  )
}
