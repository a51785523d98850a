import { useTranslation } from 'react-i18next'
import {
  isTransactionType,
  transactionCategory,
  type TransactionCategory,
} from '#domain/wallet/transactions'
import { Badge, type BadgeTone } from './ui/status-badge'

const categoryTones: Record<TransactionCategory, BadgeTone> = {
  credit: 'success',
  debit: 'danger',
  refund: 'refund',
  neutral: 'neutral',
}

/** Credit, debit, refund or neither: a type the domain does not list reads as neutral. */
export function categoryOf(type: string): TransactionCategory {
  return isTransactionType(type) ? transactionCategory(type) : 'neutral'
}

/** A ledger row's type, tinted by what it did to the balance (the fan's history, the admin's). */
export function TransactionTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation()
  return (
    <Badge tone={categoryTones[categoryOf(type)]}>
      {isTransactionType(type) ? t(`profile.types.${type}`) : t('profile.types.other')}
    </Badge>
  )
}
