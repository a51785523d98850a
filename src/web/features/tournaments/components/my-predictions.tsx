import { BadgeCheck } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { MyBet } from '#shared/schemas/bet'
import type { Match } from '#shared/schemas/tournament'
import { predictionMarks, slotsFromPredictions, toColumns } from '#web/lib/bracket-view'
import { BracketTree } from '#web/components/bracket-tree'
import { PickMarkLegend } from '#web/components/pick-marks'
import { ShareLinkButton } from '#web/components/share-link-button'
import { shareUrlOf } from '#web/lib/share-link'
import { useNumberFormat } from '#web/lib/format'
import type { PairsById } from '#web/lib/pair-names'

interface MyPicksProps {
  myBet: MyBet
  pairs: PairsById
  tournamentName: string
  testId?: string
  /** Every result is in: the picks are marked for good, not "as results come in". */
  isFinal?: boolean
  /**
   * The tournament's matches: once a result is in, each pick is marked right, wrong, still alive
   * or busted (predictionMarks). Without them a pick is marked only once its match is played.
   */
  matches?: readonly Match[]
}

/**
 * The user's locked-in bracket, MVP and tiebreaker, each pick marked as results come in: the
 * "my picks" view of the tournament page's bracket (tournament-bracket.tsx).
 */
export function MyPicks({
  myBet,
  pairs,
  tournamentName,
  testId = 'my-predictions',
  isFinal = false,
  matches,
}: MyPicksProps) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const marks = useMemo(
    () => (matches ? predictionMarks(myBet.predictions, matches) : null),
    [myBet.predictions, matches],
  )
  const columns = useMemo(
    () => toColumns(slotsFromPredictions(myBet.predictions, marks)),
    [myBet.predictions, marks],
  )
  const mvp = myBet.mvpPrediction
  return (
    <div data-testid={testId} className="min-w-0">
      <p className="mb-4 text-sm text-muted">
        {t(isFinal ? 'bracket.predictions_final' : 'bracket.predictions_read_only')}
      </p>
      {myBet.shareId && (
        <div className="mb-4 flex flex-wrap items-start gap-x-4 gap-y-1">
          <ShareLinkButton
            url={shareUrlOf(myBet.shareId, i18n.resolvedLanguage ?? i18n.language)}
            title={tournamentName}
            label={t('share.share_my_bracket')}
            variant="secondary"
          />
          <Link
            to={`/share/${encodeURIComponent(myBet.shareId)}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            {t('share.open_page')}
          </Link>
        </div>
      )}
      {mvp && (
        <p
          className="mb-4 text-sm"
          data-testid={testId === 'my-predictions' ? 'mvp-prediction' : undefined}
        >
          <span className="font-semibold">{t('bracket.your_mvp')}:</span> {mvp.predicted_mvp}
          {mvp.isCorrect !== null && (
            <span className={mvp.isCorrect ? 'ml-2 text-success' : 'ml-2 text-danger'}>
              {t(`bracket.mark.${mvp.isCorrect ? 'right' : 'wrong'}`)}
            </span>
          )}
        </p>
      )}
      {myBet.finalTotalGames !== null && (
        <p
          className="mb-4 text-sm"
          data-testid={testId === 'my-predictions' ? 'tiebreaker-prediction' : undefined}
        >
          {t('bracket.tiebreaker.yours', { games: number.format(myBet.finalTotalGames) })}
        </p>
      )}
      {marks && <PickMarkLegend />}
      <BracketTree columns={columns} pairs={pairs} label={t('bracket.your_bracket')} />
    </div>
  )
}

/** The second chance's bracket: the same picks under a title of its own. */
export function MyPredictions({
  title,
  testId,
  ...props
}: MyPicksProps & { title: string; testId: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId} className="min-w-0">
      <h2 id={`${testId}-title`} className="mb-1 flex items-center gap-2 text-2xl font-bold">
        <BadgeCheck aria-hidden="true" className="size-6 text-success" />
        {title}
      </h2>
      <MyPicks testId={`${testId}-picks`} {...props} />
    </section>
  )
}
