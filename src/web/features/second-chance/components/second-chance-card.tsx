import { RotateCcw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SecondChance } from '#shared/schemas/second-chance'
import { Button } from '#web/components/ui/button'
import { useNumberFormat } from '#web/lib/format'

interface SecondChanceCardProps {
  secondChance: SecondChance
  /** The time left to enter (the tournament's countdown badge), composed by the route. */
  countdown: ReactNode
  /** "Enter the second chance", when the fan may enter now (signed in, not entered, open). */
  onEnter: (() => void) | null
  /** Shown instead of the button for a visitor. */
  signInHint?: boolean
}

/**
 * The open second chance on the tournament page (docs/product.md, second chance for fans): what it
 * predicts, its fee, pool and entrants, the time left and the way in.
 */
export function SecondChanceCard({
  secondChance,
  countdown,
  onEnter,
  signInHint = false,
}: SecondChanceCardProps) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const coins = (amount: number | null) =>
    t('second_chance_entry.coins', { amount: number.format(amount ?? 0) })
  return (
    <section
      aria-labelledby="second-chance-title"
      data-testid="second-chance-card"
      className="flex flex-col gap-4 rounded-2xl border-2 border-brand bg-surface p-4 sm:p-6"
    >
      <h2 id="second-chance-title" className="flex items-center gap-2 text-2xl font-bold">
        <RotateCcw aria-hidden="true" className="size-6 text-brand" />
        {t('second_chance_entry.title')}
      </h2>
      <p className="text-sm text-muted">{t('second_chance_entry.intro')}</p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t('second_chance_entry.fee')}</dt>
          <dd data-testid="second-chance-fee" className="font-semibold tabular-nums">
            {coins(secondChance.entryFee)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('second_chance_entry.pool')}</dt>
          <dd data-testid="second-chance-pool" className="font-semibold text-coin tabular-nums">
            {coins(secondChance.currentPrizePool)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('second_chance_entry.entrants')}</dt>
          <dd data-testid="second-chance-entrants" className="font-semibold tabular-nums">
            {number.format(secondChance.participantCount)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('second_chance_entry.deadline')}</dt>
          <dd>{countdown}</dd>
        </div>
      </dl>
      {onEnter && (
        <div>
          <Button variant="accent" onClick={onEnter} data-testid="enter-second-chance">
            {t('second_chance_entry.enter')}
          </Button>
        </div>
      )}
      {signInHint && <p className="text-sm">{t('second_chance_entry.sign_in')}</p>}
    </section>
  )
}
