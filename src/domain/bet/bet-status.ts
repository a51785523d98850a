// A bet's life (docs/product.md "Money"): active until its tournament settles (won or lost) or is
// cancelled (refunded).

export const BET_STATUSES = ['active', 'won', 'lost', 'refunded'] as const
export type BetStatus = (typeof BET_STATUSES)[number]
