import { Coins, Trophy } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { LeaguePot } from '#shared/schemas/league-pot'
import { Button } from '#web/components/ui/button'
import { Badge } from '#web/components/ui/status-badge'
import { inputClasses } from '#web/components/ui/text-field'
import { useErrorMessage } from '#web/lib/error-message'
import { useNumberFormat } from '#web/lib/format'
import { useSession } from '#web/lib/session'
import { useJoinPot, useLeaguePot, useSetPotStake } from '../api/pots'
import { balanceAfterJoining, canSetStake, parseStake, winnersOf } from '../pot-view-model'
import { ConfirmDialog } from './confirm-dialog'

/**
 * A league's pot on one tournament (docs/product.md "Leagues", "League pots"): the owner's stake, the
 * members' joining (a confirmation with the balance after), who is in and, once closed, who won.
 */
export function LeaguePotPanel({
  leagueId,
  tournamentId,
  isOwner,
  isBettingOpen,
}: {
  leagueId: string
  tournamentId: string
  isOwner: boolean
  isBettingOpen: boolean
}) {
  const { t } = useTranslation()
  const pot = useLeaguePot(leagueId, tournamentId)
  if (pot.isPending) return null
  if (pot.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-danger" data-testid="pot-error">
        {t('league_pots.load_error')}
      </p>
    )
  }
  const data = pot.data
  const mayStake = canSetStake(data, isOwner, isBettingOpen)
  if (data === null && !mayStake) return null
  return (
    <section
      aria-label={t('league_pots.title')}
      data-testid="league-pot"
      data-state={data?.state ?? 'none'}
      className="mt-4 rounded-xl border border-coin/60 bg-surface-2 p-3 sm:p-4"
    >
      <h4 className="flex items-center gap-2 font-bold text-fg">
        <Coins aria-hidden="true" className="size-5 shrink-0 text-coin" />
        {t('league_pots.title')}
      </h4>
      {data && <PotSummary pot={data} />}
      {mayStake && (
        <StakeForm leagueId={leagueId} tournamentId={tournamentId} current={data?.stake ?? null} />
      )}
      {data && <PotActions pot={data} />}
      {data && data.entries.length > 0 && <PotEntries pot={data} />}
    </section>
  )
}

function PotSummary({ pot }: { pot: LeaguePot }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-fg">
      <span data-testid="pot-stake">
        {t('league_pots.stake_line', {
          stake: number.format(pot.stake),
          count: pot.entries.length,
          entries: number.format(pot.entries.length),
          total: number.format(pot.total),
        })}
      </span>
      <Badge
        tone={pot.state === 'paid' ? 'success' : pot.state === 'refunded' ? 'refund' : 'brand'}
      >
        {t(`league_pots.states.${pot.state}`)}
      </Badge>
    </div>
  )
}

function StakeForm({
  leagueId,
  tournamentId,
  current,
}: {
  leagueId: string
  tournamentId: string
  current: number | null
}) {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const id = useId()
  const [text, setText] = useState(current === null ? '' : String(current))
  const [isInvalid, setIsInvalid] = useState(false)
  const setStake = useSetPotStake(leagueId, tournamentId)
  function submit(event: FormEvent) {
    event.preventDefault()
    const stake = parseStake(text)
    setIsInvalid(stake === null)
    if (stake !== null) setStake.mutate(stake)
  }
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
      <div className="w-36">
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-fg">
          {t('league_pots.stake_label')}
        </label>
        <input
          id={id}
          inputMode="numeric"
          data-testid="pot-stake-input"
          className={inputClasses}
          value={text}
          aria-invalid={isInvalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={setStake.isPending}>
        {current === null ? t('league_pots.set_stake') : t('league_pots.change_stake')}
      </Button>
      <p id={`${id}-hint`} className="w-full text-xs text-muted">
        {t('league_pots.stake_hint')}
      </p>
      <p role="status" className="w-full text-sm" data-testid="pot-stake-status">
        {isInvalid && <span className="text-danger">{t('league_pots.stake_invalid')}</span>}
        {setStake.isError && (
          <span className="text-danger">
            {errorMessage(setStake.error, t('league_pots.action_failed'))}
          </span>
        )}
        {setStake.isSuccess && !isInvalid && t('league_pots.stake_saved')}
      </p>
    </form>
  )
}

