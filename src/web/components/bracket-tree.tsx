import { Check, Users } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { HorizontalScrollArea } from './horizontal-scroll-area'
import { PICK_MARKS } from './pick-marks'
import { cn } from '#web/lib/cn'
import type { PickMark } from '#shared/schemas/brackets'
import type { BracketColumn, BracketSlot } from '#web/lib/bracket-view'
import { useNumberFormat, useSetScoresFormat } from '#web/lib/format'
import { useIsSlotHighlighted, slotKeyOf } from '#web/lib/live-results'
import { pairName, pairShortName, type PairsById } from '#web/lib/pair-names'

interface BracketTreeProps {
  columns: readonly BracketColumn[]
  pairs: PairsById
  /** Accessible name of the scrollable picture. */
  label: string
  /** Read out beside the picked pair; default "(your pick)". */
  pickLabel?: string
}

/**
 * The bracket as a tree: round of 16 to the final in four columns, pairs as cards, connectors
 * between each two matches and the one they feed. It scrolls sideways inside its own frame, which
 * shows a cue while later rounds are out of view (a phone) and snaps to the round columns. Names
 * are never cut: pairs by their surnames, wrapped when long; the columns grow with a wide screen,
 * and on a phone a played match's score goes under its names instead of beside them. The one tree
 * of the tournament page, a fan's bracket, compare and the share page.
 */
