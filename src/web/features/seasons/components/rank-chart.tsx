import { useTranslation } from 'react-i18next'
import type { MySeasonTournament } from '#shared/schemas/season'
import { useNumberFormat } from '#web/lib/format'
import { rankLine } from '#domain/season/rank-line'

const WIDTH = 320
const HEIGHT = 120

/**
 * The fan's rank after each counted tournament as a small line (first place at the top). The
 * picture is decorative for screen readers: the list beside it says the same in words.
 */
export function RankChart({ tournaments }: { tournaments: readonly MySeasonTournament[] }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const points = rankLine(tournaments, WIDTH, HEIGHT, 12)
  if (points.length === 0) return null
  return (
    <figure data-testid="season-rank-chart" className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-md text-brand"
        aria-hidden="true"
      >
        <polyline
          points={points.map((point) => `${point.x},${point.y}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {points.map((point) => (
          <g key={point.x}>
            <circle cx={point.x} cy={point.y} r="5" className="fill-current" />
            <text
              x={point.x}
              y={point.y > HEIGHT / 2 ? point.y - 10 : point.y + 20}
              textAnchor="middle"
              className="fill-fg text-[12px] font-semibold"
            >
              {number.format(point.rank)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="text-sm text-muted">{t('seasons.chart_caption')}</figcaption>
      <ol className="sr-only">
        {points.map((point) => (
          <li key={point.x}>
            {t('seasons.rank_after', { name: point.name, rank: number.format(point.rank) })}
          </li>
        ))}
      </ol>
    </figure>
  )
}
