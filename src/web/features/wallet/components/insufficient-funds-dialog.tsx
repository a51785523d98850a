import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'
import { useNumberFormat } from '#web/lib/format'
import { Modal } from '#web/components/ui/modal'
import { DailyTopUp } from './daily-top-up'

/**
 * Shown instead of the wizard when the balance is below the entry fee (docs/product.md "Errors"). Once
 * the balance covers the fee (the daily top-up claimed here), it says so and leads to the wizard.
 */
export function InsufficientFundsDialog({
  open,
  onClose,
  onReady,
  entryFee,
  balance,
}: {
  open: boolean
  onClose: () => void
  /** The balance now covers the fee: close and start the bracket. */
  onReady: () => void
  entryFee: number
  balance: number
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  // "Get coins" offers the daily top-up (decision 076), asked of the server only then.
  const [isTopUpShown, setTopUpShown] = useState(false)
  if (balance >= entryFee) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={t('tournament_detail.topped_up_title', { balance: number.format(balance) })}
        testId="insufficient-funds-dialog"
      >
        <p className="text-sm text-muted">{t('tournament_detail.topped_up_body')}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('bracket.close')}
          </Button>
          <Button variant="accent" onClick={onReady}>
            {t('tournament_detail.make_my_bracket')}
          </Button>
        </div>
      </Modal>
    )
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('tournament_detail.insufficient_title')}
      testId="insufficient-funds-dialog"
    >
      <p className="text-sm text-muted">{t('tournament_detail.insufficient_body')}</p>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t('bracket.entry_fee')}</dt>
        <dd data-testid="insufficient-fee" className="text-right font-semibold tabular-nums">
          {number.format(entryFee)}
        </dd>
        <dt className="text-muted">{t('bracket.balance')}</dt>
        <dd data-testid="insufficient-balance" className="text-right font-semibold tabular-nums">
          {number.format(balance)}
        </dd>
      </dl>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('bracket.close')}
        </Button>
        {!isTopUpShown && (
          <Button variant="accent" onClick={() => setTopUpShown(true)}>
            {t('tournament_detail.earn_coins')}
          </Button>
        )}
      </div>
      {isTopUpShown && (
        <div className="mt-4 border-t border-line pt-4">
          <DailyTopUp />
        </div>
      )}
    </Modal>
  )
}
