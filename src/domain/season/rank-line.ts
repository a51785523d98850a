// A fan's rank over the season as the points of a small line chart: the web's My season page and
// the season share image draw the same line (docs/product.md "Seasons").

export interface RankStep {
  name: string
  /** The fan's rank once this tournament was counted; null before their first tournament. */
  rankAfter: number | null
}

export interface ChartPoint {
  x: number
  y: number
  rank: number
  name: string
}

/**
 * The fan's rank after each counted tournament as points of a chart `width`×`height`: first
 * place at the top, the worst rank reached at the bottom, tournaments before the fan's first one
 * left out. One point, or a line that never left first place, sits at mid-height.
 */
export function rankLine(
  steps: readonly RankStep[],
  width: number,
  height: number,
  padding = 8,
): ChartPoint[] {
  const ranked = steps.filter(
    (step): step is RankStep & { rankAfter: number } => step.rankAfter !== null,
  )
  if (ranked.length === 0) return []
  const worst = Math.max(...ranked.map((step) => step.rankAfter))
  const innerWidth = width - 2 * padding
  const innerHeight = height - 2 * padding
  if (ranked.length === 1) {
    return ranked.map((only) => ({
      x: width / 2,
      y: height / 2,
      rank: only.rankAfter,
      name: only.name,
    }))
  }
  return ranked.map((step, index) => ({
    x: padding + (innerWidth * index) / (ranked.length - 1),
    y: worst === 1 ? height / 2 : padding + (innerHeight * (step.rankAfter - 1)) / (worst - 1),
    rank: step.rankAfter,
    name: step.name,
  }))
}
