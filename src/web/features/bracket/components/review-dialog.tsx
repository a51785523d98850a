import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PickInput } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { PlayerSummary } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { errorKey } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { useChangeBracket, useReloadAfterChange } from '../api/change-bracket'
import { usePlaceBet, useRefreshBalance, useReloadAfterBet } from '../api/place-bet'
import { betRefusalOf } from '../bet-refusal'
import type { PairsById } from '#web/lib/pair-names'
import { Modal } from '#web/components/ui/modal'
import { ReviewSummary, type BracketSummary } from './review-summary'

/** `refused`: the tournament cannot take this bet any more; the dialog only explains and closes. */
type Phase = 'review' | 'validating' | 'placing' | 'success' | 'refused'

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms))

interface ReviewDialogProps {
  onClose: () => void
  tournamentId: string
  contest: Contest
  entryFee: number
  balance: number
  isComplete: boolean
  picks: PickInput[]
  summary: BracketSummary
  pairs: PairsById
  players: ReadonlyMap<string, PlayerSummary>
  /** The bet is placed, or can never be: the picks kept in the browser are done with. */
  onSettled: () => void
  /** Changing a placed bet (docs/product.md "Changing a bracket and quick fill"): no fee, no balance, sent with PUT. */
  isChange?: boolean
  /** After a success has shown and the dialog closed. */
  onDone?: () => void
}

/**
 * The last step before paying (docs/product.md "Statuses, deadlines and the wizard" Submission): the bracket in brief, then fee, balance and
 * balance after in coins; then the progress messages with the spec's pauses (0.5 s, 1 s, 0.5 s)
 * and a reload of the page's data. A refusal refreshes what it concerns (decision 071).
 */
export function ReviewDialog({
  onClose,
  tournamentId,
  contest,
  entryFee,
  balance,
  isComplete,
  picks,
  summary,
  pairs,
  players,
  onSettled,
  isChange = false,
  onDone,
}: ReviewDialogProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const placeBet = usePlaceBet(tournamentId, contest)
  const changeBracket = useChangeBracket(tournamentId)
  const reloadAfterBet = useReloadAfterBet()
  const reloadAfterChange = useReloadAfterChange()
  const reload = isChange ? reloadAfterChange : reloadAfterBet
  const send = isChange ? changeBracket : placeBet
  const [phase, setPhase] = useState<Phase>('review')
  const [error, setError] = useState<string | null>(null)
  const isBusy = phase === 'validating' || phase === 'placing' || phase === 'success'
  // A change costs nothing, whatever the balance.
  const canAfford = isChange || balance >= entryFee
  const coins = (amount: number) => t('wizard.review.coins', { amount: number.format(amount) })
  const refreshBalance = useRefreshBalance()

  // Only the busy phases show a message: validating, then placing (or saving a change).
  const phaseKey =
    phase === 'validating'
      ? 'bracket.phase.validating'
      : isChange
        ? 'bracket.change.saving'
        : 'bracket.phase.placing'

  const close = () => {
    setError(null)
    if (phase === 'refused') {
      // Only now: the page's new state (a bet, a closed tournament) replaces the wizard.
      setPhase('review')
      void reload()
    }
    onClose()
  }

  const confirm = async () => {
    setError(null)
    if (!isComplete || summary.mvpPlayerId === null) {
      setError(t('bracket.completeAllPredictions'))
      return
    }
    if (summary.finalTotalGames === null) {
      setError(t('bracket.tiebreaker.first'))
      return
    }
    if (!canAfford) return
    setPhase('validating')
    await wait(500)
    setPhase('placing')
    try {
      await Promise.all([
        send.mutateAsync({
          picks,
          mvpPlayerId: summary.mvpPlayerId,
          finalTotalGames: summary.finalTotalGames,
        }),
        wait(1000),
      ])
    } catch (cause) {
      setError(
        `${t(isChange ? 'bracket.change.failed' : 'bracket.failedToPlaceBet')} ${t(errorKey(cause))}`,
      )
      const refusal = betRefusalOf(cause)
      if (refusal === 'final') onSettled()
      if (refusal === 'final' || refusal === 'funds') void refreshBalance()
      if (refusal === 'changed') void reload()
      setPhase(refusal === 'final' ? 'refused' : 'review')
      return
    }
    setPhase('success')
    await wait(500)
    onSettled()
    await reload()
    setPhase('review')
    onClose()
    onDone?.()
  }

  return (
    <Modal
      open
      onClose={close}
      isLocked={isBusy}
      title={t(isChange ? 'bracket.change.review_title' : 'bracket.review_title')}
      testId="review-dialog"
    >
      <ReviewSummary summary={summary} pairs={pairs} players={players} />
      {isChange ? (
        <p data-testid="review-no-fee" className="mt-4 text-sm font-semibold text-fg">
          {t('bracket.change.no_fee')}
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('bracket.entry_fee')}</dt>
          <dd data-testid="review-fee" className="text-right font-semibold tabular-nums">
            {coins(entryFee)}
          </dd>
          <dt className="text-muted">{t('bracket.balance')}</dt>
          <dd data-testid="review-balance" className="text-right font-semibold tabular-nums">
            {coins(balance)}
          </dd>
          <dt className="border-t border-line pt-2 font-semibold">{t('bracket.balance_after')}</dt>
          <dd
            data-testid="review-balance-after"
            className="border-t border-line pt-2 text-right text-lg font-extrabold text-coin tabular-nums"
          >
            {coins(balance - entryFee)}
          </dd>
        </dl>
      )}
      {!isChange && <p className="mt-3 text-xs text-muted">{t('common.virtualCoins')}</p>}

      {error && (
        <Alert tone="error" className="mt-4" testId="review-error">
          {error}
          {phase === 'refused' && <p className="mt-1">{t('wizard.review.refused')}</p>}
        </Alert>
      )}
      {!error && !canAfford && phase === 'review' && (
        <Alert tone="error" className="mt-4" testId="review-error">
          {t('errors.INSUFFICIENT_FUNDS')}
        </Alert>
      )}

      {isBusy ? (
        <div className="mt-5 flex items-center gap-3" data-testid="review-phase" data-phase={phase}>
          {phase === 'success' ? (
            <Alert tone="success" className="w-full">
              {t(isChange ? 'bracket.change.success' : 'bracket.phase.success')}
            </Alert>
          ) : (
            <>
              <Spinner label={t(phaseKey)} className="justify-start" />
              <span aria-hidden="true" className="text-sm font-semibold">
                {t(phaseKey)}
              </span>
            </>
          )}
        </div>
      ) : phase === 'refused' ? (
        <div className="mt-5 flex justify-end">
          <Button variant="primary" autoFocus onClick={close} data-testid="review-refused-close">
            {t('bracket.close')}
          </Button>
        </div>
      ) : (
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('bracket.back_to_edit')}
          </Button>
          {canAfford && (
            <Button variant="accent" data-testid="confirm-bet" onClick={() => void confirm()}>
              {isChange
                ? t('bracket.change.confirm')
                : t('bracket.confirm', { fee: coins(entryFee) })}
            </Button>
          )}
        </div>
      )}
    </Modal>
  )
}
