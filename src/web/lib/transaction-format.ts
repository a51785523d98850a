import type { TFunction } from 'i18next'
import type { Transaction } from '#shared/schemas/transaction'

// A real minus sign (U+2212), not a hyphen: it reads and aligns as one.
const MINUS = '\u2212'

/** The sign shown before an amount: '+' for credits, a real minus for debits, none for 0. */
export function formatSignedAmount(amount: number, format: Intl.NumberFormat): string {
  if (amount > 0) return `+${format.format(amount)}`
  if (amount < 0) return `${MINUS}${format.format(-amount)}`
  return format.format(0)
}

/**
 * Whether a ledger row's description says more than its (translated) type label. The server
 * writes descriptions in English; one that only repeats the type ("Welcome bonus" on a
 * welcome_bonus row) is left out, one with a tournament name ("Entry fee: Madrid Open") is shown.
 */
export function isDescriptionInformative(type: string, description: string): boolean {
  const text = description.trim().toLowerCase()
  return text !== '' && text !== type.replaceAll('_', ' ').toLowerCase()
}

/**
 * A ledger row's text in the reader's language, or null when its type label says it all. Bet rows
 * are written from their type, tournament and tier, the daily top-up and league pot rows from
 * their source (the stored description is English); an adjustment is "made by the team" to the
 * fan, whose history carries no admin's reason, and shows that reason, as typed, to an admin.
 */
export function describeTransaction(
  transaction: Pick<Transaction, 'type' | 'description' | 'tournamentName' | 'tier'> &
    Partial<Pick<Transaction, 'source' | 'leagueName'>>,
  t: TFunction,
): string | null {
  const { type, tournamentName: tournament, tier, source, leagueName: league } = transaction
  if (source === 'top_up') return t('ledger.top_up')
  if (source === 'adjustment' && transaction.description.trim() === '') {
    return t(type === 'withdrawal' ? 'ledger.adjustment_debit' : 'ledger.adjustment_credit')
  }
  if (
    source === 'league_pot' &&
    league &&
    tournament &&
    (type === 'league_stake' || type === 'league_pot_win' || type === 'league_stake_refund')
  ) {
    return t(`ledger.${type}`, { league, tournament })
  }
  if (tournament) {
    if (type === 'bet_won' && tier !== null) {
      return t('ledger.bet_won', { tournament, tier: t(`prize.tier_names.${tier}`) })
    }
    if (type === 'bet_won') return t('ledger.bet_won_untiered', { tournament })
    if (type === 'bet_placed' || type === 'bet_lost' || type === 'bet_refund') {
      return t(`ledger.${type}`, { tournament })
    }
  }
  if (type === 'welcome_bonus') return null
  return isDescriptionInformative(type, transaction.description) ? transaction.description : null
}