function PotActions({ pot }: { pot: LeaguePot }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const errorMessage = useErrorMessage()
  const session = useSession()
  const [isAsking, setIsAsking] = useState(false)
  const join = useJoinPot(pot.leagueId, pot.tournamentId)
  const balance = session.status === 'signed-in' ? session.me.balance : 0
  const after = balanceAfterJoining(balance, pot.stake)
  if (pot.state === 'refunded') {
    return (
      <p className="mt-2 text-sm text-muted" data-testid="pot-refunded">
        {t(`league_pots.refunded.${pot.refundReason ?? 'too_few_entries'}`)}
      </p>
    )
  }
  if (pot.state === 'paid') return <PotResult pot={pot} />
  if (pot.hasJoined) {
    return (
      <p className="mt-2 text-sm font-semibold text-fg" data-testid="pot-joined">
        {t('league_pots.joined')}
      </p>
    )
  }
  if (!pot.isBettingOpen) return null
  if (pot.needsBracket) {
    return (
      <p className="mt-2 text-sm text-muted" data-testid="pot-needs-bracket">
        {t('league_pots.needs_bracket')}{' '}
        <Link
          to={`/tournament/${encodeURIComponent(pot.tournamentId)}`}
          className="font-semibold text-brand underline"
        >
          {t('league_pots.make_bracket')}
        </Link>
      </p>
    )
  }
  if (!pot.canJoin) return null
  return (
    <>
      <Button
        variant="accent"
        size="sm"
        className="mt-3"
        data-testid="pot-join"
        onClick={() => {
          join.reset()
          setIsAsking(true)
        }}
      >
        {t('league_pots.join', { stake: number.format(pot.stake) })}
      </Button>
      <ConfirmDialog
        open={isAsking}
        testId="pot-join-dialog"
        title={t('league_pots.confirm_title')}
        body={
          <>
            <p>
              {t('league_pots.confirm_body', {
                stake: number.format(pot.stake),
                name: pot.tournamentName,
              })}
            </p>
            <p className="mt-2 font-semibold text-fg" data-testid="pot-balance-after">
              {after >= 0
                ? t('league_pots.balance_after', { balance: number.format(after) })
                : t('league_pots.balance_short', { balance: number.format(balance) })}
            </p>
          </>
        }
        confirmLabel={t('league_pots.confirm')}
        isPending={join.isPending}
        error={join.isError ? errorMessage(join.error, t('league_pots.action_failed')) : null}
        onConfirm={() => join.mutate(undefined, { onSuccess: () => setIsAsking(false) })}
        onClose={() => setIsAsking(false)}
      />
    </>
  )
}

function PotResult({ pot }: { pot: LeaguePot }) {
  const { t } = useTranslation()
  const winners = winnersOf(pot)
  return (
    <div className="mt-2 text-sm" data-testid="pot-result">
      <p className="flex items-center gap-2 font-semibold text-fg">
        <Trophy aria-hidden="true" className="size-4 shrink-0 text-coin" />
        {t('league_pots.won_by', { names: winners.map((winner) => winner.username).join(', ') })}
      </p>
      <p className="mt-1 text-muted" data-testid="pot-split-rule">
        {t('league_pots.split_rule')}
      </p>
    </div>
  )
}

function PotEntries({ pot }: { pot: LeaguePot }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const isClosed = pot.state !== 'open'
  return (
    <ul
      aria-label={t('league_pots.members')}
      className="mt-3 flex flex-col gap-1"
      data-testid="pot-entries"
    >
      {pot.entries.map((entry) => (
        <li
          key={entry.username}
          data-testid="pot-entry"
          data-username={entry.username}
          data-winner={String(entry.isWinner)}
          className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-fg"
        >
          <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
            {entry.username}
            {entry.isMe && <span className="font-normal text-muted"> ({t('seasons.you')})</span>}
          </span>
          {isClosed && (
            <span className="text-muted tabular-nums">
              {entry.correct !== null &&
                t('league_pots.correct', {
                  count: entry.correct,
                  correct: number.format(entry.correct),
                })}
              {entry.payout !== null &&
                ` · ${t('league_pots.payout', { coins: number.format(entry.payout) })}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
