import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MatchInputSchema, type AdminMatch, type MatchInput } from '#shared/schemas/admin'
import type { SetScores } from '#shared/schemas/tournament'
import { Button } from '#web/components/ui/button'
import { useSetScoresFormat } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { gamesOf, parseGames, winnerOf, type Games } from '../set-scores-input'

const SETS = [0, 1, 2] as const
const SIDES = [0, 1] as const
// Static class names (Tailwind sees only whole strings): a scoreboard, one row per pair and one
// column per set, while the inputs follow each other set by set for the keyboard.
const COLUMN = ['col-start-2', 'col-start-3', 'col-start-4'] as const
const ROW = ['row-start-2', 'row-start-3'] as const

interface SetScoresFormProps {
  match: AdminMatch
  isDisabled: boolean
  onSave: (input: MatchInput) => void
}

/**
 * Up to three sets under a match of the results bracket. Saving scores without a winner makes the
 * pair they name the winner; the same schema as the server checks them first, so a problem shows
 * at once, in the interface's language.
 */
export function SetScoresForm({ match, isDisabled, onSave }: SetScoresFormProps) {
  const { t } = useTranslation()
  const { validationMessage } = useAdminMessages()
  const formatSets = useSetScoresFormat()
  const [games, setGames] = useState<Games>(() => gamesOf(match.sets))
  const [problem, setProblem] = useState<string | null>(null)
  const problemId = useId()
  const pairs = [match.team1?.name ?? '', match.team2?.name ?? '']

  const type = (set: number, side: 0 | 1, value: string) => {
    setProblem(null)
    setGames(
      (current) =>
        current.map((pair, index) =>
          index === set ? (side === 0 ? [value, pair[1]] : [pair[0], value]) : pair,
        ) as unknown as Games,
    )
  }

  const save = (sets: SetScores | null) => {
    const input: MatchInput = {
      tournamentId: match.tournamentId,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: match.team1Id,
      team2Id: match.team2Id,
      // Without a result the scores name the winner; when they name none, checking them for
      // pair 1 says what is wrong with them.
      winnerTeamId: match.winnerTeamId ?? (sets ? (winnerOf(match, sets) ?? match.team1Id) : null),
      sets,
    }
    const checked = MatchInputSchema.safeParse(input)
    if (!checked.success) {
      setProblem(validationMessage(checked.error.issues[0]?.message ?? ''))
      return
    }
    onSave(input)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const sets = parseGames(games)
    if (sets === 'incomplete') {
      setProblem(t('admin.screens.results.sets.incomplete'))
      return
    }
    save(sets)
  }

  return (
    <form
      onSubmit={submit}
      data-testid="set-scores-form"
      className="border-t border-line bg-surface-2/50 px-3 py-2"
    >
      <fieldset disabled={isDisabled}>
        <legend className="text-xs font-semibold text-muted">
          {t('admin.screens.results.sets.legend')}
        </legend>
        <div className="mt-1 grid grid-cols-[minmax(0,1fr)_repeat(3,2.75rem)] items-center gap-1">
          {SETS.map((set) => (
            <span
              key={set}
              aria-hidden="true"
              className={`${COLUMN[set]} row-start-1 text-center text-xs text-muted`}
            >
              {t('admin.screens.results.sets.set', { number: set + 1 })}
            </span>
          ))}
          {SIDES.map((side) => (
            <span
              key={side}
              aria-hidden="true"
              className={`${ROW[side]} col-start-1 truncate text-xs text-muted`}
            >
              {pairs[side]}
            </span>
          ))}
          {SETS.flatMap((set) =>
            SIDES.map((side) => (
              <input
                key={`${set}-${side}`}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={2}
                autoComplete="off"
                data-testid={`set-${set + 1}-pair-${side + 1}`}
                aria-label={t('admin.screens.results.sets.games', {
                  pair: pairs[side],
                  number: set + 1,
                })}
                aria-invalid={problem !== null || undefined}
                aria-describedby={problem ? problemId : undefined}
                value={games[set][side]}
                onChange={(event) => type(set, side, event.target.value)}
                className={`${COLUMN[set]} ${ROW[side]} min-h-11 w-full rounded-lg border border-line bg-surface text-center text-base text-fg tabular-nums disabled:opacity-60`}
              />
            )),
          )}
        </div>
        {problem && (
          <p id={problemId} role="alert" className="mt-2 text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button type="submit" variant="secondary" size="sm">
            {t('admin.screens.results.sets.save')}
          </Button>
          {match.sets && (
            <>
              <Button type="button" variant="ghost" size="sm" onClick={() => save(null)}>
                {t('admin.screens.results.sets.clear')}
              </Button>
              <span data-testid="saved-sets" className="text-xs text-muted tabular-nums">
                {t('admin.screens.results.sets.saved', { score: formatSets(match.sets) })}
              </span>
            </>
          )}
        </div>
      </fieldset>
    </form>
  )
}
