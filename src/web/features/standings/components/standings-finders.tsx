import { Search, X } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { StandingsRow } from '#shared/schemas/standings'
import { Button } from '#web/components/ui/button'
import { inputClasses } from '#web/components/ui/text-field'
import { useNumberFormat } from '#web/lib/format'

/** The fan's own place, pinned above the ranking, with their bracket and a jump to its page. */
export function MyPlace({
  row,
  entries,
  bracketLink,
  onJump,
}: {
  row: StandingsRow
  entries: number
  bracketLink: string | null
  /** Shows the page holding the fan's row; null when it is the page on screen. */
  onJump: (() => void) | null
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <section
      aria-labelledby="standings-me-title"
      data-testid="standings-me"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border-2 border-brand bg-surface px-4 py-3"
    >
      <h2 id="standings-me-title" className="sr-only">
        {t('standings.your_place')}
      </h2>
      <p className="text-lg font-extrabold text-fg" data-testid="standings-me-rank">
        {t('standings.rank_of', { rank: number.format(row.rank), entries: number.format(entries) })}
      </p>
      <p className="text-sm text-muted">
        {t('standings.me_summary', {
          correct: number.format(row.correct),
          max: number.format(row.maxPossible),
        })}
      </p>
      <p className="flex w-full flex-wrap gap-x-4 gap-y-1 text-sm">
        {bracketLink && (
          <Link to={bracketLink} className="font-semibold text-brand underline">
            {t('standings.open_my_bracket')}
          </Link>
        )}
        {onJump && (
          <button
            type="button"
            onClick={onJump}
            data-testid="standings-jump"
            className="font-semibold text-brand underline"
          >
            {t('standings.jump_to_mine')}
          </button>
        )}
      </p>
    </section>
  )
}

/** "Find a fan": a part of a name, sent with the form; clearing it goes back to the pages. */
export function FindAFan({ value, onFind }: { value: string; onFind: (text: string) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onFind(text.trim())
  }
  return (
    <form role="search" onSubmit={submit} className="flex gap-2" data-testid="standings-search">
      <label htmlFor="standings-q" className="sr-only">
        {t('standings.find_label')}
      </label>
      <input
        id="standings-q"
        type="search"
        value={text}
        maxLength={50}
        placeholder={t('standings.find_placeholder')}
        onChange={(event) => setText(event.target.value)}
        className={inputClasses}
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t('standings.find')}</span>
      </Button>
      {value !== '' && (
        <Button type="button" variant="secondary" onClick={() => onFind('')}>
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('standings.clear_search')}</span>
        </Button>
      )}
    </form>
  )
}
