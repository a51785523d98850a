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
import type { MyBets } from '../../../../shared/schemas/bet'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Badge, type BadgeTone } from '../../../components/ui/status-badge'
import { useNumberFormat } from '../../../lib/format'
import { useMyBets } from '../api/get-my-bets'
import {
  bracketOutcome,
  BRACKETS_SHOWN,
  visibleBrackets,
  type BracketOutcome,
} from '../my-brackets'

type MyBracket = MyBets['bets'][number]

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

function BracketRow({ bet }: { bet: MyBracket }) {
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
              <BracketRow key={bet.id} bet={bet} />
            ))}
          </ul>
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
