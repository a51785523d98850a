import { Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { MyInsight, TierChance } from '#shared/schemas/insight'
import { Alert } from '#web/components/ui/alert'
import { Spinner } from '#web/components/ui/spinner'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { useMyInsight } from '../api/insight'

/**
 * The fan's own bracket at a glance (docs/product.md "Insight for my bracket"): correct so far, the most it can still
 * reach and that tier's prize, and the chance of each tier under the stated model.
 */
export function InsightCard({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation()
  const insight = useMyInsight(tournamentId, true)
  return (
    <section
      aria-labelledby="insight-title"
      data-testid="insight-card"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="insight-title" className="flex items-center gap-2 text-2xl font-bold">
        <Sparkles aria-hidden="true" className="size-6 text-brand" />
        {t('insight.title')}
      </h2>
      {insight.isPending ? (
        <Spinner label={t('insight.loading')} className="justify-start" />
      ) : insight.error ? (
        <Alert tone="error">{t('insight.load_error')}</Alert>
      ) : (
        <InsightFigures insight={insight.data} />
      )}
    </section>
  )
}

function InsightFigures({ insight }: { insight: MyInsight }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const tierName = (tier: TierChance['tier']) =>
    tier === 'no_tier' ? t('insight.no_tier') : t(`prize.tier_names.${tier}`)
  const figures = [
    {
      key: 'correct',
      label: t('insight.correct'),
      value: t('insight.of_total', {
        count: insight.correct,
        value: number.format(insight.correct),
        total: number.format(insight.total),
      }),
    },
    {
      key: 'max_possible',
      label: t('insight.max_possible'),
      value: t('insight.of_total', {
        count: insight.maxPossible,
        value: number.format(insight.maxPossible),
        total: number.format(insight.total),
      }),
    },
    { key: 'best_tier', label: t('insight.best_tier'), value: tierName(insight.bestReachableTier) },
    {
      key: 'max_coins',
      label: t('insight.max_coins'),
      value: t('insight.up_to_coins', { amount: number.format(insight.maxCoins) }),
    },
  ]
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-surface-2 px-3 py-2">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd data-testid={`insight-${figure.key}`} className="text-lg font-bold text-fg">
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {t('insight.max_coins_note', { pool: number.format(insight.pool) })}
      </p>
      <TierChanceChart chances={insight.chances} tierName={tierName} />
      <p data-testid="insight-model" className="text-sm text-muted">
        {t('insight.model')}
      </p>
    </>
  )
}

const BAR_WIDTH = 100
/** Below 0.1 % a chance reads "< 0.1 %", never a misleading 0 %. */
const SMALLEST_SHOWN = 0.001

/**
 * One row per tier: its name, a bar and the chance as text. A list, so a screen reader reads
 * "Near perfect, 12 %" item by item; the bars are drawing only (aria-hidden).
 */
function TierChanceChart({
  chances,
  tierName,
}: {
  chances: readonly TierChance[]
  tierName: (tier: TierChance['tier']) => string
}) {
  const { t } = useTranslation()
  const percent = usePercentFormat(1)
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-fg">
        {t('insight.chances_title')}
      </figcaption>
      <ul data-testid="insight-chances" className="flex flex-col gap-1.5">
        {chances.map((chance) => (
          <li
            key={chance.tier}
            data-tier={chance.tier}
            className="grid grid-cols-[minmax(0,7rem)_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[10rem_1fr_4rem]"
          >
            <span className="truncate text-fg">{tierName(chance.tier)}</span>
            <svg
              aria-hidden="true"
              viewBox={`0 0 ${BAR_WIDTH} 8`}
              preserveAspectRatio="none"
              className="h-3 w-full"
            >
              <rect width={BAR_WIDTH} height="8" rx="2" className="fill-surface-2" />
              <rect
                width={Math.max(chance.probability * BAR_WIDTH, chance.probability > 0 ? 0.8 : 0)}
                height="8"
                rx="2"
                className={chance.tier === 'no_tier' ? 'fill-muted' : 'fill-brand'}
              />
            </svg>
            <span className="text-right font-semibold tabular-nums text-fg">
              {chance.probability > 0 && chance.probability < SMALLEST_SHOWN
                ? t('insight.below', { value: percent.format(SMALLEST_SHOWN) })
                : percent.format(chance.probability)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
