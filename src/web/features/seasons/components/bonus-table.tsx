import { useTranslation } from 'react-i18next'
import { SEASON_TIER_BONUS } from '#domain/season/season-points'
import { useNumberFormat } from '#web/lib/format'

/** How a tournament turns into season points: the rule in words and the bonus per tier. */
export function BonusTable() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const tiers = Object.entries(SEASON_TIER_BONUS) as [keyof typeof SEASON_TIER_BONUS, number][]
  return (
    <section
      aria-labelledby="season-rule-title"
      data-testid="season-bonus"
      className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="season-rule-title" className="text-lg font-bold text-fg">
        {t('seasons.rule_title')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('seasons.rule_body')}</p>
      <table className="mt-3 w-full max-w-sm text-sm">
        <caption className="sr-only">{t('seasons.bonus_caption')}</caption>
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th scope="col" className="py-1.5 font-semibold">
              {t('seasons.bonus_tier')}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              {t('seasons.bonus_points')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-fg">
          {tiers.map(([tier, bonus]) => (
            <tr key={tier}>
              <td className="py-1.5">{t(`prize.tier_names.${tier}`)}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums">
                +{number.format(bonus)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
