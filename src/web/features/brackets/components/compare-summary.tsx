import { Check, Crown, X } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FanBracket } from '#shared/schemas/brackets'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'
import { pairShortName, type PairsById } from '#web/lib/pair-names'
import { bracketDifferences, championOf, type BracketDifference } from '../bracket-differences'

/**
 * The head of the comparison (docs/product.md "Fans' brackets and the People's Bracket"): both champions, scores and MVPs side by side,
 * then every match where the two brackets differ — match, my pick, their pick, result — so the
 * differences read as a list before anyone scrolls through two trees.
 */
export function CompareSummary({
  mine,
  theirs,
  pairs,
}: {
  mine: FanBracket
  theirs: FanBracket
  pairs: PairsById
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const differences = useMemo(
    () => bracketDifferences(mine.picks, theirs.picks),
    [mine.picks, theirs.picks],
  )
  const sides = [
    { key: 'mine', name: t('brackets.compare.me'), bracket: mine },
    { key: 'theirs', name: theirs.username, bracket: theirs },
  ] as const
  return (
    <div className="flex flex-col gap-4">
      <dl
        data-testid="compare-champions"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-3 text-sm sm:p-4"
      >
        {sides.map(({ key, name, bracket }) => (
          <div key={key} data-side={key} className="min-w-0">
            <dt className="font-semibold [overflow-wrap:anywhere] text-muted">{name}</dt>
            <dd className="mt-1 flex items-start gap-1.5 font-bold [overflow-wrap:anywhere]">
              <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-coin" />
              <span>
                <span className="sr-only">{t('brackets.compare.champion')}: </span>
                {pairShortName(pairs.get(championOf(bracket.picks) ?? '')) || '—'}
              </span>
            </dd>
            <dd className="mt-1 text-muted">
              {t('brackets.compare.correct', {
                correct: number.format(bracket.correct),
                total: number.format(bracket.total),
              })}
            </dd>
            <dd className="text-muted [overflow-wrap:anywhere]">
              {t('brackets.mvp')}: {bracket.mvp?.name ?? t('brackets.no_mvp')}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="compare-differences-title">
        <h2
          id="compare-differences-title"
          className="mb-2 text-lg font-bold"
          data-testid="compare-differences"
        >
          {differences.length === 0
            ? t('brackets.compare.no_differences')
            : t('brackets.compare.differences', { count: differences.length })}
        </h2>
        {differences.length > 0 && (
          <ul
            data-testid="compare-difference-list"
            className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface text-sm"
          >
            {differences.map((difference) => (
              <DifferenceRow
                key={difference.matchId}
                difference={difference}
                pairs={pairs}
                theirName={theirs.username}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function DifferenceRow({
  difference,
  pairs,
  theirName,
}: {
  difference: BracketDifference
  pairs: PairsById
  theirName: string
}) {
  const { t } = useTranslation()
  const { winner } = difference
  const pick = (label: string, teamId: string | null, testId: string) => {
    const isRight = winner !== null && teamId === winner
    const isWrong = winner !== null && teamId !== winner
    const Icon = isRight ? Check : isWrong ? X : null
    return (
      <div data-testid={testId} className="min-w-0">
        <span className="block text-xs text-muted [overflow-wrap:anywhere]">{label}</span>
        <span
          className={cn(
            'flex items-start gap-1 font-semibold [overflow-wrap:anywhere]',
            isWrong && 'text-muted line-through decoration-1',
          )}
        >
          {Icon && (
            <Icon
              role="img"
              aria-label={t(isRight ? 'bracket.marks.correct' : 'bracket.marks.wrong')}
              className={cn('mt-0.5 size-4 shrink-0', isRight ? 'text-success' : 'text-danger')}
            />
          )}
          {teamId ? pairShortName(pairs.get(teamId)) : t('brackets.compare.no_pick')}
        </span>
      </div>
    )
  }
  return (
    <li data-testid="compare-difference" className="grid grid-cols-2 gap-x-3 gap-y-1 px-3 py-2">
      <p className="col-span-2 flex flex-wrap justify-between gap-x-3 text-xs font-semibold">
        <span>
          {t('brackets.compare.match', {
            round: t(`bracket.rounds.${difference.round}`),
            number: difference.matchNumber,
          })}
        </span>
        <span data-testid="compare-result" className="text-muted">
          {winner === null
            ? t('brackets.compare.not_played')
            : t('brackets.compare.result', { pair: pairShortName(pairs.get(winner)) })}
        </span>
      </p>
      {pick(t('brackets.compare.my_pick'), difference.mine, 'compare-my-pick')}
      {pick(
        t('brackets.compare.their_pick', { username: theirName }),
        difference.theirs,
        'compare-their-pick',
      )}
    </li>
  )
}
