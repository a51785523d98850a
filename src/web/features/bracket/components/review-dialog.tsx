import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PickInput } from '../../../../shared/schemas/bet'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { errorKey } from '../../../lib/api-client'
import { useNumberFormat } from '../../../lib/format'
import { usePlaceBet, useReloadAfterBet } from '../../tournaments/api/tournaments'
import { Modal } from './modal'

type Phase = 'review' | 'validating' | 'placing' | 'success'

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms))

interface ReviewDialogProps {
  open: boolean
  onClose: () => void
  tournamentId: string
  entryFee: number
  balance: number
  isComplete: boolean
  picks: PickInput[]
  mvpPlayerId: string | null
}

/**
 * The last step before paying (spec §4 Submission): fee, balance and balance after; then the
 * progress messages with the spec's pauses (0.5 s, 1 s, 0.5 s) and a reload of the page's data.
 */
export function ReviewDialog({
  open,
  onClose,
  tournamentId,
  entryFee,
  balance,
  isComplete,
  picks,
  mvpPlayerId,
}: ReviewDialogProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const placeBet = usePlaceBet(tournamentId)
  const reload = useReloadAfterBet()
  const [phase, setPhase] = useState<Phase>('review')
  const [error, setError] = useState<string | null>(null)
  const isBusy = phase !== 'review'

  const close = () => {
    setError(null)
    onClose()
  }

  const confirm = async () => {
    setError(null)
    if (!isComplete || mvpPlayerId === null) {
      setError(t('bracket.completeAllPredictions'))
      return
    }
    if (balance < entryFee) {
      setError(`${t('bracket.failedToPlaceBet')} ${t('errors.INSUFFICIENT_FUNDS')}`)
      return
    }
    setPhase('validating')
    await wait(500)
    setPhase('placing')
    try {
      await Promise.all([placeBet.mutateAsync({ picks, mvpPlayerId }), wait(1000)])
    } catch (cause) {
      setError(`${t('bracket.failedToPlaceBet')} ${t(errorKey(cause))}`)
      setPhase('review')
      return
    }
    setPhase('success')
    await wait(500)
    await reload()
    setPhase('review')
    onClose()
  }

  return (
    <Modal
      open={open}
      onClose={close}
      isLocked={isBusy}
      title={t('bracket.review_title')}
      testId="review-dialog"
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t('bracket.entry_fee')}</dt>
        <dd data-testid="review-fee" className="text-right font-semibold tabular-nums">
          {number.format(entryFee)}
        </dd>
        <dt className="text-muted">{t('bracket.balance')}</dt>
        <dd data-testid="review-balance" className="text-right font-semibold tabular-nums">
          {number.format(balance)}
        </dd>
        <dt className="border-t border-line pt-2 font-semibold">{t('bracket.balance_after')}</dt>
        <dd
          data-testid="review-balance-after"
          className="border-t border-line pt-2 text-right text-lg font-extrabold text-coin tabular-nums"
        >
          {number.format(balance - entryFee)}
        </dd>
      </dl>
      <p className="mt-3 text-xs text-muted">{t('common.virtualCoins')}</p>

      {error && (
        <Alert tone="error" className="mt-4" testId="review-error">
          {error}
        </Alert>
      )}

      {isBusy ? (
        <div className="mt-5 flex items-center gap-3" data-testid="review-phase" data-phase={phase}>
          {phase === 'success' ? (
            <Alert tone="success" className="w-full">
              {t('bracket.phase.success')}
            </Alert>
          ) : (
            <>
              <Spinner label={t(`bracket.phase.${phase}`)} className="justify-start" />
              <span aria-hidden="true" className="text-sm font-semibold">
                {t(`bracket.phase.${phase}`)}
              </span>
            </>
          )}
        </div>
      ) : (
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('bracket.back_to_edit')}
          </Button>
          <Button variant="accent" data-testid="confirm-bet" onClick={() => void confirm()}>
            {t('bracket.confirm', { fee: number.format(entryFee) })}
          </Button>
        </div>
      )}
    </Modal>
  )
}
