import { Info, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNumberFormat } from '#web/lib/format'

/** How a prediction works, shown until dismissed while the user may still predict. */
export function RulesBox({ entryFee }: { entryFee: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const [isOpen, setOpen] = useState(true)
  if (!isOpen) return null
  return (
    <aside
      aria-labelledby="rules-title"
      data-testid="rules-box"
      className="relative rounded-2xl border border-line bg-surface-2 p-5 pr-12"
    >
      <h2 id="rules-title" className="flex items-center gap-2 font-bold text-fg">
        <Info aria-hidden="true" className="size-5 text-brand" />
        {t('tournament_detail.rules.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
        <li>{t('tournament_detail.rules.fee', { fee: number.format(entryFee) })}</li>
        <li>{t('tournament_detail.rules.rounds')}</li>
        <li>{t('tournament_detail.rules.mvp')}</li>
        <li>{t('tournament_detail.rules.prizes')}</li>
      </ul>
      <button
        type="button"
        onClick={() => setOpen(false)}
        className="absolute top-3 right-3 rounded-full p-1.5 text-muted hover:bg-surface"
      >
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('tournament_detail.rules.dismiss')}</span>
      </button>
    </aside>
  )
}
