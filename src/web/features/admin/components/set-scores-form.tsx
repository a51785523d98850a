import { ChevronDown } from 'lucide-react'
import { Fragment, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MatchInputSchema, type AdminMatch, type MatchInput } from '#shared/schemas/admin'
import type { SetScores } from '#shared/schemas/tournament'
import { Button } from '#web/components/ui/button'
import { cn } from '#web/lib/cn'
import { useSetScoresFormat } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { gamesOf, parseGames, winnerOf, type Games } from '../set-scores-input'

const SETS = [0, 1, 2] as const
const SIDES = [0, 1] as const

interface SetScoresFormProps {
  match: AdminMatch
  isDisabled: boolean
  onSave: (input: MatchInput) => void
}

/**
 * A match's set scores behind a disclosure (the bracket stays short until a grid is asked for),
 * the saved score beside it. Open or closed, it stays so across a save.
 */
export function MatchSetScores(props: SetScoresFormProps) {
  const { t } = useTranslation()
  const formatSets = useSetScoresFormat()
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const { match } = props
  return (
    <div className="border-t border-line bg-surface-2/50">
      <div className="flex flex-wrap items-center gap-x-3 px-1">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          data-testid="set-scores-toggle"
          onClick={() => setIsOpen((open) => !open)}
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-xs font-semibold text-brand hover:bg-surface-2"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 transition-transform motion-reduce:transition-none',
              isOpen && 'rotate-180',
            )}
          />
          {t('admin.screens.results.sets.legend')}
        </button>
        {match.sets && (
          <span data-testid="saved-sets" className="text-xs text-muted tabular-nums">
            {t('admin.screens.results.sets.saved', { score: formatSets(match.sets) })}
          </span>
        )}
      </div>
      <div id={panelId} hidden={!isOpen}>
        <SetScoresForm
          // A saved change starts the fields again from what the server stored.
          key={`${match.winnerTeamId}:${JSON.stringify(match.sets)}`}
          {...props}
        />
      </div>
    </div>
  )
}

/**
 * Up to three sets under a match of the results bracket. Saving scores without a winner makes the
 * pair they name the winner; the same schema as the server checks them first, so a problem shows
 * at once, in the interface's language.
 */
function SetScoresForm({ match, isDisabled, onSave }: SetScoresFormProps) {
  const { t } = useTranslation()
  const { validationMessage } = useAdminMessages()
  const [games, setGames] = useState<Games>(() => gamesOf(match.sets))
  const [problem, setProblem] = useState<string | null>(null)
  const problemId = useId()
  // Surnames, as the bracket cards name pairs: "Galán / Chingotto" fits a column on a phone.
  const pairs = [match.team1?.shortName ?? '', match.team2?.shortName ?? '']

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
    <form onSubmit={submit} data-testid="set-scores-form" className="px-3 pb-2">
      <fieldset disabled={isDisabled}>
        <legend className="sr-only">{t('admin.screens.results.sets.legend')}</legend>
        {/* One row per set, pair 1 then pair 2: the keyboard goes across a set, as it is said. */}
        <div className="mt-1 grid grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-2 gap-y-1">
          <span aria-hidden="true" />
          {SIDES.map((side) => (
            <span
              key={side}
              aria-hidden="true"
              data-testid={`set-scores-pair-${side + 1}`}
              className="text-center text-xs leading-tight break-words text-muted"
            >
              {pairs[side]}
            </span>
          ))}
          {SETS.map((set) => (
            <Fragment key={set}>
              <span aria-hidden="true" className="text-xs whitespace-nowrap text-muted">
                {t('admin.screens.results.sets.set', { number: set + 1 })}
              </span>
              {SIDES.map((side) => (
                <input
                  key={side}
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
                  className="min-h-11 w-full rounded-lg border border-line bg-surface text-center text-base text-fg tabular-nums disabled:opacity-60"
                />
              ))}
            </Fragment>
          ))}
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
            <Button type="button" variant="ghost" size="sm" onClick={() => save(null)}>
              {t('admin.screens.results.sets.clear')}
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  )
}
