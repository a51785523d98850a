export type AdjustmentProblem = 'amount' | 'reason'

/** The adjustment form's own checks: a whole amount above 0 and a non-blank reason. */
export function checkAdjustment(amountText: string, reason: string): AdjustmentProblem[] {
  const problems: AdjustmentProblem[] = []
  const text = amountText.trim()
  const amount = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(amount) || amount <= 0) problems.push('amount')
  if (reason.trim() === '') problems.push('reason')
  return problems
}
