import {
  CircleCheck,
  CircleMinus,
  Hourglass,
  RotateCcw,
  Ticket,
  type LucideIcon,
} from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { MyBets } from '#shared/schemas/bet'
import type { MyBrackets } from '#shared/schemas/standings'
import { Alert } from '#web/components/ui/alert'
import { Button, buttonClasses } from '#web/components/ui/button'
import { Badge, type BadgeTone } from '#web/components/ui/status-badge'
import { useNumberFormat } from '#web/lib/format'
import { useMyBrackets } from '#web/lib/queries/my-brackets'
import { useMyBets } from '../api/get-my-bets'
import {
  bracketOutcome,
  BRACKETS_SHOWN,
  visibleBrackets,
  type BracketOutcome,
} from '../my-brackets'

type MyBracket = MyBets['bets'][number]
type MyBracketPlace = MyBrackets['brackets'][number]

const OUTCOME_STYLE: Record<BracketOutcome['kind'], { icon: LucideIcon; tone: BadgeTone }> = {
  'in-play': { icon: Hourglass, tone: 'brand' },
  won: { icon: CircleCheck, tone: 'success' },
  'no-prize': { icon: CircleMinus, tone: 'neutral' },
  refunded: { icon: RotateCcw, tone: 'neutral' },
}

function OutcomeBadge({ outcome }: { outcome: BracketOutcome }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const { icon, tone } = OUTCOME_STYLE[outcome.kind]
  const label =
    outcome.kind === 'won'
      ? t('standing.brackets.won', { amount: number.format(outcome.coins) })
      : outcome.kind === 'refunded'
        ? t('standing.brackets.refunded', { amount: number.format(outcome.coins) })
        : outcome.kind === 'in-play'
          ? t('standing.brackets.in_play')
          : t('standing.brackets.no_prize')
  return (
    <Badge tone={tone} icon={icon} testId="bracket-outcome" data={{ 'data-outcome': outcome.kind }}>
      {label}
    </Badge>
  )
}

/** "Rank 3 of 120" once the standings are open, else the number of entries. */
function LiveRank({ place }: { place: MyBracketPlace | undefined }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  if (!place) return null
  const entries = number.format(place.entries)
  return (
    <p className="text-sm text-muted" data-testid="my-bracket-rank">
      {place.rank === null
        ? t('standings.closed_short', { count: place.entries, entries })
        : t('standings.rank_of', { rank: number.format(place.rank), entries })}
    </p>
  )
}

function BracketRow({ bet, place }: { bet: MyBracket; place: MyBracketPlace | undefined }) {
  const { t } = useTranslation()
  const nameId = useId()
  return (
    <li
      data-testid="my-bracket"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col items-start gap-2">
        <h3 id={nameId} className="text-base font-bold break-words text-fg">
          {bet.tournament.name}
        </h3>
        <OutcomeBadge outcome={bracketOutcome(bet)} />
        <LiveRank place={place} />
      </div>
      <Link
        to={`/tournament/${bet.tournamentId}`}
        aria-describedby={nameId}
        className={buttonClasses('secondary', 'md', 'w-full shrink-0 sm:w-auto')}
      >
        {t('standing.brackets.view')}
      </Link>
    </li>
  )
}

/**
 * The fan's brackets, newest first, each with its result: in play, the prize won, no prize, or
 * refunded. Settled brackets stay here (the live and upcoming lists drop them).
 */
export function MyBrackets() {
  const { t } = useTranslation()
  const bets = useMyBets()
  // Ranks come from the standings; the list shows without them while they load.
  const places = useMyBrackets()
  const placeOf = (tournamentId: string) =>
    places.data?.brackets.find(
      (place) => place.tournamentId === tournamentId && place.contest === 'main',
    )
  const [showAll, setShowAll] = useState(false)
  const list = bets.data?.bets ?? []
  // Nothing to list: the first-run nudge speaks for a fan who has not bet.
  if (bets.isPending || (bets.isSuccess && list.length === 0)) return null

  return (
    <section aria-labelledby="my-brackets-title" data-testid="my-brackets">
      <h2 id="my-brackets-title" className="mb-3 flex items-center gap-2 text-lg font-bold text-fg">
        <Ticket aria-hidden="true" className="size-5 text-brand" />
        {t('standing.brackets.title')}
      </h2>
      {bets.isError ? (
        <Alert tone="error" title={t('standing.brackets.error')} testId="my-brackets-error">
          <Button
            variant="secondary"
            size="sm"
            className="mt-1"
            onClick={() => void bets.refetch()}
          >
            {t('dashboard.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <ul className="grid gap-3 lg:grid-cols-2">
            {visibleBrackets(list, showAll).map((bet) => (
              <BracketRow key={bet.id} bet={bet} place={placeOf(bet.tournamentId)} />
            ))}
          </ul>
          <p className="mt-3">
            <Link
              to="/my-brackets"
              data-testid="my-brackets-page-link"
              className="text-sm font-semibold text-brand underline"
            >
              {t('my_brackets.all_link')}
            </Link>
          </p>
          {list.length > BRACKETS_SHOWN && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                aria-expanded={showAll}
                onClick={() => setShowAll((shown) => !shown)}
              >
                {showAll
                  ? t('standing.brackets.show_fewer')
                  : t('standing.brackets.show_all', { count: list.length })}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
