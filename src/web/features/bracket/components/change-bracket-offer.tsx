import { PencilLine } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button'

interface ChangeBracketOfferProps {
  isChanging: boolean
  onToggle: () => void
}

/** "Change my bracket" on a tournament whose brackets can change until the deadline (§20). */
export function ChangeBracketOffer({ isChanging, onToggle }: ChangeBracketOfferProps) {
  const { t } = useTranslation()
  return (
    <section
      aria-label={t('bracket.change.start')}
      data-testid="change-bracket-offer"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-fg">{t('bracket.change.offer')}</p>
      <Button
        variant={isChanging ? 'secondary' : 'primary'}
        data-testid={isChanging ? 'keep-bracket' : 'change-bracket'}
        aria-expanded={isChanging}
        onClick={onToggle}
        className="shrink-0"
      >
        {!isChanging && <PencilLine aria-hidden="true" className="size-4" />}
        {t(isChanging ? 'bracket.change.cancel' : 'bracket.change.start')}
      </Button>
    </section>
  )
}
