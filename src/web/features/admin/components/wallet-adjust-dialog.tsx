import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminWallet, WalletAdjustmentResult } from '#shared/schemas/admin'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Modal } from '#web/components/ui/modal'
import { TextField } from '#web/components/ui/text-field'
import { ApiError } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { useAdminMessages } from '../admin-messages'
import { adjustAdminWallet } from '../api/operations'
import { checkAdjustment, type AdjustmentProblem } from '../wallet-adjustment'
import { SelectField } from './admin-ui'

type AdjustmentType = 'deposit' | 'withdrawal'

/**
 * Adjust a wallet: a deposit or a withdrawal with a reason. One idempotency key per opening of
 * the dialog, reused for every retry of that submission, so a double click or a retry after a
 * lost answer never applies twice (the server answers the original result).
 */
export function WalletAdjustDialog({
  wallet,
  onClose,
}: {
  wallet: AdminWallet
  onClose: () => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const titleId = useId()
  const errorId = useId()
  const queryClient = useQueryClient()
  const messages = useAdminMessages()
  const idempotencyKey = useRef(crypto.randomUUID())
  const inFlight = useRef(false)
  const [type, setType] = useState<AdjustmentType>('deposit')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [problems, setProblems] = useState<AdjustmentProblem[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const [result, setResult] = useState<WalletAdjustmentResult | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (inFlight.current || result) return
    const found = checkAdjustment(amount, reason)
    setProblems(found)
    setFailure(null)
    if (found.length > 0) return
    inFlight.current = true
    setIsSaving(true)
    try {
      const answer = await adjustAdminWallet(wallet.userId, {
        type,
        amount: Number(amount.trim()),
        reason: reason.trim(),
        idempotencyKey: idempotencyKey.current,
      })
      // inFlight stays set: this dialog's adjustment is done and can never be sent again.
      setResult(answer)
      setIsSaving(false)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (error) {
      inFlight.current = false
      setIsSaving(false)
      // A definite refusal (4xx) applied nothing, so the next try may use a new key; after a lost
      // answer or a server failure the outcome is unknown and the retry keeps the same key.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        idempotencyKey.current = crypto.randomUUID()
      }
      setFailure(
        error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS'
          ? t('admin.wallets.adjust.insufficientFunds')
          : t('admin.wallets.adjust.failed', { message: messages.requestFailure(error) }),
      )
    }
  }

  const problemText = problems.map((problem) =>
    problem === 'amount'
      ? t('admin.wallets.adjust.amountInvalid')
      : t('admin.wallets.adjust.reasonRequired'),
  )

  return (
    <Modal open onClose={onClose} labelledBy={titleId} testId="wallet-adjust-dialog">
      <h2 id={titleId} className="text-lg font-bold text-fg">
        {t('admin.wallets.adjust.title', { email: wallet.email })}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t('admin.wallets.adjust.current', {
          amount: number.format(result ? result.balance : wallet.balance),
        })}
      </p>
      {result ? (
        <div className="mt-4 flex flex-col gap-4">
          <Alert tone="success" testId="wallet-adjust-result">
            {t('admin.wallets.adjust.done', { amount: number.format(result.balance) })}
          </Alert>
          <div className="flex justify-end">
            <Button variant="primary" autoFocus onClick={onClose}>
              {t('admin.dialog.ok')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 flex flex-col gap-4"
        >
          {(problemText.length > 0 || failure) && (
            <Alert tone="error" id={errorId} testId="wallet-adjust-error">
              {failure ?? (
                <ul className="list-disc pl-5">
                  {problemText.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          <SelectField
            label={t('admin.wallets.adjust.type')}
            value={type}
            onChange={(event) => setType(event.target.value as AdjustmentType)}
          >
            <option value="deposit">{t('admin.wallets.adjust.deposit')}</option>
            <option value="withdrawal">{t('admin.wallets.adjust.withdrawal')}</option>
          </SelectField>
          <TextField
            label={t('admin.wallets.adjust.amount')}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={amount}
            isInvalid={problems.includes('amount')}
            errorId={errorId}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label={t('admin.wallets.adjust.reason')}
            autoComplete="off"
            value={reason}
            maxLength={500}
            isInvalid={problems.includes('reason')}
            errorId={errorId}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('admin.dialog.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={isSaving}>
              {isSaving ? t('admin.common.saving') : t('admin.wallets.adjust.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
