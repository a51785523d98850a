import { Coins } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useTopUpStatus } from '../api/top-up'
import { DailyTopUp } from './daily-top-up'

/**
 * The daily top-up offered where the balance shows (dashboard, profile) while the fan may claim
 * it; nothing at all otherwise. Once offered it stays for the visit, so the claim's answer ("+100,
 * you have 110") is not swept away by the status that follows it.
 */
export function TopUpOffer() {
  const { t } = useTranslation()
  const titleId = useId()
  const status = useTopUpStatus()
  const [wasOffered, setOffered] = useState(false)
  const eligible = status.data?.eligible === true
  // Remembered during render (React's way to keep what a prop or query once said).
  if (eligible && !wasOffered) setOffered(true)
  if (!eligible && !wasOffered) return null
  return (
    <section
      aria-labelledby={titleId}
      data-testid="top-up-card"
      className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-fg">
        <Coins aria-hidden="true" className="size-5 text-accent" />
        {t('money.topUp.cardTitle')}
      </h2>
      <DailyTopUp />
    </section>
  )
}
