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
