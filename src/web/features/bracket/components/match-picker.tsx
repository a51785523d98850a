import { Circle, CircleCheck } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '#web/lib/cn'
import { pairName, pairShortName, type PairsById } from '#web/lib/pair-names'

interface MatchPickerProps {
  matchId: string
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
  pickedId: string | null
  pairs: PairsById
  onPick: (matchId: string, teamId: string) => void
}

/**
 * One match of the current round as a radio group of its two pairs. Native radios sharing a name
 * give the keyboard model for free: Tab enters the match (on the picked pair, else the first)
 * and leaves it for the next match; the arrow keys move between the two pairs and pick.
 */
export const MatchPicker = memo(function MatchPicker({
  matchId,
  matchNumber,
  team1Id,
  team2Id,
  pickedId,
  pairs,
  onPick,
}: MatchPickerProps) {
  const { t } = useTranslation()
  const labelId = `match-${matchId}-label`
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      data-testid="match-picker"
      className="rounded-xl border border-line bg-canvas p-2.5 sm:p-3"
    >
      <p id={labelId} className="mb-1.5 px-1 text-xs font-bold tracking-wide text-muted uppercase">
        {t('bracket.match', { number: matchNumber })}
      </p>
      <div className="flex flex-col gap-1.5 sm:gap-2">
        {[team1Id, team2Id].map((teamId, index) =>
          teamId === null ? (
            <p key={index} className="px-3 py-2 text-sm text-muted italic">
              {t('bracket.tbd')}
            </p>
          ) : (
            <PairOption
              key={teamId}
              matchId={matchId}
              teamId={teamId}
              isPicked={pickedId === teamId}
              pairs={pairs}
              onPick={onPick}
            />
          ),
        )}
      </div>
    </div>
  )
})

function PairOption({
  matchId,
  teamId,
  isPicked,
  pairs,
  onPick,
}: {
  matchId: string
  teamId: string
  isPicked: boolean
  pairs: PairsById
  onPick: (matchId: string, teamId: string) => void
}) {
  const pair = pairs.get(teamId)
  const Mark = isPicked ? CircleCheck : Circle
  return (
    <label
      data-testid="pick-option"
      data-picked={isPicked || undefined}
      className={cn(
        // No colour transition: it would start (and dispatch) transitions on every pick.
        'relative flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm',
        'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
        isPicked
          ? 'border-brand bg-accent/30 font-semibold text-fg'
          : 'border-line bg-surface text-fg hover:bg-surface-2',
      )}
    >
      <input
        type="radio"
        name={`pick-${matchId}`}
        value={teamId}
        checked={isPicked}
        onChange={() => onPick(matchId, teamId)}
        className="sr-only"
      />
      <span
        data-testid="pair-seed"
        className="min-w-[2ch] shrink-0 text-right text-xs whitespace-nowrap text-muted tabular-nums"
      >
        {pair?.seed}
      </span>
      {/* Surnames on a phone keep each pair on one line; the whole names from a tablet up. */}
      <span className="min-w-0 flex-1 sm:hidden">{pairShortName(pair)}</span>
      <span className="hidden min-w-0 flex-1 sm:inline">{pairName(pair)}</span>
      <Mark
        aria-hidden="true"
        data-testid={isPicked ? 'pick-check' : undefined}
        className={cn('size-5 shrink-0', isPicked ? 'text-brand' : 'text-muted')}
      />
    </label>
  )
}
