import { useTranslation } from 'react-i18next'
import { TIER_KEYS } from '#domain/prize/tiers'
import { tierPrize } from '#domain/prize/payouts'
import { Alert } from '#web/components/ui/alert'
import { Spinner } from '#web/components/ui/spinner'
import { useDecimalFormat, useNumberFormat, usePercentFormat } from '#web/lib/format'
import { Modal } from '#web/components/ui/modal'
import { usePrizePool } from '../api/tournaments'

/** Tiers, pool, participants, fee, multiplier and base pool (docs/product.md "Screens and routes" Prize breakdown modal). */
export function PrizeBreakdownDialog({
  tournamentId,
  open,
  onClose,
}: {
  tournamentId: string
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const decimal = useDecimalFormat()
  const percent = usePercentFormat()
  const { data, error, isPending } = usePrizePool(tournamentId, open)
  const tiers = data
    ? TIER_KEYS.flatMap((key) => (data.tiers[key] ? [{ key, ...data.tiers[key] }] : []))
    : []

  return (
    <Modal open={open} onClose={onClose} title={t('prize.title')} testId="prize-dialog">
      {isPending ? (
        <Spinner label={t('prize.loading')} className="py-6" />
      ) : error ? (
        <Alert tone="error" title={t('common.error')}>
          {t('prize.load_error')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="rounded-xl bg-surface-2 px-4 py-3 text-center">
            <p className="text-sm font-semibold text-muted">{t('prize.current_pool')}</p>
            <p
              data-testid="prize-current-pool"
              className="text-3xl font-extrabold text-coin tabular-nums"
            >
              {number.format(data.current_prize_pool)}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            {(
              [
                ['participants', number.format(data.participant_count)],
                ['entry_fee', number.format(data.entry_fee)],
                ['multiplier', `×${decimal.format(data.multiplier)}`],
                ['base_pool', number.format(data.base_pool)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border border-line px-3 py-2">
                <dt className="text-xs text-muted">{t(`prize.${key}`)}</dt>
                <dd data-testid={`prize-${key}`} className="font-semibold tabular-nums">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {tiers.length === 0 ? (
            <p className="text-sm text-muted">{t('prize.not_available')}</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="mb-2 text-left font-semibold">{t('prize.tiers')}</caption>
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th scope="col" className="py-1">
                    {t('prize.tier')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('prize.accuracy')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('prize.share')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('prize.prize')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map((tier) => (
                  <tr key={tier.key} data-testid="prize-tier" className="border-t border-line">
                    <th scope="row" className="py-2 text-left font-medium">
                      {t(`prize.tier_names.${tier.key}`)}
                    </th>
                    <td className="py-2 text-right tabular-nums">
                      ≥ {percent.format(tier.min_accuracy / 100)}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {percent.format(tier.prize_percentage / 100)}
                    </td>
                    <td className="py-2 text-right font-semibold text-coin tabular-nums">
                      {number.format(tierPrize(data.current_prize_pool, tier.prize_percentage))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Modal>
  )
}
