import { CircleCheck, CircleMinus, RotateCcw, Ticket } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { MyBracket } from '#shared/schemas/standings'
import { Alert } from '#web/components/ui/alert'
import { Badge } from '#web/components/ui/status-badge'
import { Button, ButtonLink, buttonClasses } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat } from '#web/lib/format'
import { useMyBrackets } from '#web/lib/queries/my-brackets'
import { tierLabelKey } from '../standings-view-model'

/**
 * Every bracket of the fan, each with its live rank of N in its contest (page /my-brackets), or
 * once settled what it came to: a second-chance entry is a card of its own, after its
 * tournament's main bracket.
 */
export function MyBracketsView() {
  const { t } = useTranslation()
  const brackets = useMyBrackets()
  if (brackets.isPending) {
    return (
      <div data-testid="my-brackets-loading" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('my_brackets.loading')}</span>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-24 w-full" />
        ))}
      </div>
    )
  }
  if (brackets.isError) {
    return (
      <Alert tone="error" title={t('standing.brackets.error')} testId="my-brackets-page-error">
        <Button
          variant="secondary"
          size="sm"
          className="mt-1"
          onClick={() => void brackets.refetch()}
        >
          {t('dashboard.retry')}
        </Button>
      </Alert>
    )
  }
  const list = brackets.data.brackets
  if (list.length === 0) {
    return (
      <div data-testid="my-brackets-empty">
        <EmptyState icon={Ticket} title={t('my_brackets.empty_title')}>
          <p>{t('my_brackets.empty')}</p>
          <ButtonLink to="/tournaments" variant="accent" className="mt-4">
            {t('my_brackets.browse')}
          </ButtonLink>
        </EmptyState>
      </div>
    )
  }
  return (
    <ul className="grid gap-3 lg:grid-cols-2" data-testid="my-brackets-page">
      {list.map((bracket) => (
        <BracketCard key={`${bracket.tournamentId}|${bracket.contest}`} bracket={bracket} />
      ))}
    </ul>
  )
}

function BracketCard({ bracket }: { bracket: MyBracket }) {
  const { t } = useTranslation()
  const isSecondChance = bracket.contest === 'second_chance'
  return (
    <li
      data-testid="my-brackets-item"
      data-contest={bracket.contest}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 className="flex flex-wrap items-center gap-2 text-base font-bold break-words text-fg">
        {bracket.tournamentName}
        {isSecondChance && <Badge tone="brand">{t('contest.second_chance')}</Badge>}
      </h2>
      {bracket.outcome ? (
        <SettledFigures bracket={bracket} outcome={bracket.outcome} />
      ) : bracket.status === 'refunded' ? (
        <p>
          <Badge tone="neutral" icon={RotateCcw} testId="my-brackets-outcome">
            {t('my_brackets.refunded')}
          </Badge>
        </p>
      ) : (
        <LiveFigures bracket={bracket} />
      )}
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/tournaments/${bracket.tournamentId}/standings${isSecondChance ? '?contest=second_chance' : ''}`}
          className={buttonClasses('secondary', 'sm')}
        >
          {t('standings.link')}
        </Link>
        <Link to={`/tournament/${bracket.tournamentId}`} className={buttonClasses('ghost', 'sm')}>
          {t('my_brackets.tournament')}
        </Link>
      </div>
    </li>
  )
}

/** A bracket in play: its live rank and how many picks are right and still possible. */
function LiveFigures({ bracket }: { bracket: MyBracket }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <>
      <p className="text-sm text-fg" data-testid="my-brackets-rank">
        {bracket.rank === null
          ? t('standings.closed_short', {
              count: bracket.entries,
              entries: number.format(bracket.entries),
            })
          : t('standings.rank_of', {
              rank: number.format(bracket.rank),
              entries: number.format(bracket.entries),
            })}
      </p>
      {bracket.correct !== null && bracket.maxPossible !== null && (
        <p className="text-sm text-muted">
          {t('standings.me_summary', {
            correct: number.format(bracket.correct),
            max: number.format(bracket.maxPossible),
          })}
        </p>
      )}
    </>
  )
}

/** A settled bracket says what it came to: the prize (or none), its final place and its tier. */
function SettledFigures({
  bracket,
  outcome,
}: {
  bracket: MyBracket
  outcome: NonNullable<MyBracket['outcome']>
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const hasPrize = outcome.prize > 0
  const tier = t(tierLabelKey(outcome.tier))
  return (
    <>
      <p>
        <Badge
          tone={hasPrize ? 'success' : 'neutral'}
          icon={hasPrize ? CircleCheck : CircleMinus}
          testId="my-brackets-outcome"
          data={{ 'data-outcome': hasPrize ? 'won' : 'no-prize' }}
        >
          {hasPrize
            ? t('my_brackets.prize', { amount: number.format(outcome.prize) })
            : t('my_brackets.no_prize')}
        </Badge>
      </p>
      {bracket.rank !== null && (
        <p className="text-sm text-fg" data-testid="my-brackets-rank">
          {t('my_brackets.final_rank', {
            rank: number.format(bracket.rank),
            entries: number.format(bracket.entries),
          })}
        </p>
      )}
      <p className="text-sm text-muted" data-testid="my-brackets-tier">
        {bracket.correct === null
          ? outcome.tier === 'no_tier'
            ? t('my_brackets.no_tier_reached')
            : t('my_brackets.tier_reached', { tier })
          : outcome.tier === 'no_tier'
            ? t('my_brackets.correct_no_tier', { correct: number.format(bracket.correct) })
            : t('my_brackets.correct_tier', { correct: number.format(bracket.correct), tier })}
      </p>
    </>
  )
}