export const BracketTree = memo(function BracketTree({
  columns,
  pairs,
  label,
  pickLabel,
}: BracketTreeProps) {
  const { t } = useTranslation()
  // Once per render, not once per card: a pick re-renders the tree.
  const picked = pickLabel ?? t('bracket.your_pick')
  return (
    <HorizontalScrollArea
      label={label}
      moreLabel={t('tournament_page.more_rounds')}
      testId="bracket-tree"
    >
      <div className="flex w-full min-w-max gap-6">
        {columns.map((column, columnIndex) => (
          <section
            key={column.round}
            aria-label={t(`bracket.rounds.${column.round}`)}
            className="flex w-44 shrink-0 snap-start flex-col sm:w-auto sm:min-w-44 sm:flex-1"
          >
            <h3 className="mb-3 text-center text-xs font-bold tracking-wide text-muted uppercase">
              {t(`bracket.rounds.${column.round}`)}
            </h3>
            <ol className="flex min-h-[36rem] flex-1 flex-col">
              {pairsOf(column.slots).map((group, groupIndex) => (
                <li
                  key={groupIndex}
                  className={cn(
                    'relative flex flex-1 flex-col',
                    // The connector: a bracket joining the group's two matches, then a line on.
                    group.length === 2 &&
                      columnIndex < columns.length - 1 &&
                      "before:pointer-events-none before:absolute before:top-1/4 before:left-full before:h-1/2 before:w-3 before:rounded-r-md before:border-y before:border-r before:border-line before:content-[''] after:pointer-events-none after:absolute after:top-1/2 after:left-[calc(100%+0.75rem)] after:w-3 after:border-t after:border-line after:content-['']",
                  )}
                >
                  <ol className="contents">
                    {group.map((slot) => (
                      <li key={slot.key} className="flex flex-1 items-center py-1.5">
                        <SlotCard
                          slotKey={slotKeyOf(slot.round, slot.matchNumber)}
                          round={slot.round}
                          team1Id={slot.team1Id}
                          team2Id={slot.team2Id}
                          pickedId={slot.pickedId}
                          winnerId={slot.winnerId}
                          isCorrect={slot.isCorrect}
                          mark={slot.mark}
                          isPopularPick={slot.isPopularPick}
                          isDifferent={slot.isDifferent}
                          sets={slot.sets}
                          pairs={pairs}
                          pickLabel={picked}
                        />
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </HorizontalScrollArea>
  )
})

function pairsOf(slots: readonly BracketSlot[]): BracketSlot[][] {
  const groups: BracketSlot[][] = []
  for (let i = 0; i < slots.length; i += 2) groups.push(slots.slice(i, i + 2))
  return groups
}

type SlotCardProps = Omit<BracketSlot, 'key' | 'matchNumber'> & {
  /** "round16#3": the same match in every tree of the page. */
  slotKey: string
  pairs: PairsById
  pickLabel: string
}

/** Memoised on plain values, so a pick re-renders only the cards whose pairs or pick changed. */
const SlotCard = memo(function SlotCard({
  slotKey,
  round,
  team1Id,
  team2Id,
  pickedId,
  winnerId,
  isCorrect,
  mark,
  isPopularPick,
  isDifferent,
  sets,
  pairs,
  pickLabel,
}: SlotCardProps) {
  const { t } = useTranslation()
  // A fan's bracket has four marks; a prediction without them is right or wrong once played.
  const shown: PickMark | null =
    mark ?? (isCorrect === true ? 'correct' : isCorrect === false ? 'wrong' : null)
  const style = shown ? PICK_MARKS[shown] : null
  const Icon = style?.icon
  const label = shown ? t(`bracket.marks.${shown}`) : ''
  const formatSets = useSetScoresFormat()
  // A result that just arrived live marks its match for a moment (lib/live-results.ts).
  const isJustPlayed = useIsSlotHighlighted(slotKey)
  const row = { pickedId, winnerId, pairs, sets, pickLabel, isPopularPick: isPopularPick ?? false }
  return (
    <div
      data-testid="bracket-match"
      data-round={round}
      data-slot={slotKey}
      data-just-played={isJustPlayed || undefined}
      data-mark={shown === 'correct' ? 'right' : (shown ?? undefined)}
      data-different={isDifferent || undefined}
      className={cn(
        'relative w-full rounded-xl border bg-surface text-xs shadow-sm',
        style?.border ?? 'border-line',
        isDifferent && 'ring-3 ring-differs ring-offset-2 ring-offset-canvas',
        isJustPlayed && 'motion-safe:animate-just-played',
      )}
    >
      {style && Icon && (
        <span
          title={label}
          className={cn(
            'absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full',
            style.badge,
          )}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{label}</span>
        </span>
      )}
      {isDifferent && <span className="sr-only">{t('bracket.marks.different')}</span>}
      <TeamRow teamId={team1Id} side={0} {...row} />
      <div className="border-t border-line" />
      <TeamRow teamId={team2Id} side={1} {...row} />
      {/* Each row shows its own games, as a scoreboard does (on a phone one score line under the
          names, which keep the card's width); read out once as a score line. */}
      {sets && (
        <>
          <p
            aria-hidden="true"
            data-testid="score-line"
            className="border-t border-line px-2 py-0.5 text-right text-muted tabular-nums sm:hidden"
          >
            {formatSets(sets)}
          </p>
          <span data-testid="match-score" className="sr-only">
            {t('bracket.score', { score: formatSets(sets) })}
          </span>
        </>
      )}
    </div>
  )
})

function TeamRow({
  teamId,
  side,
  pickedId,
  winnerId,
  sets,
  pairs,
  pickLabel,
  isPopularPick,
}: {
  teamId: string | null
  /** 0 for pair 1, 1 for pair 2: which games of each set are this row's. */
  side: 0 | 1
  pickedId: string | null
  winnerId: string | null
  sets: BracketSlot['sets']
  pairs: PairsById
  pickLabel: string
  isPopularPick: boolean
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const pair = teamId ? pairs.get(teamId) : undefined
  const isPicked = teamId !== null && pickedId === teamId
  const isWinner = teamId !== null && winnerId === teamId
  return (
    <div
      title={pairName(pair) || undefined}
      data-picked={isPicked || undefined}
      data-winner={isWinner || undefined}
      className={cn(
        'flex min-h-8 items-center gap-1.5 px-2 py-1',
        isPicked && 'bg-pick font-semibold',
        isWinner && 'font-semibold',
        !pair && 'text-muted italic',
      )}
    >
      {/* 2ch: two tabular digits in whatever font is showing, so seed 16 never breaks or spills. */}
      <span
        data-testid="pair-seed"
        className="w-[2ch] shrink-0 text-right whitespace-nowrap text-muted tabular-nums"
      >
        {pair?.seed ?? ''}
      </span>
      <span
        data-testid="pair-name"
        className={cn(
          'min-w-0 flex-1 leading-tight [overflow-wrap:anywhere]',
          winnerId !== null && !isWinner ? 'text-muted' : 'text-fg',
        )}
      >
        {pair ? pairShortName(pair) : t('bracket.tbd')}
        {pair && <span className="sr-only"> ({pairName(pair)})</span>}
      </span>
      {sets && (
        <span
          aria-hidden="true"
          data-testid="set-games"
          className="hidden shrink-0 gap-1 tabular-nums sm:flex"
        >
          {sets.map((games, index) => (
            <span
              key={index}
              className={cn(
                'min-w-[2ch] text-right',
                games[side] > games[side === 0 ? 1 : 0] ? 'font-bold text-fg' : 'text-muted',
              )}
            >
              {number.format(games[side])}
            </span>
          ))}
        </span>
      )}
      {isPicked && <span className="sr-only">{pickLabel}</span>}
      {isPicked && isPopularPick && (
        <Users
          aria-label={t('bracket.marks.popular')}
          role="img"
          data-testid="popular-pick"
          className="size-3.5 shrink-0 text-brand"
        />
      )}
      {isWinner && (
        <Check
          aria-label={t('bracket.winner')}
          role="img"
          className="size-3.5 shrink-0 text-success"
        />
      )}
    </div>
  )
}
