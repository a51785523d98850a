import type { FormEvent, Ref } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  FINAL_TOTAL_GAMES_MAX,
  FINAL_TOTAL_GAMES_MIN,
  isFinalTotalGamesInRange,
} from '#domain/padel/set-scores'
import { TextField } from '#web/components/ui/text-field'

interface TiebreakerFieldProps {
  value: number | null
  onChange: (games: number | null) => void
  /** The translated problem to show (blank or out of range), or null. */
  problem: string | null
  /** Leaving the field with a number out of range says so at once. */
  onProblem: (problem: string | null) => void
  inputRef: Ref<HTMLInputElement>
  /** Enter in the field: on to the review. */
  onSubmit: () => void
}

/**
 * The tiebreaker on the MVP step, after the MVP (docs/product.md "Statuses, deadlines and the wizard"): the final's total games,
 * 12–39. The hint gives the range and says it orders ties in the standings only, so nobody thinks
 * it moves prizes; a number out of range is named as the fan leaves the field.
 */
export function TiebreakerField({
  value,
  onChange,
  problem,
  onProblem,
  inputRef,
  onSubmit,
}: TiebreakerFieldProps) {
  const { t } = useTranslation()
  const problemId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    // noValidate: the browser would stop an out-of-range number silently; the wizard says why.
    <form onSubmit={submit} noValidate data-testid="tiebreaker" className="flex flex-col gap-1">
      <TextField
        ref={inputRef}
        label={t('bracket.tiebreaker.label')}
        hint={t('bracket.tiebreaker.hint', {
          min: FINAL_TOTAL_GAMES_MIN,
          max: FINAL_TOTAL_GAMES_MAX,
        })}
        type="number"
        inputMode="numeric"
        min={FINAL_TOTAL_GAMES_MIN}
        max={FINAL_TOTAL_GAMES_MAX}
        step={1}
        className="max-w-sm"
        data-testid="tiebreaker-input"
        value={value ?? ''}
        isInvalid={problem !== null}
        errorId={problemId}
        onBlur={() => {
          if (value !== null && !isFinalTotalGamesInRange(value)) {
            onProblem(t('bracket.tiebreaker.invalid'))
          }
        }}
        onChange={(event) => {
          const text = event.target.value.trim()
          const games = text === '' ? null : Number(text)
          onChange(games === null || Number.isFinite(games) ? games : null)
        }}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </form>
  )
}
