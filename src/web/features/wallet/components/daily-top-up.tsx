import { Coins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'
import { useErrorMessage } from '#web/lib/error-message'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useClaimTopUp, useTopUpStatus } from '../api/top-up'

/**
 * The daily top-up (docs/decisions/076): the claim button when the server says the fan may
 * claim it, else why not (the next one's time, or nothing open to play). The server decides;
 * a fan who can afford an entry is never offered coins.
 */
export function DailyTopUp() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const errorMessage = useErrorMessage()
  const status = useTopUpStatus()
  const claim = useClaimTopUp()

  if (claim.isSuccess) {
    return (
      <p role="status" data-testid="top-up-claimed" className="text-sm font-semibold text-success">
        {t('money.topUp.claimed', {
          amount: number.format(claim.data.amount),
          balance: number.format(claim.data.balance),
        })}
      </p>
    )
  }
  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        {t('money.topUp.loading')}
      </p>
    )
  }
  if (status.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t('money.topUp.loadError')}
      </p>
    )
  }
  const { amount, eligible, reason, nextAt } = status.data
  if (!eligible) {
    const text =
      reason === 'too_soon' && nextAt !== null
        ? t('money.topUp.next', { when: dateTime.format(new Date(nextAt)) })
        : reason === 'can_afford'
          ? t('money.topUp.canAfford')
          : t('money.topUp.noOpenTournament')
    return (
      <p role="status" data-testid="top-up-unavailable" className="text-sm text-muted">
        {text}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-2" data-testid="top-up-offer">
      <p className="text-sm">{t('money.topUp.offer', { amount: number.format(amount) })}</p>
      {claim.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(claim.error, t('money.topUp.claimFailed'))}
        </p>
      )}
      <Button
        variant="accent"
        className="self-end"
        disabled={claim.isPending}
        onClick={() => claim.mutate()}
      >
        <Coins aria-hidden="true" className="size-4" />
        {claim.isPending
          ? t('money.topUp.claiming')
          : t('money.topUp.claim', { amount: number.format(amount) })}
      </Button>
    </div>
  )
}
