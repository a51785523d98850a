import { usePercentFormat } from '#web/lib/format'
import type { PickCount } from '#shared/schemas/brackets'

/**
 * Shares as small bars: each row names its pick, shows the percentage as text and draws the bar
 * beside it (the bar is decoration; the text carries the figure).
 */
export function ShareBars({
  counts,
  total,
  nameOf,
  limit,
  testId,
}: {
  counts: readonly PickCount[]
  total: number
  nameOf: (id: string) => string
  limit?: number
  testId?: string
}) {
  const percent = usePercentFormat(1)
  const shown = limit === undefined ? counts : counts.slice(0, limit)
  return (
    <ol className="flex flex-col gap-1.5" data-testid={testId}>
      {shown.map((entry) => {
        const share = total > 0 ? entry.count / total : 0
        return (
          <li key={entry.id} className="text-xs" data-testid="share-row">
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 truncate text-fg">{nameOf(entry.id)}</span>
              <span className="shrink-0 font-semibold text-fg tabular-nums">
                {percent.format(share)}
              </span>
            </div>
            <div aria-hidden="true" className="mt-0.5 h-1.5 rounded-full bg-surface-2">
              <div
                className="h-full rounded-full bg-brand"
                style={{ width: `${Math.max(share * 100, 1)}%` }}
              />
            </div>
          </li>
        )
      })}
    </ol>
  )
}
